/// A `zwp_text_input_v3` request, as a value: what `TextInput` sends is planned by
/// `TextInputRequest.plan` as a pure function of the states.
package enum TextInputRequest: Hashable, Sendable {
    case enable
    case disable
    case surroundingText(SurroundingText)
    /// The text changed through something other than the input method.
    case changeCauseOther
    case contentType(hint: ZwpTextInputV3.ContentHint, purpose: ZwpTextInputV3.ContentPurpose)
    case cursorRectangle(Rect)
    case commit

    /// The requests that take the compositor from `sent` to `state` (nil: no field edits),
    /// in surface coordinates: nothing when they are equal; a disable when editing ended; for a
    /// new field, a disable of the old one (committed) and an enable with the whole state; else
    /// what changed (nothing when no request would change anything). Changes end with a
    /// commit, which applies them. The edits of a `done` that does not answer the latest
    /// commit (`answersLatestCommit` false) are not sent: the compositor has a newer commit.
    package static func plan(from sent: TextInputState?, to state: TextInputState?, cause: TextInput.Cause,
                             answersLatestCommit: Bool = true) -> [Self] {
        guard state != sent else { return [] }
        if !answersLatestCommit, cause == .inputMethod, let state, state.field == sent?.field { return [] }
        guard let state else { return [.disable, .commit] }
        var requests: [Self] = []
        let enabling = sent?.field != state.field
        if enabling {
            if sent != nil { requests += [.disable, .commit] }
            requests.append(.enable)
        }
        if let surrounding = state.surrounding, enabling || surrounding != sent?.surrounding {
            requests.append(.surroundingText(surrounding))
            // The cause starts as input_method at every commit.
            if !enabling, cause == .other { requests.append(.changeCauseOther) }
        }
        if enabling || state.hint != sent?.hint || state.purpose != sent?.purpose {
            requests.append(.contentType(hint: state.hint, purpose: state.purpose))
        }
        let rectangle = rectangle(covering: state.caret)
        if enabling || rectangle != sent.map({ Self.rectangle(covering: $0.caret) }) {
            requests.append(.cursorRectangle(rectangle))
        }
        guard !requests.isEmpty else { return [] }
        requests.append(.commit)
        return requests
    }

    /// The whole-point rectangle covering `rect` (the protocol's integers).
    package static func rectangle(covering rect: Rect) -> Rect {
        Rect(minX: rect.minX.rounded(.down), minY: rect.minY.rounded(.down),
             maxX: rect.maxX.rounded(.up), maxY: rect.maxY.rounded(.up))
    }
}
