/// Groups raw `wl_pointer` events into `PointerBatch`es; pure state, no I/O.
///
/// From `wl_pointer` version 5 the compositor ends each logical event with `frame`, and the
/// events are delivered together. Older seats send no frames, so each event is its own batch.
public struct PointerBatcher: Sendable {
    /// True when the bound `wl_pointer` is version 5 or newer (sends `frame`).
    public let sendsFrames: Bool
    private var pending: [PointerEvent] = []
    private var surfaceID: UInt32 = 0
    /// Last known pointer position on the focused surface.
    public private(set) var location = SurfacePoint(x: 0, y: 0)
    /// Whether the pointer is over one of our surfaces.
    public private(set) var isInside = false
    private var pendingDiscrete: Int32?

    public init(sendsFrames: Bool) {
        self.sendsFrames = sendsFrames
    }

    public mutating func enter(surfaceID: UInt32, location: SurfacePoint, time: UInt32 = 0) -> PointerBatch? {
        self.surfaceID = surfaceID
        self.location = location
        isInside = true
        return add(PointerEvent(action: .enter, location: location, time: time))
    }

    public mutating func leave(time: UInt32 = 0) -> PointerBatch? {
        guard isInside else { return nil }
        isInside = false
        return add(PointerEvent(action: .leave, location: location, time: time))
    }

    public mutating func motion(location: SurfacePoint, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        self.location = location
        return add(PointerEvent(action: .motion, location: location, time: time))
    }

    public mutating func button(code: UInt32, pressed: Bool, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        return add(PointerEvent(action: .button(code: code, pressed: pressed), location: location, time: time))
    }

    /// `axis_discrete` precedes the `axis` it describes within a frame.
    public mutating func axisDiscrete(steps: Int32) {
        pendingDiscrete = steps
    }

    public mutating func axis(vertical: Bool, value: Double, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        defer { pendingDiscrete = nil }
        return add(PointerEvent(action: .axis(vertical: vertical, value: value, discrete: pendingDiscrete),
                                location: location, time: time))
    }

    /// `wl_pointer.frame`: the events since the previous frame.
    public mutating func frame() -> PointerBatch? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        return PointerBatch(events: pending, surfaceID: surfaceID)
    }

    private mutating func add(_ event: PointerEvent) -> PointerBatch? {
        if sendsFrames {
            pending.append(event)
            return nil
        }
        return PointerBatch(events: [event], surfaceID: surfaceID)
    }
}
