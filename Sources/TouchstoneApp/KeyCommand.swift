/// What the session's keys do (behaviour.md §8): `d` overlay, `t` touch visualization, `q`/Escape quit.
public enum KeyCommand: Sendable {
    case toggleOverlay, toggleTouches, quit

    /// The command bound to an xkb keysym name, if any.
    public init?(keyName: String) {
        switch keyName {
        case "d", "D": self = .toggleOverlay
        case "t", "T": self = .toggleTouches
        case "q", "Q", "Escape": self = .quit
        default: return nil
        }
    }
}
