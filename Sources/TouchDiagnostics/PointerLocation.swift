public import NodeCore

/// The pointer-location HUD's state (the session's `p` key, `--pointer-location`), in the
/// manner of Android's developer option: the touches down now and the most seen at once;
/// for the newest touch its position, velocity and contact shape; and the path of every
/// touch since its down. Fed the raw seat events (and the contact shapes the seat
/// reports), so replaying a recording rebuilds the same HUD.
public struct PointerLocation: Sendable {
    /// Velocity is the displacement over the samples of the latest this many ms.
    public static let velocityWindow = 100.0
    /// At most this many points are kept per path (older ones are dropped first).
    public static let maximumPathPoints = 100_000

    /// A contact ellipse as the seat reports it; each part nil until reported.
    public struct Contact: Sendable, Equatable {
        /// Diameters in points.
        public var major: Double?
        public var minor: Double?
        /// Degrees clockwise from the surface's y axis.
        public var orientation: Double?
        public init(major: Double? = nil, minor: Double? = nil, orientation: Double? = nil) {
            self.major = major
            self.minor = minor
            self.orientation = orientation
        }
    }

    /// One touch as the HUD knows it; kept after its up (with its path) until its id goes
    /// down again or the paths are cleared.
    public struct TrackedTouch: Sendable, Equatable {
        public let id: TouchID
        /// Distinguishes this touch from earlier ones with the same id (counts downs).
        public private(set) var serial: Int
        public var location: Point
        public var isDown: Bool
        /// Every position since the down, oldest first.
        public var path: [Point]
        /// Velocity in points per second (x, y).
        public var velocity: (x: Double, y: Double) { PointerLocation.velocity(of: samples) }
        public var contact = Contact()
        /// Latest (time, position) samples, covering `velocityWindow`.
        var samples: [(time: Double, location: Point)]

        /// The same id down again: a new touch at `location`, keeping the arrays' storage.
        mutating func restart(serial: Int, at location: Point, time: Double) {
            self.serial = serial
            self.location = location
            isDown = true
            contact = Contact()
            path.removeAll(keepingCapacity: true)
            path.append(location)
            samples.removeAll(keepingCapacity: true)
            samples.append((time, location))
        }

        public static func == (a: TrackedTouch, b: TrackedTouch) -> Bool {
            a.id == b.id && a.serial == b.serial && a.location == b.location && a.isDown == b.isDown && a.path == b.path && a.contact == b.contact
        }
    }

    /// At most this many touches that went up keep their paths; the oldest to go up is
    /// forgotten first, so a replay with ever-new ids keeps bounded memory (behaviour.md §20).
    public static let maximumEndedTouches = 1_000

    /// Every touch the HUD shows, in the order they (last) went down; at most one per id.
    public var touches: [TrackedTouch] { table.values }
    /// The touches by id, each event's lookup O(1) whatever ids arrive.
    private var table = OrderedTable<TouchID, TrackedTouch>()
    /// Touches that went up, oldest first, as (id, serial); `endedStart` is the first not yet dropped.
    private var ended: [(id: TouchID, serial: Int)] = []
    private var endedStart = 0
    /// The most touches down at once so far.
    public private(set) var maxActive = 0
    /// The id of the touch that went down last (its figures fill the bar).
    public private(set) var newestID: TouchID?
    /// Incremented whenever the paths are cleared (so a painter knows to repaint them).
    public private(set) var clearCount = 0
    private var pointerLocation: Point?
    private var downCount = 0

    public init() {}

    /// The number of touches down now, kept as they go down and up (counting them on every
    /// down made a long replay with fresh ids quadratic).
    public private(set) var activeCount = 0

    /// The newest touch, if any.
    public var newest: TrackedTouch? { newestID.flatMap { table[$0] } }

