import NodeCore

/// Blinks the editing text field's caret, 500 ms shown and 500 ms hidden (behaviour.md §16),
/// with one app timer that exists only while a field edits: with no field editing nothing
/// wakes the loop. An edit or a caret move shows the caret and starts the phase again. Each
/// change damages the caret's rect alone (`TextFieldNode.isCaretShown`).
final class CaretBlinker {
    /// How long the caret is shown, then hidden.
    static let phase: Duration = .milliseconds(500)

    private unowned let window: Window
    private let timers: AppTimers
    /// The blink's timer: only while a field edits.
    private(set) var timer: TimerID?
    private weak var field: TextFieldNode?
    /// The field's text and caret when the phase last started.
    private var shownState: TextEditState?

    init(window: Window, timers: AppTimers) {
        self.window = window
        self.timers = timers
    }

    /// Follows the first responder; the loop calls it once per turn, before painting.
    func update() {
        let current = window.firstResponder
        if current !== field {
            field?.isCaretShown = true
            stop()
            field = current
        }
        guard let current else { return }
        if timer == nil || current.editState != shownState { restart(current) }
    }

    private func restart(_ field: TextFieldNode) {
        stop()
        field.isCaretShown = true
        shownState = field.editState
        timer = timers.schedule(after: Self.phase, repeating: Self.phase) { [unowned self] in blink() }
    }

    /// One phase ends: the caret is hidden if it was shown, shown if it was hidden.
    func blink() {
        field?.isCaretShown.toggle()
    }

    private func stop() {
        if let timer { timers.cancel(timer) }
        timer = nil
        shownState = nil
    }
}
