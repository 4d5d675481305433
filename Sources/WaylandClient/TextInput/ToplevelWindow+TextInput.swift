/// Input methods and on-screen keyboards (behaviour.md §16): the editing field's state goes
/// to every seat's text input focused on this window; their edits come back through
/// the handler (`WindowHandler.window(_:textInput:)`).
extension ToplevelWindow {
    /// Sets the editing field's state (nil: no field edits), in the content's points, and
    /// sends it, in the surface's, where it changed. `cause` is `.inputMethod` when called from
    /// the handler's `window(_:textInput:)` with the state its edits led to.
    package func setTextInput(_ state: TextInputState?, cause: TextInput.Cause = .other) {
        textInputState = state
        let shown = surfaceTextInputState
        for input in connection.textInputs(focusedOn: surfaceID) { input.update(shown, cause: cause) }
    }

    /// An input method's edits, for the handler.
    func deliverTextInput(_ done: TextInputDone) {
        handler?.window(self, textInput: done)
    }

    /// A text input's focus came to this window: it gets the whole state.
    func textInputEntered(_ input: TextInput) {
        input.update(surfaceTextInputState, cause: .other)
    }

    /// The focus left: the preedit goes (the protocol asks the client to reset it), as an
    /// empty `done` would.
    func textInputLeft() {
        deliverTextInput(TextInputDone())
    }

    /// `textInputState` with the caret where the surface shows it.
    private var surfaceTextInputState: TextInputState? {
        guard var state = textInputState else { return nil }
        state.caret = fit.shownRect(state.caret)
        return state
    }
}
