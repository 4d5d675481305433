import BenchmarkSupport
import NodeCore
import Render
#if canImport(Glibc)
import Glibc
#endif

// Per-frame client CPU while a 1920×1080 window scrolls a tall labelled list by 7 pt per
// frame: a scroll node filling the window over 1,000 buttons with labels, painted into two
// buffers in turn as the Wayland pool does (each frame's buffer lacks the previous frame).
// Compares a full repaint, the damage-limited repaint (the list's whole area, since it
// fills the window) and ScrollPainter's moved pixels. Thread CPU time per frame.
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
let renderer = try! Renderer(window: window, background: .white)
let buffers = [try! renderer.makeCanvas(), try! renderer.makeCanvas()]

/// Scrolls `frames` frames of 7 pt from the top; `paint` draws frame `f` into buffer `f % 2`.
@MainActor
func measure(_ paint: (_ frame: Int, _ invalidations: [Invalidation]) -> Void) -> [Double] {
    list.contentOffset = .zero
    _ = window.takeInvalidations()
    for buffer in buffers { renderer.renderFull(into: buffer) }
    var times: [Double] = []
    for frame in 0 ..< frames {
        list.contentOffset.y += 7
        let start = threadCPUNanoseconds()
        paint(frame, window.takeInvalidations())
        times.append(Double(threadCPUNanoseconds() - start) / 1e6)
    }
    return times
}

let full = measure { frame, _ in renderer.renderFull(into: buffers[frame % 2]) }

let limited = ScrollPainter()
var lastDamage: [PixelRect] = []
let damageLimited = measure { frame, invalidations in
    limited.note(invalidations)
    let damage = renderer.damage(for: invalidations)
    limited.paint(damage: damage, stale: lastDamage, previous: buffers[(frame + 1) % 2], into: buffers[frame % 2],
                  with: renderer, allowsMoves: false)
    lastDamage = damage
}

let mover = ScrollPainter()
lastDamage = []
let moved = measure { frame, invalidations in
    mover.note(invalidations)
    let damage = renderer.damage(for: invalidations)
    mover.paint(damage: damage, stale: lastDamage, previous: buffers[(frame + 1) % 2], into: buffers[frame % 2],
                with: renderer)
    lastDamage = damage
}
let check = try! renderer.renderImage()
let exact = (0 ..< check.height).allSatisfy { y in (0 ..< check.width).allSatisfy { x in
    check.pixel(x: x, y: y) == buffers[(frames - 1) % 2].pixel(x: x, y: y) } }

func milliseconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
func percent(_ ratio: Double) -> Int { Int((ratio * 100).rounded()) }

let fullMedian = percentile(full, 0.5)
print("Scrolling 1920×1080, 1,000 labelled buttons, 7 pt per frame, \(frames) frames, two buffers (thread CPU per frame):")
for (name, times) in [("full repaint", full), ("damage-limited repaint", damageLimited), ("moved pixels (ScrollPainter)", moved)] {
    let median = percentile(times, 0.5), p99 = percentile(times, 0.99)
    print("  \(name): median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms — "
          + "\(percent(median / fullMedian)) % of a full repaint's median, p99 \(percent(p99 / fullMedian)) %")
}
print("  frames that moved pixels: \(mover.moveCount) of \(frames); last frame equals a full repaint: \(exact)")
