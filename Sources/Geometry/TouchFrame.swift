/// One touch's change within a `TouchFrame`, as a value.
public struct TouchChange: Hashable, Sendable {
    /// The touch's id: unique among the touches down, reused afterwards.
    public var id: Int
    public var phase: TouchPhase
    public var location: Point
    /// In milliseconds: the compositor's timestamp as the seat assembles it, the session's
    /// time as the dispatcher applies it (0 for the touches a cancel ends: it carries no time).
    public var time: Double
    /// Contact ellipse axes in points, when the compositor reports a shape.
    public var shape: (major: Double, minor: Double)? {
        get { shapeMajor.map { ($0, shapeMinor ?? $0) } }
        set { shapeMajor = newValue?.major; shapeMinor = newValue?.minor }
    }
    /// Contact orientation in degrees, when reported.
    public var orientation: Double?
    private var shapeMajor: Double?
    private var shapeMinor: Double?

    public init(id: Int, phase: TouchPhase, location: Point, time: Double) {
        self.id = id
        self.phase = phase
        self.location = location
        self.time = time
    }
}

/// Touch changes that belong together (one `wl_touch.frame`, or an input script's lines up to
/// its `touch.frame`), in arrival order: what `TouchFrameAssembler` makes and the dispatcher takes.
public struct TouchFrame: Hashable, Sendable {
    public var changes: [TouchChange]

    public init(changes: [TouchChange] = []) {
        self.changes = changes
    }

    /// Whether the frame is a cancel: its changes are every touch that was down, cancelled.
    public var isCancel: Bool { changes.first?.phase == .cancelled }
}
