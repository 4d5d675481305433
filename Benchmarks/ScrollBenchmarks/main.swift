import BenchmarkSupport
import NodeCore
import Render
import TouchstoneApp
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

// Per-frame client CPU while a 1920×1080 window scrolls a tall labelled list: a scroll node
// filling the window over labelled buttons 56 pt apart. Each scroll frame runs what the live
// session runs per frame (ToplevelWindow.drawIfNeeded without the socket): the painter's
// damage, the swap chain's acquire of a pool buffer (ShmMemory: a window onto its own
// 256 MiB sparse memfd), FramePainter.paint (ScrollPainter moves the buffer in its pool and
// paints the strip that scrolled in) and the submit; what the session does after the commit,
// before the loop sleeps (ShmMemory.prepareNextShift: the next strip's pages made, dead pages
// punched out), is timed apart. The compositor is played by releasing each buffer when the
// one after it is committed (two buffers rotate; three in one run). A full repaint of the
// same window into the same pool buffers is the reference; both runs see the text caches
// warm. Thread CPU time, and the thread's minor page faults.
//
// Runs: 7 pt per frame at scale 1 over 1,000 buttons (the issue's figure), the same at scale
// 1.5 (10.5 pixels per frame), a fling decelerating from 4 pt/ms at 60 frames a second, 7 pt
// frames with three buffers in rotation (each buffer catches up on two frames), and with the
// overlay on. Then the sweep: 7 pt frames with 100, 1,000, 10,000 and 100,000 buttons in the
// scroll node, measured in turn for `--rounds` rounds, and the ratio of the largest to the
// smallest (target ≤ 1.2×). `--live` adds the same sweep in live sessions (below).
//
//   swift build -c release --product ScrollBenchmarks --product touchstone && .build/release/ScrollBenchmarks [frames]
//       [--children 100,1000,10000,100000] [--rounds 3] [--sweep-only] [--live [--live-frames 500]]

struct Options {
    var frames = 600
    var children = [100, 1000, 10_000, 100_000]
    var rounds = 3
    var sweepOnly = false
    var live = false
    var liveFrames = 500

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            switch argument {
            case "--children": children = (it.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--rounds": rounds = it.next().flatMap(Int.init) ?? rounds
            case "--sweep-only": sweepOnly = true
            case "--live": live = true
            case "--live-frames": liveFrames = it.next().flatMap(Int.init) ?? liveFrames
            default:
                guard let count = Int(argument), count > 0 else {
                    fatalError("unknown argument \(argument); use [frames] --children N,N,... --rounds N --sweep-only --live --live-frames N")
                }
                frames = count
            }
        }
        children = children.filter { $0 > 0 }
        if children.isEmpty { children = [100] }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let size = Size(width: 1920, height: 1080)
let rowHeight = 56.0

func milliseconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
func percent(_ ratio: Double) -> Int { Int((ratio * 100).rounded()) }
func grouped(_ n: Int) -> String {
    let digits = String(n)
    return digits.enumerated().map { i, c in i > 0 && (digits.count - i) % 3 == 0 ? ",\(c)" : "\(c)" }.joined()
}

/// A window filled by a scroll node over `buttons` labelled buttons, one per 56 pt row.
@MainActor
func makeWindow(buttons: Int) -> (window: Window, list: ScrollNode) {
    let list = ScrollNode(name: "list", frame: Rect(origin: .zero, size: size))
    list.backgroundColor = .white
    list.contentSize = Size(width: size.width, height: Double(buttons) * rowHeight)
    for i in 0 ..< buttons {
        let button = ButtonNode(name: "b\(i)", frame: Rect(x: 40, y: Double(i) * rowHeight + 4, width: size.width - 80, height: 48))
        button.backgroundColor = i % 2 == 0 ? Color(red: 40, green: 90, blue: 200) : Color(red: 30, green: 150, blue: 80)
        button.label = "Button \(i)"
        list.addSubnode(button)
    }
    let root = Node(name: "root", frame: Rect(origin: .zero, size: size))
    root.addSubnode(list)
    return (Window(root: root, size: size), list)
}

/// Per-frame figures of one run.
struct Frames {
    /// Thread CPU per frame, ms: input to commit, and the work after the commit.
    var path: [Double] = []
    var afterCommit: [Double] = []
    /// Minor page faults per frame, on the path and after the commit.
    var pathFaults: [Int] = []
    var afterFaults: [Int] = []
}

/// One window painted as the live session paints it, into pool buffers that scroll.
@MainActor
final class Session {
    let window: Window
    let list: ScrollNode
    let painter: FramePainter
    let rotating: Int
    let bounds: PixelRect
    let pixels: PixelSize
    var chain = SwapChain<ShmMemory>()
    var busy: [Int] = []

