import NodeCore
import WaylandClient

/// The editing text field and the compositor's input method (behaviour.md §16): the field's
/// state goes out through the window's text input whenever it changed; an input method's
/// `done` comes back as the `text.*` input events a script holds, which the session records
/// and dispatches like all input, so a live session replays to the identical log.
final class TextInputBridge {
    private let window: NodeCore.Window
    /// What the state last sent was computed from: it is computed again only when this changes.
    private var sentKey: Key?

    init(window: NodeCore.Window) {
        self.window = window
    }

    /// Sends the first responder's state to `surface` if anything it depends on changed.
    /// Runs every turn of the loop: with no field editing (the usual case) it only checks
    /// that none was sent, without making a key.
    func sync(to surface: ToplevelWindow, cause: TextInput.Cause) {
        guard let field = window.firstResponder else {
            if case .none = sentKey { return }
            sentKey = nil
            surface.setTextInput(nil, cause: cause)
            return
        }
        let key = Key(field: field, fit: surface.fit)
        guard key != sentKey else { return }
        sentKey = key
        surface.setTextInput(Self.state(for: field), cause: cause)
    }

    /// What `field` tells input methods: its content type, the text around its caret (none
    /// for a secure field) and its caret in the window's points.
    static func state(for field: TextFieldNode) -> TextInputState {
        let (hint, purpose) = contentType(of: field)
        let edit = field.editState
        let surrounding = field.isSecureTextEntry ? nil : SurroundingText(around: edit.text, anchor: edit.anchor, caret: edit.caret)
        return TextInputState(field: ObjectIdentifier(field), hint: hint, purpose: purpose, surrounding: surrounding,
                              caret: field.convert(field.caretRect, to: nil))
    }

    /// The protocol's hint and purpose for a field: its content type, and for a secure field
    /// a password (a PIN when only digits are accepted) whose text is hidden and not stored.
    static func contentType(of field: TextFieldNode) -> (ZwpTextInputV3.ContentHint, ZwpTextInputV3.ContentPurpose) {
        if field.isSecureTextEntry {
            let digits = field.contentType == .number || field.contentType == .pin
            return ([.hiddenText, .sensitiveData], digits ? .pin : .password)
        }
        switch field.contentType {
        case .text: return ([.completion, .spellcheck, .autoCapitalization], .normal)
        // `number` accepts digits alone (no sign, no separator): the digits purpose.
        case .number: return (.none, .digits)
        case .pin: return (.sensitiveData, .pin)
        case .email: return (.none, .email)
        case .url: return (.none, .url)
        case .phone: return (.none, .phone)
        case .password: return (.sensitiveData, .password)
        }
    }

    /// An input method's `done` as input events, in the protocol's order: `text.delete` (its
    /// byte lengths as the grapheme clusters they touch), `text.commit`, then `text.preedit`
    /// when the composition changed (an empty one clears it). None without an editing field.
    static func events(for done: TextInputDone, field: TextFieldNode?) -> [InputEvent] {
        guard let field, field.isEditing else { return [] }
        var events: [InputEvent] = []
        let text = Array(field.text), selection = field.selection
        let before = clusters(covering: Int(done.deleteBefore), in: text[..<selection.lowerBound].reversed())
        let after = clusters(covering: Int(done.deleteAfter), in: text[selection.upperBound...])
        if before > 0 || after > 0 { events.append(.textDelete(before: before, after: after)) }
        if !done.commit.isEmpty { events.append(.textCommit(done.commit)) }
        // A delete or commit clears the old composition; otherwise only a change is an event.
        let preedit = TextPreedit(text: done.preedit, cursor: preeditCursor(of: done))
        let shown = events.isEmpty ? field.preedit : nil
        if (preedit.text.isEmpty ? nil : preedit) != shown {
            events.append(.textPreedit(preedit.text, cursor: preedit.cursor))
        }
        return events
    }

    /// How many of `clusters` (in the order they are deleted) `bytes` reach into: a cluster
    /// the length ends inside is deleted whole, as the field edits whole clusters.
    static func clusters<Clusters: Sequence<Character>>(covering bytes: Int, in clusters: Clusters) -> Int {
        var count = 0, covered = 0
        for cluster in clusters where covered < bytes {
            covered += cluster.utf8.count
            count += 1
        }
        return count
    }

    /// The composition's cursor in grapheme clusters: the clusters that end at or before its
    /// begin byte; at the end when the input method hides it (-1).
    static func preeditCursor(of done: TextInputDone) -> Int {
        guard done.preeditCursorBegin >= 0 else { return done.preedit.count }
        var clusters = 0, bytes = 0
        for cluster in done.preedit {
            bytes += cluster.utf8.count
            if bytes > Int(done.preeditCursorBegin) { break }
            clusters += 1
        }
        return clusters
    }

    /// What the state depends on: the field, its text, caret, selection, preedit, type, where
    /// it is in the window and how far it scrolled, and how the window is shown.
    private struct Key: Equatable {
        var field: ObjectIdentifier
        var edit: TextEditState
        var preedit: TextPreedit?
        var secure: Bool
        var contentType: TextContentType
        var frame: Rect
        var scroll: Double
        var fontSize: Double
        var fit: ContentFit

        init(field: TextFieldNode, fit: ContentFit) {
            self.field = ObjectIdentifier(field)
            edit = field.editState
            preedit = field.preedit
            secure = field.isSecureTextEntry
            contentType = field.contentType
            frame = field.convert(field.bounds, to: nil)
            scroll = field.scrollOffset
            fontSize = field.fontSize
            self.fit = fit
        }
    }
}
