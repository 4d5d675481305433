import CAllocationCounter
import NodeCore
import TouchstoneApp

/// Heap allocations the calling thread makes while `body` runs: every allocator of the
/// process is counted (malloc, calloc, realloc, the aligned ones), C libraries' included.
/// `programOnly` leaves out what the Swift runtime library allocates on its own account: the
/// coroutine frames generic code allocates when it runs unspecialized, as in debug builds
/// (every object, array, closure and buffer the program makes still counts).
public func allocations(programOnly: Bool = false, during body: () throws -> Void) rethrows -> UInt64 {
    allocation_counter_begin(programOnly ? 1 : 0)
    do {
        try body()
    } catch {
        _ = allocation_counter_end()
        throw error
    }
    return allocation_counter_end()
}

/// A finger moving in a live session's window, each motion followed by the turn of the loop
/// that paints its frame and writes its log (`OffscreenAppSession`): what the allocation
/// benchmark counts and its test pins at zero allocations per motion event.
public enum MotionScenario: String, CaseIterable, Sendable {
    /// Over a tracked labelled button, staying inside it: dispatch only, nothing repainted.
    case trackedButton = "a finger held on a button"
    /// Dragging a slider: a value change, a log line and a repaint of the slider per motion.
    case sliderDrag = "a slider dragged"
    /// Dragging a scroll node of labelled buttons up and down: the content moves each frame.
    case scrollDrag = "a list of labelled buttons dragged"

    /// The motions between the down and the up: a back-and-forth path that repeats every
    /// `period` motions, so a run longer than a period finds every cache warm.
    static let period = 40

    /// Runs `warmUp` motions, then counts the allocations of `measured` more (each with its
    /// frame; `programOnly` as `allocations(programOnly:during:)`); the finger lifts after both.
    public func run(warmUp: Int, measured: Int, programOnly: Bool = false) throws -> MotionCount {
        let session = try OffscreenAppSession(root: root(), eventLog: "/dev/null")
        try session.frame()
        session.touchDown(1, at: location(0))
        try session.frame()
        for i in 0 ..< warmUp {
            session.touchMotion(1, to: location(i + 1))
            try session.frame()
        }
        let framesBefore = session.frames
        let counted = try allocations(programOnly: programOnly) {
            for i in warmUp ..< warmUp + measured {
                session.touchMotion(1, to: location(i + 1))
                try session.frame()
            }
        }
        let frames = session.frames - framesBefore
        session.touchUp(1)
        try session.frame()
        return MotionCount(motions: measured, frames: frames, allocations: counted)
    }

    /// Where motion `i` puts the finger (0: the down), in window points.
    func location(_ i: Int) -> Point {
        // A triangle wave over `period` motions: 0, 1, …, period/2, …, 1, 0, 1, …
        let phase = i % Self.period, half = Self.period / 2
        let step = Double(phase <= half ? phase : Self.period - phase)
        switch self {
        case .trackedButton: return Point(x: 130 + step, y: 100 + step / 4)
        case .sliderDrag: return Point(x: 40 + step * 8, y: 220)
        case .scrollDrag: return Point(x: 200, y: 360 - step * 6)
        }
    }

    /// A 400 × 400 window: a labelled button, a slider, and a scroll node of labelled buttons.
    private func root() -> Node {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.backgroundColor = .white
        let button = ButtonNode(name: "play", frame: Rect(x: 100, y: 80, width: 120, height: 48))
        (button.backgroundColor, button.highlightedColor, button.label) =
            (Color(red: 0, green: 0, blue: 255), Color(red: 255, green: 0, blue: 0), "Play")
        root.addSubnode(button)
        let slider = SliderNode(name: "volume", frame: Rect(x: 20, y: 200, width: 360, height: 40))
        slider.backgroundColor = Color(red: 200, green: 200, blue: 200)
        root.addSubnode(slider)
        let list = ScrollNode(name: "list", frame: Rect(x: 0, y: 260, width: 400, height: 140))
        list.backgroundColor = .white
        list.contentSize = Size(width: 400, height: 40 * 50)
        for i in 0 ..< 40 {
            let row = ButtonNode(name: "row\(i)", frame: Rect(x: 10, y: Double(i * 50 + 4), width: 380, height: 42))
            (row.backgroundColor, row.label) = (i % 2 == 0 ? Color(red: 40, green: 90, blue: 200) : Color(red: 30, green: 150, blue: 80),
                                                "Row \(i)")
            list.addSubnode(row)
        }
        root.addSubnode(list)
        return root
    }
}

/// What `MotionScenario.run` counted.
public struct MotionCount: Sendable {
    public let motions: Int
    /// Frames painted while counting (a motion that changes nothing on screen paints none).
    public let frames: Int
    public let allocations: UInt64

    public var allocationsPerMotion: Double { Double(allocations) / Double(max(motions, 1)) }
}
