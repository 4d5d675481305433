/// Names protocol error codes using the `error` enums of the generated protocols.
enum ProtocolErrorNames {
    static func describe(interface: String, code: UInt32) -> String {
        WaylandTable_wayland.describeError(interface: interface, code: code)
            ?? WaylandTable_xdgShell.describeError(interface: interface, code: code)
            ?? WaylandTable_viewporter.describeError(interface: interface, code: code)
            ?? WaylandTable_fractionalScaleV1.describeError(interface: interface, code: code)
            ?? WaylandTable_xdgDecorationUnstableV1.describeError(interface: interface, code: code)
            ?? "error code \(code) (see the compositor's log or WAYLAND_DEBUG=1)"
    }
}