    /// Applies one seat event at `time` (ms).
    public mutating func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case let .touchDown(id, location): down(.finger(id), at: location, time: time)
        case let .touchMotion(id, location): move(.finger(id), to: location, time: time)
        case let .touchUp(id): up(.finger(id))
        case .touchCancel:
            // Every finger down goes up (`up` skips those already up), in the order they went down.
            for id in table.keys where id != .pointer { up(id) }
        case let .pointerMotion(location):
            pointerLocation = location
            move(.pointer, to: location, time: time)
        case let .pointerButton(button, pressed):
            guard button == .left else { return }
            if pressed, let location = pointerLocation { down(.pointer, at: location, time: time) } else if !pressed { up(.pointer) }
        case .pointerLeave:
            pointerLocation = nil
            up(.pointer)
        case .touchFrame, .key, .keyRepeat, .textPreedit, .textCommit, .textDelete, .textPaste, .pointerAxis, .pointerAxisStop:
            break
        }
    }

    /// Records a contact shape the seat reported for finger `id` (nil parts stay as they were).
    public mutating func setContact(of id: Int, major: Double?, minor: Double?, orientation: Double?) {
        table.update(.finger(id)) { touch in
            guard touch.isDown else { return }
            if let major { touch.contact.major = major; touch.contact.minor = minor ?? major }
            if let orientation { touch.contact.orientation = orientation }
        }
    }

    /// Forgets the paths of touches no longer down and keeps only the current point of the
    /// others (the `c` key).
    public mutating func clearPaths() {
        table.removeAll { !$0.isDown }
        for id in table.keys { table.update(id) { $0.path = [$0.location] } }
        ended.removeAll()
        endedStart = 0
        clearCount += 1
    }

    private mutating func down(_ id: TouchID, at location: Point, time: Double) {
        if table.update(id, { $0.isDown }) == true { return }
        downCount += 1
        activeCount += 1
        if var touch = table.remove(id) {
            // Its old path goes, and the new one keeps the storage: a finger tapping again
            // and again allocates nothing here.
            touch.restart(serial: downCount, at: location, time: time)
            table.append(touch, for: id)
        } else {
            table.append(TrackedTouch(id: id, serial: downCount, location: location, isDown: true, path: [location],
                                      samples: [(time, location)]), for: id)
        }
        newestID = id
        maxActive = max(maxActive, activeCount)
    }

    private mutating func move(_ id: TouchID, to location: Point, time: Double) {
        table.update(id) { touch in
            guard touch.isDown else { return }
            touch.location = location
            if touch.path.count >= Self.maximumPathPoints { touch.path.removeFirst(touch.path.count / 2) }
            touch.path.append(location)
            touch.samples.append((time, location))
            let cutoff = time - Self.velocityWindow
            if let keep = touch.samples.firstIndex(where: { $0.time >= cutoff }), keep > 0 {
                touch.samples.removeFirst(keep)
            }
        }
    }

    private mutating func up(_ id: TouchID) {
        guard let serial = table.update(id, { touch -> Int? in
            guard touch.isDown else { return nil }
            touch.isDown = false
            return touch.serial
        }) ?? nil else { return }
        activeCount -= 1
        ended.append((id, serial))
        // Past the limit the oldest ended touch is forgotten, unless its id went down again since.
        while ended.count - endedStart > Self.maximumEndedTouches {
            let oldest = ended[endedStart]
            endedStart += 1
            if let touch = table[oldest.id], touch.serial == oldest.serial, !touch.isDown { table.remove(oldest.id) }
        }
        if endedStart > 4096, endedStart * 2 > ended.count {
            ended.removeFirst(endedStart)
            endedStart = 0
        }
    }

    /// The bar's text: touches down / most at once, then the newest touch's position,
    /// velocity and (when reported) contact shape, as Android's pointer location shows them.
    public var barText: String {
        var text = "P: \(activeCount) / \(maxActive)"
        guard let touch = newest else { return text }
        let v = touch.velocity
        text += "   X: \(Self.decimal(touch.location.x))  Y: \(Self.decimal(touch.location.y))"
        text += "   Xv: \(Self.decimal(v.x))  Yv: \(Self.decimal(v.y)) pt/s"
        if let major = touch.contact.major { text += "   Major: \(Self.decimal(major))" }
        if let minor = touch.contact.minor { text += "  Minor: \(Self.decimal(minor))" }
        if let orientation = touch.contact.orientation { text += "  Orient: \(Self.decimal(orientation))°" }
        return text
    }

    /// `v` with one decimal (no Foundation), "-" for values that are not finite.
    static func decimal(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "-" }
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// Displacement over the samples' time span, in points per second; zero for fewer than
    /// two samples or no elapsed time.
    static func velocity(of samples: [(time: Double, location: Point)]) -> (x: Double, y: Double) {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return (0, 0) }
        let dt = (last.time - first.time) / 1000
        return ((last.location.x - first.location.x) / dt, (last.location.y - first.location.y) / dt)
    }
}

