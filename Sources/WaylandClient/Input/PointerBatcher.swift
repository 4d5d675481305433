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
    public private(set) var location = Point(x: 0, y: 0)
    /// Whether the pointer is over one of our surfaces.
    public private(set) var isInside = false
    /// The current frame's `axis_source` and wheel 120ths per axis.
    private var frameSource: PointerEvent.AxisSource?
    private var verticalValue120: Int32?
    private var horizontalValue120: Int32?

    public init(sendsFrames: Bool) {
        self.sendsFrames = sendsFrames
    }

    public mutating func enter(surfaceID: UInt32, location: Point, time: UInt32 = 0) -> PointerBatch? {
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

    public mutating func motion(location: Point, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        self.location = location
        return add(PointerEvent(action: .motion, location: location, time: time))
    }

    public mutating func button(code: UInt32, pressed: Bool, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        return add(PointerEvent(action: .button(code: code, pressed: pressed), location: location, time: time))
    }

    /// `axis_source`: how this frame's scroll events were made. It may arrive before or
    /// after them (the protocol fixes no order), so it is applied when the frame ends.
    public mutating func axisSource(_ source: PointerEvent.AxisSource) {
        frameSource = source
    }

    /// `axis_discrete` (seats before version 8): whole wheel steps of this frame's `axis`
    /// event on `axis`, kept as 120ths like `axis_value120`.
    public mutating func axisDiscrete(_ axis: PointerEvent.Axis, steps: Int32) {
        axisValue120(axis, value120: steps.multipliedReportingOverflow(by: 120).partialValue)
    }

    /// `axis_value120` (version 8): wheel distance in 1/120 steps, summed per axis within
    /// a frame and attached to that frame's `axis` event on the same axis.
    public mutating func axisValue120(_ axis: PointerEvent.Axis, value120: Int32) {
        switch axis {
        case .vertical: verticalValue120 = (verticalValue120 ?? 0) &+ value120
        case .horizontal: horizontalValue120 = (horizontalValue120 ?? 0) &+ value120
        }
    }

    public mutating func axis(_ axis: PointerEvent.Axis, value: Double, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        return add(PointerEvent(action: .axis(axis, value: value, source: nil, value120: nil),
                                location: location, time: time))
    }

    /// `axis_stop`: the scroll sequence on `axis` ended.
    public mutating func axisStop(_ axis: PointerEvent.Axis, time: UInt32) -> PointerBatch? {
        guard isInside else { return nil }
        return add(PointerEvent(action: .axisStop(axis, source: nil), location: location, time: time))
    }

    /// `wl_pointer.frame`: the events since the previous frame.
    public mutating func frame() -> PointerBatch? {
        defer {
            frameSource = nil
            verticalValue120 = nil
            horizontalValue120 = nil
        }
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        for index in pending.indices {
            switch pending[index].action {
            case let .axis(axis, value, _, _):
                pending[index].action = .axis(axis, value: value, source: frameSource,
                                              value120: axis == .vertical ? verticalValue120 : horizontalValue120)
            case let .axisStop(axis, _):
                pending[index].action = .axisStop(axis, source: frameSource)
            default:
                break
            }
        }
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
