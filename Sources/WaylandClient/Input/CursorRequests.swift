/// Which `wl_pointer.set_cursor` requests a seat still has to send: one after each enter
/// (the compositor requires it) and one per actual change of shape or scale, never the same
/// cursor twice for one enter (docs/wayland.md "Cursor").
package struct CursorRequests: Hashable, Sendable {
    private var shown: (serial: UInt32, name: String, scale: Int)?

    package init() {}

    /// True when `name` at `scale` is not what the pointer shows since the enter with
    /// `serial`; records it as shown.
    package mutating func needsRequest(name: String, scale: Int, serial: UInt32) -> Bool {
        if let shown, shown.serial == serial, shown.name == name, shown.scale == scale { return false }
        shown = (serial, name, scale)
        return true
    }

    /// The pointer left: the next enter sets the cursor again whatever it was.
    package mutating func reset() { shown = nil }

    package static func == (a: Self, b: Self) -> Bool {
        a.shown?.serial == b.shown?.serial && a.shown?.name == b.shown?.name && a.shown?.scale == b.shown?.scale
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(shown?.serial)
        hasher.combine(shown?.name)
        hasher.combine(shown?.scale)
    }
}
