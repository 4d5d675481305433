import BenchmarkSupport
import NodeCore
import Render
import TouchstoneApp
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

// Per-frame client CPU while a 1920×1080 window scrolls a tall labelled list: a scroll node
// filling the window over 1,000 buttons with labels. Each scroll frame runs what the live
// session runs per frame (ToplevelWindow.drawIfNeeded without the socket): the painter's
// damage, the swap chain's acquire of a pool buffer (ShmMemory: a window onto its own
// 256 MiB sparse memfd), FramePainter.paint (ScrollPainter moves the buffer in its pool and
// paints the strip that scrolled in) and the submit; the compositor is played by releasing
// each buffer when the one after it is committed (two buffers rotate; three in the last run).
// A full repaint of the same window into the same pool buffers is the reference; both runs
// see the text caches warm. Thread CPU time.
// Runs: 7 pt per frame at scale 1 (the figure), the same at scale 1.5 (10.5 pixels
// per frame), a fling decelerating from 4 pt/ms at 60 frames a second, 7 pt frames with
// three buffers in rotation (each buffer catches up on two frames), and with the overlay on.
// Run: swift build -c release --product ScrollBenchmarks && .build/release/ScrollBenchmarks [frames]

let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 600
let size = Size(width: 1920, height: 1080)
let rowHeight = 56.0
let list = ScrollNode(name: "list", frame: Rect(origin: .zero, size: size))
list.backgroundColor = .white
list.contentSize = Size(width: size.width, height: 1000 * rowHeight)
for i in 0 ..< 1000 {
    let button = ButtonNode(name: "b\(i)", frame: Rect(x: 40, y: Double(i) * rowHeight + 4, width: size.width - 80, height: 48))
    button.backgroundColor = i % 2 == 0 ? Color(red: 40, green: 90, blue: 200) : Color(red: 30, green: 150, blue: 80)
    button.label = "Button \(i)"
    list.addSubnode(button)
}
let root = Node(name: "root", frame: Rect(origin: .zero, size: size))
root.addSubnode(list)
let window = Window(root: root, size: size)

func milliseconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
func percent(_ ratio: Double) -> Int { Int((ratio * 100).rounded()) }

/// Scrolls through `offsets` (one per frame, from offset 0) at `scale120` with `rotating`
/// buffers and prints the figures.
@MainActor
func run(_ title: String, scale120: UInt32, offsets: [Double], rotating: Int = 2, overlay: Bool = false) {
    window.showsTappableAreas = overlay
    let painter = try! FramePainter(window: window, background: .white) { print($0) }
    painter.resize(to: Size(width: size.width.rounded(.towardZero), height: size.height.rounded(.towardZero)),
                   scale: scale120 == 120 ? .integer(1) : .fractional(scale120: scale120))
    let renderer = painter.renderer
    let bounds = renderer.bufferBounds
    let pixels = PixelSize(width: bounds.width, height: bounds.height)
    var chain = SwapChain<ShmMemory>()
    var busy: [Int] = []

    /// One frame of the live session's path; returns the buffer it painted.
    func sessionFrame() -> ShmMemory {
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

    /// Times `paint` for each offset, after painting offset 0 into every buffer.
    func measure(_ paint: () -> Void) -> [Double] {
        list.contentOffset = .zero
        window.root.invalidateSelf()
        for _ in 0 ..< rotating {
            _ = sessionFrame()
            while busy.count >= rotating { chain.release(id: busy.removeFirst(), currentSize: pixels) }
        }
        var times: [Double] = []
        for offset in offsets {
            list.contentOffset.y = offset
            let start = threadCPUNanoseconds()
            paint()
            times.append(Double(threadCPUNanoseconds() - start) / 1e6)
            // The compositor releases a buffer once the next `rotating - 1` are committed.
            while busy.count >= rotating { chain.release(id: busy.removeFirst(), currentSize: pixels) }
        }
        return times
    }

    // Every label shaped and rasterized before either run (text caches warm for both).
    let warm = try! renderer.makeCanvas()
    for offset in offsets {
        list.contentOffset.y = offset
        renderer.renderFull(into: warm)
    }
    var last: ShmMemory?
    let scroll = measure { last = sessionFrame() }
    // The full repaint paints the same pool buffers in turn, where they are in their pools.
    let canvases = chain.slots.map { try! Canvas(wrapping: $0.storage.view.withPixels { $0.baseAddress! },
                                                 width: bounds.width, height: bounds.height, stride: $0.storage.stride) }
    var next = 0
    let full = measure {
        _ = painter.takeDamage()
        renderer.renderFull(into: canvases[next % canvases.count])
        next += 1
    }
    let check = try! renderer.renderImage()
    let exact = last!.view.withPixels { bytes in
        (0 ..< check.height).allSatisfy { y in (0 ..< check.width).allSatisfy { x in
            check.pixel(x: x, y: y) == bytes.load(fromByteOffset: y * last!.stride + x * 4, as: UInt32.self) } }
    }

    let fullMedian = percentile(full, 0.5)
    print("\(title), \(offsets.count) frames, \(rotating) buffers in rotation (thread CPU per frame):")
    for (name, times) in [("full repaint", full), ("scroll frame (session path, shm scrolling)", scroll)] {
        let median = percentile(times, 0.5), p99 = percentile(times, 0.99)
        print("  \(name): median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms — "
              + "\(percent(median / fullMedian)) % of a full repaint's median, p99 \(percent(p99 / fullMedian)) %")
    }
    let scrollPainter = painter.scrollPainter
    let resident = chain.slots.map { $0.storage.residentBytes >> 20 }
    print("  frames that moved the buffer in its pool: \(scrollPainter.poolMoveCount) of \(offsets.count + rotating); "
          + "last frame equals a full repaint: \(exact); resident MiB per buffer: \(resident)")
}

let steady = (1 ... frames).map { Double($0) * 7 }
run("Scrolling 1920×1080, 1,000 labelled buttons, 7 pt per frame, scale 1", scale120: 120, offsets: steady)
run("The same at scale 1.5 (10.5 pixels per frame)", scale120: 180, offsets: steady)
// UIKit's deceleration (behaviour.md §9.3) from 4 pt/ms, sampled every 1000/60 ms.
let rate = ScrollNode.normalDecelerationRate
let fling = (1 ... frames).map { frame in 4 * (pow(rate, Double(frame) * 1000 / 60) - 1) / log(rate) }
run("A fling decelerating from 4 pt/ms at 60 frames a second, scale 1", scale120: 120, offsets: fling)
run("7 pt per frame at scale 1", scale120: 120, offsets: steady, rotating: 3)
run("7 pt per frame at scale 1 with the tappable-area overlay on", scale120: 120, offsets: steady, overlay: true)
