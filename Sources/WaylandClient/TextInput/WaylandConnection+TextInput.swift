extension WaylandConnection {
    /// Routes a seat's text input to the window whose surface has its focus. The connection
    /// owns its seats and they own their text inputs, so the handlers never outlive it.
    func routeTextInput(of seat: Seat) {
        guard let textInput = seat.textInput else { return }
        textInput.onEnter = { [unowned(unsafe) self, unowned(unsafe) textInput] surface in
            window(forSurface: surface)?.textInputEntered(textInput)
        }
        textInput.onLeave = { [unowned(unsafe) self] surface in window(forSurface: surface)?.textInputLeft() }
        textInput.onDone = { [unowned(unsafe) self] done, surface in window(forSurface: surface)?.deliverTextInput(done) }
    }

    /// The text inputs whose focus is on the surface with id `surfaceID`.
    func textInputs(focusedOn surfaceID: UInt32) -> [TextInput] {
        seats.values.compactMap(\.textInput).filter { $0.focusSurfaceID == surfaceID }
    }
}
