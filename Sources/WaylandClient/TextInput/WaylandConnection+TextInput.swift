import MemoryEdges

extension WaylandConnection {
    /// Routes a seat's text input to the window whose surface has its focus. The connection
    /// owns its seats and they own their text inputs; it removes the handlers in its deinit.
    func routeTextInput(of seat: Seat) {
        guard let textInput = seat.textInput else { return }
        let me = Unowned(self), input = Unowned(textInput)
        textInput.onEnter = { surface in me.object.window(forSurface: surface)?.textInputEntered(input.object) }
        textInput.onLeave = { surface in me.object.window(forSurface: surface)?.textInputLeft() }
        textInput.onDone = { done, surface in me.object.window(forSurface: surface)?.deliverTextInput(done) }
    }

    /// The text inputs whose focus is on the surface with id `surfaceID`.
    func textInputs(focusedOn surfaceID: UInt32) -> [TextInput] {
        seats.values.compactMap(\.textInput).filter { $0.focusSurfaceID == surfaceID }
    }
}
