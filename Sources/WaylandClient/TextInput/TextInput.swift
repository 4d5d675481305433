/// One seat's `zwp_text_input_v3` (behaviour.md §16, docs/wayland.md "Input methods"):
/// follows the text-input focus, sends the editing field's state with the protocol's commit
/// and serial rules, and gathers the input method's double-buffered events until `done`.
package final class TextInput {
    /// Why the field's state changed: through the input method's own edits (a `done`), or
    /// anything else (keys, taps, code), which the input method is told of.
    package enum Cause: Sendable { case inputMethod, other }

    private let object: ZwpTextInputV3
    /// The surface the seat's text-input focus is on (object id), or nil.
    private(set) var focusSurfaceID: UInt32?
    /// Commits sent: a `done` that answers the latest one carries this serial.
    private var commits: UInt32 = 0
    /// The state the compositor has, in surface coordinates; nil while disabled.
    private var sent: TextInputState?
    /// The events since the last `done`.
    private var pending = TextInputDone()
    /// True while a `done` whose serial is not the latest commit's is being delivered.
    private var deliveringStaleDone = false
    /// The focus entered the surface with this id (its state must be sent again).
    var onEnter: ((UInt32) -> Void)?
    /// The focus left the surface with this id (its preedit goes).
    var onLeave: ((UInt32) -> Void)?
    /// An input method's edits for the surface with this id, at `done`.
    var onDone: ((TextInputDone, UInt32) -> Void)?

    init(object: ZwpTextInputV3) {
        self.object = object
        object.onEvent = { [unowned self] event in handle(event) }
    }

    private func handle(_ event: ZwpTextInputV3.Event) {
        switch event {
        case let .enter(surface):
            // All state is invalid after an enter: the next update sends it whole.
            focusSurfaceID = surface?.objectID
            sent = nil
            pending = TextInputDone()
            if let focusSurfaceID { onEnter?(focusSurfaceID) }
        case let .leave(surface):
            focusSurfaceID = nil
            sent = nil
            pending = TextInputDone()
            if let id = surface?.objectID { onLeave?(id) }
        case let .preeditString(text, begin, end):
            pending.preedit = text ?? ""
            pending.preeditCursorBegin = begin
            pending.preeditCursorEnd = end
        case let .commitString(text):
            pending.commit = text ?? ""
        case let .deleteSurroundingText(before, after):
            pending.deleteBefore = before
            pending.deleteAfter = after
        case let .done(serial):
            let done = pending
            pending = TextInputDone()
            guard let focusSurfaceID else { return }
            /* A done answering an older commit is applied as usual, but the state it leads
               to is not sent: the compositor already has a newer commit of ours. */
            deliveringStaleDone = serial != commits
            defer { deliveringStaleDone = false }
            onDone?(done, focusSurfaceID)
        }
    }

    /// Sends `state` (in surface coordinates; nil: no field edits) where it differs from what
    /// the compositor has (`TextInputRequest.plan`), and commits. What a stale `done` led to
    /// counts as sent: the next change sends the whole difference.
    func update(_ state: TextInputState?, cause: Cause) {
        guard focusSurfaceID != nil else { return }
        for request in TextInputRequest.plan(from: sent, to: state, cause: cause, answersLatestCommit: !deliveringStaleDone) {
            switch request {
            case .enable:
                object.enable()
                // Enable resets the events' pending state too.
                pending = TextInputDone()
            case .disable: object.disable()
            case let .surroundingText(surrounding):
                object.setSurroundingText(text: surrounding.text, cursor: Int32(surrounding.cursor),
                                          anchor: Int32(surrounding.anchor))
            case .changeCauseOther: object.setTextChangeCause(cause: .other)
            case let .contentType(hint, purpose): object.setContentType(hint: hint, purpose: purpose)
            case let .cursorRectangle(r):
                object.setCursorRectangle(x: Int32(clamping: Int(r.minX)), y: Int32(clamping: Int(r.minY)),
                                          width: Int32(clamping: Int(r.width)), height: Int32(clamping: Int(r.height)))
            case .commit:
                object.commit()
                commits &+= 1
            }
        }
        sent = state
    }
}