    init(buttons: Int, scale120: UInt32 = 120, rotating: Int = 2, overlay: Bool = false) {
        (window, list) = makeWindow(buttons: buttons)
        window.showsTappableAreas = overlay
        painter = try! FramePainter(window: window, background: .white) { print($0) }
        painter.resize(to: Size(width: size.width.rounded(.towardZero), height: size.height.rounded(.towardZero)),
                       scale: scale120 == 120 ? .integer(1) : .fractional(scale120: scale120))
        self.rotating = rotating
        bounds = painter.renderer.bufferBounds
        pixels = PixelSize(width: bounds.width, height: bounds.height)
    }

    /// One frame of the live session's path, up to the submit; returns the buffer it painted.
    func frame() -> ShmMemory {
        let damage = DamageRegion(painter.takeDamage()).clipped(to: bounds)
        let acquired = try! chain.acquire(size: pixels, damage: damage) { size in
            try ShmMemory(width: size.width, height: size.height, poolSize: ShmMemory.scrollingPoolSize)
        }!
        painter.paint(PaintContext(memory: acquired.storage, repaint: acquired.repaint, damage: damage, stale: acquired.stale,
                                   previous: acquired.previous?.view, scale: .integer(1),
                                   logicalSize: Size(width: size.width.rounded(.towardZero), height: size.height.rounded(.towardZero))))
        chain.submit(id: acquired.id, damage: damage)
        busy.append(acquired.id)
        return acquired.storage
    }

    /// The compositor releases a buffer once the next `rotating - 1` are committed.
    func releaseShown() {
        while busy.count >= rotating { chain.release(id: busy.removeFirst(), currentSize: pixels) }
    }

    /// What the session does after a commit, before the loop sleeps (`ShmBufferPool.prepareNextShift`: the
    /// painted buffer's memory; here every memory, which costs the same: the others did not move).
    func afterCommit() {
        for slot in chain.slots { slot.storage.prepareNextShift() }
    }

    /// Back to offset 0, painted into every buffer of the rotation.
    func reset() {
        list.contentOffset = .zero
        window.root.invalidateSelf()
        for _ in 0 ..< rotating {
            _ = frame()
            releaseShown()
            afterCommit()
        }
    }

    /// Shapes and rasterizes every label shown at `offsets` (text caches warm for every run).
    func warm(_ offsets: [Double]) {
        let canvas = try! painter.renderer.makeCanvas()
        for offset in offsets {
            list.contentOffset.y = offset
            painter.renderer.renderFull(into: canvas)
        }
    }

    /// Scrolls through `offsets` from offset 0, one session frame each. Returns the figures
    /// and whether the last frame equals a full repaint of the window at the last offset,
    /// checked before anything else paints into its buffer.
    func scroll(through offsets: [Double]) -> (frames: Frames, exact: Bool) {
        reset()
        var frames = Frames()
        var last: ShmMemory?
        for offset in offsets {
            list.contentOffset.y = offset
            let start = threadCPUNanoseconds(), faults = threadMinorFaults()
            last = frame()
            let committed = threadCPUNanoseconds(), committedFaults = threadMinorFaults()
            releaseShown()
            afterCommit()
            frames.path.append(Double(committed - start) / 1e6)
            frames.afterCommit.append(Double(threadCPUNanoseconds() - committed) / 1e6)
            frames.pathFaults.append(committedFaults - faults)
            frames.afterFaults.append(threadMinorFaults() - committedFaults)
        }
        return (frames, last.map(isFullRepaint) ?? true)
    }

