/// Identifies a touch point: a finger id from the touch device, or the pointer.
public enum TouchID: Hashable, Sendable, CustomStringConvertible {
    case finger(Int)
    case pointer

    public var description: String {
        switch self {
        case .finger(let id): return String(id)
        case .pointer: return "pointer"
        }
    }
}

/// What produced a touch.
public enum TouchKind: Sendable {
    case touch, pointer
}

/// One finger (or the pressed pointer) from down to up or cancel. The same
/// object is updated for the whole life of the contact, like `UITouch`.
public final class Touch {
    public let id: TouchID
    public let kind: TouchKind
    public internal(set) var phase: TouchPhase
    /// Location in window coordinates.
    public internal(set) var location: Point
    /// Location before the latest move, in window coordinates.
    public internal(set) var previousLocation: Point
    /// Where the touch went down, in window coordinates.
    public let downLocation: Point
    /// Input time in milliseconds of the latest change.
    public internal(set) var timestamp: Double
    /// 1 for a single tap, 2 for a double tap, and so on (see `TapCounter`).
    public internal(set) var tapCount: Int
    /// The node hit at touch-down; the touch stays bound to it for its whole life.
    public internal(set) var node: Node?
    /// The control that began tracking this touch, if any (at most one ever does: only
    /// the first control up the chain gets the touch's begin). Held strongly: a weak
    /// reference gave every tracked control a refcount side table, slowing each of its
    /// retains and releases ever after; a control that left its tree tracks nothing, so
    /// keeping it alive until the touch ends changes nothing it does.
    var trackingControl: ControlNode?
    /// What the scroll nodes above the bound node know about this touch; nil when none
    /// watches it (see `PanTracker.swift`).
    var pan: TouchPan?

    init(id: TouchID, kind: TouchKind, location: Point, timestamp: Double, tapCount: Int, node: Node?) {
        self.id = id
        self.kind = kind
        self.phase = .began
        self.location = location
        self.previousLocation = location
        self.downLocation = location
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.node = node
    }

    /// The location in `node`'s coordinates (window coordinates when nil).
    public func location(in node: Node?) -> Point {
        node?.convert(location, from: nil) ?? location
    }

    /// The previous location in `node`'s coordinates (window coordinates when nil).
    public func previousLocation(in node: Node?) -> Point {
        node?.convert(previousLocation, from: nil) ?? previousLocation
    }
}
