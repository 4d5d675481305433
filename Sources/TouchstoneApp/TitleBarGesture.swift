import NodeCore

/// What a press on the title bar away from its buttons does (docs/wayland.md
/// "Decorations"): dragging it farther than `dragThreshold` hands the window to the
/// compositor to move; a press that follows a tap on the title bar soon and near enough
/// (a double-click or double-tap, with `TapCounter`'s limits) maximizes or restores the
/// window. Pure: times are the compositor's, in milliseconds.
struct TitleBarGesture {
    enum Outcome: Equatable {
        case none
        /// Start `xdg_toplevel.move` with the press's serial.
        case move
        case toggleMaximized
    }

    /// How far, in points, a press moves before it moves the window: a tap that wobbles a
    /// little is still a tap.
    static let dragThreshold = 6.0

    private var press: Point?
    private var lastTap: (location: Point, time: Double)?

    /// True while a press (that may still become a move) is under way.
    var isPressed: Bool { press != nil }

    mutating func down(at location: Point, time: Double) -> Outcome {
        if let tap = lastTap, time >= tap.time, time - tap.time <= TapCounter.defaultMaximumInterval,
           tap.location.distance(to: location) <= TapCounter.defaultMaximumDistance {
            lastTap = nil
            press = nil
            return .toggleMaximized
        }
        press = location
        return .none
    }

    mutating func moved(to location: Point) -> Outcome {
        guard let start = press, start.distance(to: location) > Self.dragThreshold else { return .none }
        press = nil
        lastTap = nil
        return .move
    }

    /// The press ended without moving the window: a tap, which a second one may follow.
    mutating func up(time: Double) {
        guard let start = press else { return }
        press = nil
        lastTap = (start, time)
    }

    mutating func cancel() {
        press = nil
        lastTap = nil
    }
}
