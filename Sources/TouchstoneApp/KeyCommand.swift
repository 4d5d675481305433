/// What the session's keys do (behaviour.md §8): `d` overlay, `t` touch visualization, `q`/Escape quit;
/// for device testers `p` the pointer-location HUD and `c` clearing its paths.
public enum KeyCommand: Sendable {
    case toggleOverlay, toggleTouches, quit, togglePointerLocation, clearPaths

    /// The command bound to an xkb keysym name, if any.
    public init?(keyName: String) {
        switch keyName {
        case "d", "D": self = .toggleOverlay
        case "t", "T": self = .toggleTouches
        case "q", "Q", "Escape": self = .quit
        case "p", "P": self = .togglePointerLocation
        case "c", "C": self = .clearPaths
        default: return nil
        }
    }
}
