/// Something a scroll node reports to its observers, and the event log records (behaviour.md §9.8).
public struct ScrollEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A drag began (the touch passed the slop and this node took it).
        case began
        /// The offset changed because of an input event (one per event).
        case scrolled
        /// The drag's last touch lifted; `decelerates` when a deceleration or bounce follows.
        case ended(decelerates: Bool)
        /// A deceleration or bounce finished, or a touch stopped it.
        case stopped

        /// The event-log name: `scrollBegan`, `scrolled`, `scrollEnded`, `scrollStopped`.
        public var name: String {
            switch self {
            case .began: return "scrollBegan"
            case .scrolled: return "scrolled"
            case .ended: return "scrollEnded"
            case .stopped: return "scrollStopped"
            }
        }
    }

    public var kind: Kind
    /// The input time in milliseconds (an animation's exact end instant for `stopped`).
    public var time: Double
    /// The touch that drags, for `began`, `scrolled` by a drag and `ended`; nil otherwise.
    public var touch: TouchID?
    /// The content offset after the event.
    public var offset: Point

    public init(kind: Kind, time: Double, touch: TouchID?, offset: Point) {
        self.kind = kind
        self.time = time
        self.touch = touch
        self.offset = offset
    }
}