    /// Full repaints of the window at each offset into the pool buffers in turn, where they are now.
    func fullRepaints(at offsets: [Double]) -> [Double] {
        reset()
        let canvases = chain.slots.map { slot in
            try! Canvas(wrapping: slot.storage.view.withPixels { $0.baseAddress! },
                        width: bounds.width, height: bounds.height, stride: slot.storage.stride)
        }
        var times: [Double] = []
        for (i, offset) in offsets.enumerated() {
            list.contentOffset.y = offset
            let start = threadCPUNanoseconds()
            _ = painter.takeDamage()
            painter.renderer.renderFull(into: canvases[i % canvases.count])
            times.append(Double(threadCPUNanoseconds() - start) / 1e6)
        }
        return times
    }

    /// Whether `memory`'s pixels now are those of a full repaint of the window as it is.
    func isFullRepaint(_ memory: ShmMemory) -> Bool {
        let check = try! painter.renderer.renderImage()
        return memory.view.withPixels { bytes in
            (0 ..< check.height).allSatisfy { y in (0 ..< check.width).allSatisfy { x in
                check.pixel(x: x, y: y) == bytes.load(fromByteOffset: y * memory.stride + x * 4, as: UInt32.self) } }
        }
    }
}

func describe(_ name: String, _ times: [Double], against full: Double) -> String {
    let median = percentile(times, 0.5), p99 = percentile(times, 0.99)
    return "  \(name): median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms — "
        + "\(percent(median / full)) % of a full repaint's median, p99 \(percent(p99 / full)) %"
}

func faultsPerFrame(_ faults: [Int]) -> String {
    let total = faults.reduce(0, +)
    return "\((Double(total) / Double(max(faults.count, 1)) * 100).rounded() / 100)"
}

/// Scrolls through `offsets` (one per frame, from offset 0) at `scale120` with `rotating`
/// buffers over 1,000 buttons and prints the figures.
@MainActor
func run(_ title: String, scale120: UInt32, offsets: [Double], rotating: Int = 2, overlay: Bool = false) {
    let session = Session(buttons: 1000, scale120: scale120, rotating: rotating, overlay: overlay)
    session.warm(offsets)
    let (scroll, exact) = session.scroll(through: offsets)
    let full = session.fullRepaints(at: offsets)
    let fullMedian = percentile(full, 0.5)
    print("\(title), \(offsets.count) frames, \(rotating) buffers in rotation (thread CPU per frame):")
    print(describe("full repaint", full, against: fullMedian))
    print(describe("scroll frame, input to commit (session path, shm scrolling)", scroll.path, against: fullMedian))
    print(describe("after the commit (next strip's pages, holes)", scroll.afterCommit, against: fullMedian))
    print("  page faults per frame: \(faultsPerFrame(scroll.pathFaults)) input to commit, "
          + "\(faultsPerFrame(scroll.afterFaults)) after the commit")
    let resident = session.chain.slots.map { $0.storage.residentBytes >> 20 }
    print("  frames that moved the buffer in its pool: \(session.painter.scrollPainter.poolMoveCount) of \(offsets.count + rotating); "
          + "last frame equals a full repaint: \(exact); resident MiB per buffer: \(resident)")
    if !exact { failedChecks.append(title) }
    reportFigure(table: "Scrolling at 1080p", figure: "\(title): scroll frame (input to commit), median", value: percentile(scroll.path, 0.5), unit: "ms",
                 baseline: "full repaint \(milliseconds(fullMedian)) ms", ratio: percentile(scroll.path, 0.5) / fullMedian, target: .atMost(0.2))
}

/// The sweep: 7 pt frames with each number of buttons in the scroll node, in turn, `rounds` times.
@MainActor
func sweep(frames: Int) {
    let offsets = (1 ... frames).map { Double($0) * 7 }
    let sessions = options.children.map { Session(buttons: $0) }
    for session in sessions { session.warm(offsets) }
    var figures = sessions.map { _ in Frames() }
    var exact = sessions.map { _ in true }
    for _ in 0 ..< options.rounds {
        for (i, session) in sessions.enumerated() {
            let (frames, same) = session.scroll(through: offsets)
            figures[i].path += frames.path
            figures[i].pathFaults += frames.pathFaults
            exact[i] = exact[i] && same
        }
    }
    let full = sessions[0].fullRepaints(at: offsets)
    print("Scroll frames by the number of buttons in the scroll node: 1920×1080, scale 1, 7 pt per frame, "
          + "\(frames) frames × \(options.rounds) rounds each, the sizes in turn (thread CPU, input to commit):")
    let base = percentile(figures[0].path, 0.5)
    for (i, count) in options.children.enumerated() {
        let median = percentile(figures[i].path, 0.5), p99 = percentile(figures[i].path, 0.99)
        print("  \(grouped(count)) buttons: median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms, "
              + "\(String(format: "%.2f", median / base))× the \(grouped(options.children[0]))-button median; "
              + "page faults per frame \(faultsPerFrame(figures[i].pathFaults)); every round's last frame equals a full repaint: \(exact[i])")
    }
    for (i, count) in options.children.enumerated() where !exact[i] { failedChecks.append("the sweep's \(grouped(count))-button session") }
    let ratio = percentile(figures[figures.count - 1].path, 0.5) / base
    reportFigure(table: "Scrolling at 1080p", figure: "sweep, \(grouped(options.children[options.children.count - 1])) buttons in the scroll node: scroll frame, median",
                 value: percentile(figures[figures.count - 1].path, 0.5), unit: "ms",
                 baseline: "\(grouped(options.children[0])) buttons \(milliseconds(base)) ms", ratio: ratio, target: .atMost(1.2))
    print(String(format: "  median ratio %@ / %@ buttons: %.2f× (target ≤ 1.2×: %@)",
                 grouped(options.children[options.children.count - 1]), grouped(options.children[0]), ratio,
                 ratio <= 1.2 ? "met" : "not met"))
    print("  full repaint of the \(grouped(options.children[0]))-button window: median \(milliseconds(percentile(full, 0.5))) ms; "
          + "the scroll frame is \(percent(base / percentile(full, 0.5))) % of it")
}

/// The runs whose last frame differed from a full repaint: the benchmark then fails.
var failedChecks: [String] = []

if !options.sweepOnly {
    let steady = (1 ... options.frames).map { Double($0) * 7 }
    run("Scrolling 1920×1080, 1,000 labelled buttons, 7 pt per frame, scale 1", scale120: 120, offsets: steady)
    run("The same at scale 1.5 (10.5 pixels per frame)", scale120: 180, offsets: steady)
    // UIKit's deceleration (behaviour.md §9.3) from 4 pt/ms, sampled every 1000/60 ms.
    let rate = ScrollNode.normalDecelerationRate
    let fling = (1 ... options.frames).map { frame in 4 * (pow(rate, Double(frame) * 1000 / 60) - 1) / log(rate) }
    run("A fling decelerating from 4 pt/ms at 60 frames a second, scale 1", scale120: 120, offsets: fling)
    run("7 pt per frame at scale 1", scale120: 120, offsets: steady, rotating: 3)
    run("7 pt per frame at scale 1 with the tappable-area overlay on", scale120: 120, offsets: steady, overlay: true)
    print()
}
sweep(frames: options.frames)
if options.live {
    print()
    liveSweep(children: options.children, frames: options.liveFrames)
}
if !failedChecks.isEmpty {
    print("self-check failed: the last frame differs from a full repaint in \(failedChecks.joined(separator: "; "))")
    exit(1)
}
