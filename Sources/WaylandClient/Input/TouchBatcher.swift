/// Groups raw `wl_touch` events into `TouchBatch`es; pure state, no I/O.
///
/// Rules (behaviour.md §3.3): events wait for `wl_touch.frame` and are then delivered in arrival order.
/// Weston ≤ 10 sends no frame after the last up, so an up that leaves no touch active
/// delivers at once. Cancel (or losing the touch capability) drops the pending events and
/// cancels every active touch in the order the touches began. Unknown ids are ignored.
public struct TouchBatcher: Sendable {
    private struct Active: Sendable {
        var id: Int32
        var location: Point
        var shapeMajor: Double?
        var shapeMinor: Double?
        var orientation: Double?
    }

    /// Active touches in the order they began.
    private var active: [Active] = []
    private var pending: [TouchEvent] = []
    private var surfaceID: UInt32 = 0

    public init() {}

    /// Ids of touches currently down, in the order they began.
    public var activeIDs: [Int32] { active.map(\.id) }

    public mutating func down(id: Int32, surfaceID: UInt32, location: Point, time: UInt32) {
        guard !active.contains(where: { $0.id == id }) else { return }
        if active.isEmpty { self.surfaceID = surfaceID }
        active.append(Active(id: id, location: location))
        pending.append(TouchEvent(id: id, phase: .began, location: location, time: time))
    }

    public mutating func motion(id: Int32, location: Point, time: UInt32) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].location = location
        pending.append(event(for: active[index], phase: .moved, time: time))
    }

    /// Returns a batch when this up leaves no touch active (no frame will follow on weston ≤ 10).
    public mutating func up(id: Int32, time: UInt32) -> TouchBatch? {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return nil }
        pending.append(event(for: active[index], phase: .ended, time: time))
        active.remove(at: index)
        return active.isEmpty ? takePending() : nil
    }

    public mutating func shape(id: Int32, major: Double, minor: Double) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].shapeMajor = major
        active[index].shapeMinor = minor
        if let last = pending.lastIndex(where: { $0.id == id }) { pending[last].shape = (major, minor) }
    }

    public mutating func orientation(id: Int32, degrees: Double) {
        guard let index = active.firstIndex(where: { $0.id == id }) else { return }
        active[index].orientation = degrees
        if let last = pending.lastIndex(where: { $0.id == id }) { pending[last].orientation = degrees }
    }

    /// `wl_touch.frame`: everything since the previous frame, or nil when nothing is pending.
    public mutating func frame() -> TouchBatch? { takePending() }

    /// `wl_touch.cancel` or loss of the touch capability: drops pending events and cancels every
    /// active touch in begin order. Nil when nothing was active.
    public mutating func cancel() -> TouchBatch? {
        pending.removeAll()
        guard !active.isEmpty else { return nil }
        let cancelled = active.map { event(for: $0, phase: .cancelled, time: 0) }
        active.removeAll()
        return TouchBatch(events: cancelled, surfaceID: surfaceID)
    }

    private func event(for touch: Active, phase: TouchPhase, time: UInt32) -> TouchEvent {
        var event = TouchEvent(id: touch.id, phase: phase, location: touch.location, time: time)
        if let major = touch.shapeMajor { event.shape = (major, touch.shapeMinor ?? major) }
        event.orientation = touch.orientation
        return event
    }

    private mutating func takePending() -> TouchBatch? {
        guard !pending.isEmpty else { return nil }
        var events: [TouchEvent] = []
        swap(&events, &pending)
        return TouchBatch(events: events, surfaceID: surfaceID)
    }

    /// Takes back a delivered batch's storage for the next batch, so a steady stream of
    /// frames allocates nothing (a copy is made only if the receiver kept the batch).
    public mutating func recycle(_ batch: inout TouchBatch) {
        guard pending.isEmpty else { return }
        swap(&pending, &batch.events)
        pending.removeAll(keepingCapacity: true)
    }
}
