public import NodeCore

/// The touch-screen test (`touchstone touch-test`): coverage of a cell grid, the most
/// simultaneous touches, each touch's report rate and suspected ghost touches, computed
/// from raw seat events alone. The live session and the offline replay both feed it the
/// same events, so a recording replays to the identical report.
///
/// Events follow the seat rules of behaviour.md §3.1 and §3.3 as far as they matter here: a down for an id
/// already down and motion or up for an unknown id are ignored; cancel ends every finger.
/// The pointer, while its left button is held, counts as the touch `pointer`.
public struct TouchTest: Sendable {
    /// A touch shorter than this (down to up, ms) is listed as a suspected ghost touch.
    public static let ghostThreshold = 30.0
    /// Live counters show the rate over at most this many latest motion events per touch.
    public static let liveRateSamples = 240

    /// One contact, from down to up or cancel.
    public struct TouchRecord: Sendable, Equatable {
        public var id: TouchID
        public var downTime: Double
        public var downLocation: Point
        /// Up or cancel time; nil while down.
        public var endTime: Double?
        public var cancelled = false
        /// True in a report for a touch still down when it was made (ended at the report time).
        public var stillDown = false
        /// Times of the touch's motion events, ms.
        public var motionTimes: [Double] = []
        public var location: Point

        public var duration: Double? { endTime.map { $0 - downTime } }
        public var rate: ReportRate { ReportRate(times: motionTimes) }
        /// The rate over the latest `TouchTest.liveRateSamples` motion events.
        public var recentRate: ReportRate { ReportRate(times: Array(motionTimes.suffix(TouchTest.liveRateSamples))) }
        /// Lifted (not cancelled, not still down) less than `ghostThreshold` ms after its down.
        public var isGhost: Bool { !cancelled && !stillDown && (duration ?? .infinity) < TouchTest.ghostThreshold }
    }

    public private(set) var grid: CoverageGrid
    /// Every touch so far, in the order they began.
    public private(set) var touches: [TouchRecord] = []
    /// Indices into `touches` of the touches down now, in the order they began.
    public var active: [Int] { activeTable.values }
    /// The same by id: each event's lookup is O(1) however many touches are down (§20.2).
    private var activeTable = OrderedTable<TouchID, Int>()
    public private(set) var maxSimultaneous = 0
    private var pointerLocation: Point?

    public init(size: Size, cellSize: Double) {
        grid = CoverageGrid(size: size, cellSize: cellSize)
    }

    /// Touches down now, in the order they began.
    public var activeTouches: [TouchRecord] { active.map { touches[$0] } }

    /// Applies one seat event at `time` (ms); `newlyFilled` gets each cell it fills.
    public mutating func handle(_ event: InputEvent, at time: Double, newlyFilled: (Int, Int) -> Void = { _, _ in }) {
        switch event {
        case let .touchDown(id, location):
            down(.finger(id), at: location, time: time, newlyFilled: newlyFilled)
        case let .touchMotion(id, location):
            move(.finger(id), to: location, time: time, newlyFilled: newlyFilled)
        case let .touchUp(id):
            end(.finger(id), time: time, cancelled: false)
        case .touchCancel:
            for index in active where touches[index].id != .pointer { end(touches[index].id, time: time, cancelled: true) }
        case let .pointerMotion(location):
            pointerLocation = location
            move(.pointer, to: location, time: time, newlyFilled: newlyFilled)
        case let .pointerButton(button, pressed):
            guard button == .left else { return }
            if pressed, let location = pointerLocation {
                down(.pointer, at: location, time: time, newlyFilled: newlyFilled)
            } else if !pressed {
                end(.pointer, time: time, cancelled: false)
            }
        case .pointerLeave:
            pointerLocation = nil
            end(.pointer, time: time, cancelled: true)
        case .touchFrame, .key, .keyRepeat, .textPreedit, .textCommit, .textDelete, .textPaste, .pointerAxis, .pointerAxisStop:
            break
        }
    }

    private mutating func down(_ id: TouchID, at location: Point, time: Double, newlyFilled: (Int, Int) -> Void) {
        guard !activeTable.contains(id) else { return }
        activeTable.append(touches.count, for: id)
        touches.append(TouchRecord(id: id, downTime: time, downLocation: location, location: location))
        maxSimultaneous = max(maxSimultaneous, activeTable.count)
        grid.fill(at: location, newlyFilled: newlyFilled)
    }

    private mutating func move(_ id: TouchID, to location: Point, time: Double, newlyFilled: (Int, Int) -> Void) {
        guard let index = activeTable[id] else { return }
        grid.fill(from: touches[index].location, to: location, newlyFilled: newlyFilled)
        touches[index].location = location
        touches[index].motionTimes.append(time)
    }

    private mutating func end(_ id: TouchID, time: Double, cancelled: Bool) {
        guard let index = activeTable.remove(id) else { return }
        touches[index].endTime = time
        touches[index].cancelled = cancelled
    }

    /// The live counters: touches down, the most at once, coverage, and each active touch's
    /// recent report rate (median Hz and 95th-percentile interval).
    public var counterText: String {
        var text = "Touches: \(activeTable.count)  Max: \(maxSimultaneous)  Coverage: \(PointerLocation.decimal(grid.coveragePercent))%"
        for touch in activeTouches {
            let rate = touch.recentRate
            guard rate.motionCount >= 2 else { continue }
            text += "   #\(touch.id): \(PointerLocation.decimal(rate.medianHz)) Hz p95 \(PointerLocation.decimal(rate.p95IntervalMs)) ms"
        }
        return text
    }

    /// The report of everything so far (touches still down count as ending at `time`).
    public func report(at time: Double) -> TouchTestReport {
        var records = touches
        for index in active {
            records[index].endTime = time
            records[index].stillDown = true
        }
        return TouchTestReport(grid: grid, maxSimultaneous: maxSimultaneous, touches: records)
    }
}
