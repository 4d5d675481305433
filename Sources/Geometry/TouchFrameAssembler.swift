/// Groups touch events into `TouchFrame`s, the one place the frame rules of behaviour.md §3.3
/// live: the seat's `wl_touch` events and an input script's lines both pass through it.
///
/// Events wait for the frame and are then delivered in arrival order. Weston ≤ 10 sends no
/// frame after the last up, so an up that leaves no touch down delivers at once. Cancel drops
/// the waiting events and cancels every touch that is down, in the order they began. Events
/// for ids that are not down (and a second down for one that is) are ignored. Pure state.
public struct TouchFrameAssembler: Sendable {
    /// A touch that is down: what its next change (or its cancel) reports.
    private struct Active: Sendable {
        var id: Int
        var location: Point
        var shapeMajor: Double?
        var shapeMinor: Double?
        var orientation: Double?
    }

    /// Touches down (counting downs still waiting for their frame), in the order they began.
    private var active: [Active] = []
    private var pending: [TouchChange] = []

    public init() {}

    /// Ids of the touches down, waiting ones included, in the order they began.
    public var activeIDs: [Int] { active.map(\.id) }

    /// Whether no touch is down (the next down begins a new sequence).
    public var isIdle: Bool { active.isEmpty }

    public mutating func down(id: Int, location: Point, time: Double) {
        guard !active.contains(where: { $0.id == id }) else { return }
        active.append(Active(id: id, location: location))
        pending.append(TouchChange(id: id, phase: .began, location: location, time: time))
    }

    public mutating func motion(id: Int, location: Point, time: Double) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].location = location
        pending.append(change(for: active[index], phase: .moved, time: time))
    }

    /// Returns the frame when this up leaves no touch down (no frame follows on weston ≤ 10).
    public mutating func up(id: Int, time: Double) -> TouchFrame? {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return nil }
        pending.append(change(for: active[index], phase: .ended, time: time))
        active.remove(at: index)
        return active.isEmpty ? takePending() : nil
    }

    /// The contact's shape: on the touch's latest waiting change and every later one.
    public mutating func shape(id: Int, major: Double, minor: Double) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].shapeMajor = major
        active[index].shapeMinor = minor
        if let last = pending.lastIndex(where: { $0.id == id }) { pending[last].shape = (major, minor) }
    }

    /// The contact's orientation: on the touch's latest waiting change and every later one.
    public mutating func orientation(id: Int, degrees: Double) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].orientation = degrees
        if let last = pending.lastIndex(where: { $0.id == id }) { pending[last].orientation = degrees }
    }

    /// The frame event: everything since the previous frame, or nil when nothing waits.
    public mutating func frame() -> TouchFrame? { takePending() }

    /// A cancel (or the touch device going away): drops the waiting events and returns a
    /// cancel frame of every touch down, in begin order, at its last location. Nil when none is.
    public mutating func cancel() -> TouchFrame? {
        pending.removeAll(keepingCapacity: true)
        guard !active.isEmpty else { return nil }
        let cancelled = active.map { change(for: $0, phase: .cancelled, time: 0) }
        active.removeAll(keepingCapacity: true)
        return TouchFrame(changes: cancelled)
    }

    /// Takes back a delivered frame's storage for the next frame, so a steady stream of
    /// frames allocates nothing (a copy is made only if the receiver kept the frame).
    public mutating func recycle(_ frame: inout TouchFrame) {
        guard pending.isEmpty else { return }
        swap(&pending, &frame.changes)
        pending.removeAll(keepingCapacity: true)
    }

    private func change(for touch: Active, phase: TouchPhase, time: Double) -> TouchChange {
        var change = TouchChange(id: touch.id, phase: phase, location: touch.location, time: time)
        if let major = touch.shapeMajor { change.shape = (major, touch.shapeMinor ?? major) }
        change.orientation = touch.orientation
        return change
    }

    private mutating func takePending() -> TouchFrame? {
        guard !pending.isEmpty else { return nil }
        var frame = TouchFrame()
        swap(&frame.changes, &pending)
        return frame
    }
}
