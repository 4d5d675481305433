import BenchmarkSupport
import NodeCore
import Render
#if canImport(Glibc)
import Glibc
#endif

// Per-frame client CPU while a 1920×1080 window scrolls a tall labelled list: a scroll node
// filling the window over 1,000 buttons with labels, painted into two buffers in turn as the
// Wayland pool does (each frame's buffer lacks the previous frame). Compares a full repaint,
// the damage-limited repaint (the list's whole area, since it fills the window) and
// ScrollPainter's moved pixels, thread CPU time per frame, in three runs: 7 pt per frame at
// scale 1 (the figure), the same at scale 1.5 (10.5 pixels per frame), and a fling
// decelerating from 4 pt/ms at 60 frames a second (fractional offsets, scale 1).
// Run: swift run -c release ScrollBenchmarks [frames]

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

/// Scrolls through `offsets` (one per frame, from offset 0) at `scale` and prints the figures.
@MainActor
func run(_ title: String, scale: RenderScale, offsets: [Double]) {
    let renderer = try! Renderer(window: window, background: .white, scale: scale)
    let buffers = [try! renderer.makeCanvas(), try! renderer.makeCanvas()]

    /// `paint` draws frame `f` into buffer `f % 2`.
    func measure(_ paint: (_ frame: Int, _ invalidations: [Invalidation]) -> Void) -> [Double] {
        list.contentOffset = .zero
        _ = window.takeInvalidations()
        for buffer in buffers { renderer.renderFull(into: buffer) }
        var times: [Double] = []
        for (frame, offset) in offsets.enumerated() {
            list.contentOffset.y = offset
            let start = threadCPUNanoseconds()
            paint(frame, window.takeInvalidations())
            times.append(Double(threadCPUNanoseconds() - start) / 1e6)
        }
        return times
    }

    func scrollPainter(allowsMoves: Bool) -> (times: [Double], moves: Int) {
        let painter = ScrollPainter()
        var lastDamage: [PixelRect] = []
        let times = measure { frame, invalidations in
            painter.note(invalidations)
            let damage = renderer.damage(for: invalidations)
            painter.paint(damage: damage, stale: lastDamage, previous: buffers[(frame + 1) % 2],
                          into: buffers[frame % 2], with: renderer, allowsMoves: allowsMoves)
            lastDamage = damage
        }
        return (times, painter.moveCount)
    }

    let full = measure { frame, _ in renderer.renderFull(into: buffers[frame % 2]) }
    let damageLimited = scrollPainter(allowsMoves: false).times
    let (moved, moves) = scrollPainter(allowsMoves: true)
    let check = try! renderer.renderImage()
    let last = buffers[(offsets.count - 1) % 2]
    let exact = (0 ..< check.height).allSatisfy { y in (0 ..< check.width).allSatisfy { x in
        check.pixel(x: x, y: y) == last.pixel(x: x, y: y) } }

    let fullMedian = percentile(full, 0.5)
    print("\(title), \(offsets.count) frames, two buffers (thread CPU per frame):")
    for (name, times) in [("full repaint", full), ("damage-limited repaint", damageLimited),
                          ("moved pixels (ScrollPainter)", moved)] {
        let median = percentile(times, 0.5), p99 = percentile(times, 0.99)
        print("  \(name): median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms — "
              + "\(percent(median / fullMedian)) % of a full repaint's median, p99 \(percent(p99 / fullMedian)) %")
    }
    print("  frames that moved pixels: \(moves) of \(offsets.count); last frame equals a full repaint: \(exact)")
    // The floor of a move: copying the window's pixels from the other buffer.
    var copies: [Double] = []
    for frame in 0 ..< offsets.count {
        let start = threadCPUNanoseconds()
        buffers[frame % 2].copyPixels(into: buffers[0].bounds, from: buffers[(frame + 1) % 2], movedBy: 0, dy: 7)
        copies.append(Double(threadCPUNanoseconds() - start) / 1e6)
    }
    let copy = percentile(copies, 0.5)
    print("  of which the copy of the window from the other buffer alone: median \(milliseconds(copy)) ms "
          + "(\(percent(copy / fullMedian)) % of a full repaint)")
}

let steady = (1 ... frames).map { Double($0) * 7 }
run("Scrolling 1920×1080, 1,000 labelled buttons, 7 pt per frame", scale: 1, offsets: steady)
run("The same at scale 1.5 (10.5 pixels per frame)", scale: 1.5, offsets: steady)
// UIKit's deceleration (behaviour.md §9.3) from 4 pt/ms, sampled every 1000/60 ms.
let rate = ScrollNode.normalDecelerationRate
let fling = (1 ... frames).map { frame in 4 * (pow(rate, Double(frame) * 1000 / 60) - 1) / log(rate) }
run("A fling decelerating from 4 pt/ms at 60 frames a second, scale 1", scale: 1, offsets: fling)
