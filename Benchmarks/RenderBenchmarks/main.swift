// Render benchmarks: milliseconds per frame on a 1920×1080 scene with 200 controls
// (and on scenes of 200 to 2,000 distinct labels, DistinctLabels.swift),
// each compared with memset of the same bytes measured in the same run.
//
//     swift run -c release RenderBenchmarks [--iterations N]
#if canImport(Glibc)
import Glibc
#endif
import BenchmarkSupport
import NodeCore
import Render

/// Scene and measurement settings.
enum Settings {
    static let width = 1920.0
    static let height = 1080.0
    static let controlCount = 200
    static let defaultIterations = 200
    static let warmupIterations = 20
}

/// A toolbar, a clipping translucent side panel with slop, and a grid of 200 labeled
/// buttons, toggles and sliders in cards: the kind of screen the overlay is meant for.
/// `label` turns each button's number and Latin label into the label it shows.
func makeScene(label: (Int, String) -> String = { $1 }) -> (Window, ButtonNode) {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: Settings.width, height: Settings.height))
    root.backgroundColor = Color(red: 242, green: 242, blue: 247)
    let toolbar = Node(name: "toolbar", frame: Rect(x: 0, y: 0, width: Settings.width, height: 64))
    toolbar.backgroundColor = Color(red: 250, green: 250, blue: 250)
    toolbar.borderColor = Color(red: 199, green: 199, blue: 204)
    toolbar.borderWidth = 1
    root.addSubnode(toolbar)
    let grid = Node(name: "grid", frame: Rect(x: 16, y: 80, width: 1560, height: 984))
    grid.clipsToBounds = true
    grid.hitTestSlop = EdgeInsets(all: -8)
    root.addSubnode(grid)
    let side = Node(name: "side", frame: Rect(x: 1592, y: 80, width: 312, height: 984))
    side.backgroundColor = Color(red: 30, green: 40, blue: 60)
    side.alpha = 0.9
    side.clipsToBounds = true
    root.addSubnode(side)

    var made = 0
    var target: ButtonNode?
    func add(_ control: ControlNode, to parent: Node) {
        control.hitTestSlop = EdgeInsets(all: -6)
        parent.addSubnode(control)
        made += 1
    }
    // 8 toolbar buttons.
    for i in 0..<8 {
        let b = ButtonNode(name: "tool\(i)", frame: Rect(x: 16 + Double(i) * 100, y: 10, width: 88, height: 44))
        b.backgroundColor = Color(red: 0, green: 122, blue: 255)
        b.highlightedColor = Color(red: 0, green: 64, blue: 221)
        b.label = label(i, "Tool \(i)")
        b.labelColor = .white
        add(b, to: toolbar)
    }
    // Cards of 4 controls each in the clipping grid: 3 buttons and a toggle or slider.
    let columns = 6
    var card = 0
    while made < Settings.controlCount - 16 {
        let x = Double(card % columns) * 260, y = Double(card / columns) * 124
        let cardNode = Node(name: "card\(card)", frame: Rect(x: x, y: y, width: 248, height: 112))
        cardNode.backgroundColor = .white
        cardNode.borderColor = Color(red: 209, green: 209, blue: 214)
        cardNode.borderWidth = 1
        grid.addSubnode(cardNode)
        for j in 0..<3 where made < Settings.controlCount - 16 {
            let b = ButtonNode(name: "b\(card)_\(j)", frame: Rect(x: 8 + Double(j) * 80, y: 8, width: 72, height: 44))
            b.backgroundColor = Color(red: 229, green: 229, blue: 234)
            b.highlightedColor = Color(red: 174, green: 174, blue: 178)
            b.label = label(made, "B\(made)")
            add(b, to: cardNode)
            if target == nil, card == 7 { target = b }
        }
        if made < Settings.controlCount - 16 {
            if card % 2 == 0 {
                let s = SliderNode(name: "s\(card)", frame: Rect(x: 8, y: 64, width: 232, height: 40))
                s.value = Double(card % 10) / 10
                add(s, to: cardNode)
            } else {
                let t = ToggleNode(name: "t\(card)", frame: Rect(x: 8, y: 64, width: 64, height: 40))
                t.backgroundColor = Color(red: 229, green: 229, blue: 234)
                t.selectedColor = Color(red: 52, green: 199, blue: 89)
                t.isOn = card % 3 == 0
                add(t, to: cardNode)
            }
        }
        card += 1
    }
    // 16 list rows in the translucent side panel.
    for i in 0..<16 {
        let b = ButtonNode(name: "row\(i)", frame: Rect(x: 12, y: 12 + Double(i) * 56, width: 288, height: 48))
        b.backgroundColor = Color(red: 58, green: 58, blue: 60)
        b.highlightedColor = Color(red: 99, green: 99, blue: 102)
        b.label = label(184 + i, "Row \(i)")
        b.labelColor = .white
        add(b, to: side)
    }
    precondition(made == Settings.controlCount)
    let window = Window(root: root, size: Size(width: Settings.width, height: Settings.height))
    return (window, target!)
}

/// Median milliseconds of `iterations` runs of `body`, after a warm-up.
func measure(_ iterations: Int, _ body: () -> Void) -> Double {
    for _ in 0..<Settings.warmupIterations { body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        samples.append(wallMilliseconds(body))
    }
    return median(samples)
}

/// Median milliseconds of the thread's CPU time over `iterations` runs of `body`: what the
/// loaded shared machine disturbs less than wall clock.
func measureCPU(_ iterations: Int, _ body: () -> Void) -> Double {
    median((0..<iterations).map { _ in
        let start = threadCPUMilliseconds()
        body()
        return threadCPUMilliseconds() - start
    })
}

/// memset of the rows of `rect` in `canvas`: the same bytes a solid fill of it writes.
func memsetRows(_ canvas: Canvas, _ rect: PixelRect, value: Int32) {
    canvas.withPixels { pixels in
        for y in rect.minY..<rect.maxY {
            memset(pixels.baseAddress! + y * canvas.stride + rect.minX * 4, value, rect.width * 4)
        }
    }
}

/// `1.234 ms`, `56 µs`, `1.25 µs`.
func format(_ ms: Double) -> String {
    if ms >= 1 { return "\((ms * 1000).rounded() / 1000) ms" }
    let micro = ms * 1000
    if micro >= 10 { return "\(Int(micro.rounded())) µs" }
    return "\((micro * 100).rounded() / 100) µs"
}

var iterations = Settings.defaultIterations
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    if arg == "--iterations", let value = args.popFirst().flatMap({ Int($0) }), value > 0 {
        iterations = value
    } else {
        print("usage: RenderBenchmarks [--iterations N]")
        exit(2)
    }
}

let (window, button) = makeScene()
let renderer = try Renderer(window: window, background: Color(red: 242, green: 242, blue: 247), scale: 1)
let canvas = try renderer.makeCanvas()
let frameBytes = canvas.stride * canvas.height
renderer.renderFull(into: canvas)
_ = renderer.takeDamage()

var toggle = false
var value: Int32 = 0
let memsetFrame = measure(iterations) { value ^= 0x55; canvas.withPixels { _ = memset($0.baseAddress!, value, frameBytes) } }
renderer.renderFull(into: canvas)
let full = measure(iterations) { renderer.renderFull(into: canvas) }

/// Toggles the button's highlight and repaints its damage, `iterations` times: the time per
/// frame, the damage's bounding box, and a memset of the same rows for comparison.
@MainActor func measureHighlight() -> (time: Double, rect: PixelRect, memset: Double) {
    var lastDamage: [PixelRect] = []
    let time = measure(iterations) {
        toggle.toggle()
        button.isHighlighted = toggle
        lastDamage = renderer.takeDamage()
        renderer.render(damage: lastDamage, into: canvas)
    }
    let rect = lastDamage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    return (time, rect, measure(iterations) { value ^= 0x55; memsetRows(canvas, rect, value: value) })
}

let (damaged, damageRect, memsetDamage) = measureHighlight()

window.showsTappableAreas = true
_ = renderer.takeDamage()
let fullOverlay = measure(iterations) { renderer.renderFull(into: canvas) }
let (damagedOverlay, overlayRect, memsetOverlayDamage) = measureHighlight()

print("Render benchmarks: \(Int(Settings.width))×\(Int(Settings.height)) at scale 1, \(Settings.controlCount) controls "
      + "(labels, a clipping grid, a translucent side panel), median of \(iterations) frames, cache-hot")
print("memset of the frame (\(frameBytes) bytes): \(format(memsetFrame))")
func row(_ name: String, _ ms: Double, _ baseline: Double, _ bytes: Int) {
    let ratio = (ms / baseline * 10).rounded() / 10
    print("  \(name): \(format(ms)) per frame, \(ratio)× memset of the same \(bytes) bytes (\(format(baseline)))")
    reportFigure(table: "Painting at 1080p", figure: name, value: ms, unit: "ms",
                 baseline: "memset of the same bytes \(format(baseline))", ratio: ms / baseline)
}
row("full repaint", full, memsetFrame, frameBytes)
row("full repaint with overlay", fullOverlay, memsetFrame, frameBytes)
row("one button's highlight, damage \(damageRect)", damaged, memsetDamage, damageRect.area * 4)
row("same with overlay, damage \(overlayRect)", damagedOverlay, memsetOverlayDamage, overlayRect.area * 4)

// The same 200 controls with irregular tappable areas (behaviour.md §5.3: each a
// `hitShape` ellipse), which the overlay and the audit sample instead of intersecting rects.
window.showsTappableAreas = false
let auditRectangles = measure(iterations) { _ = Audit.run(window: window) }
window.root.forEachInSubtree { ($0 as? ControlNode)?.hitShape = .ellipse }
let auditShapes = measure(max(iterations / 10, 1)) { _ = Audit.run(window: window) }
window.showsTappableAreas = true
_ = renderer.takeDamage()
let fullShaped = measure(iterations) { renderer.renderFull(into: canvas) }
let (damagedShaped, shapedRect, memsetShaped) = measureHighlight()
print("Irregular tappable areas (every control an ellipse, sampled on the pixel grid):")
row("full repaint with overlay, every tappable area an ellipse", fullShaped, memsetFrame, frameBytes)
row("one button's highlight with overlay, every tappable area an ellipse, damage \(shapedRect)", damagedShaped, memsetShaped,
    shapedRect.area * 4)
print("  audit of the 200 controls: rectangles \(format(auditRectangles)), ellipses \(format(auditShapes))")

// PNG writing of the 1080p frame (issue 15): row by row from the canvas, into a temporary
// file renamed over the target (fsync included), with the shipped encoding and alternatives.
window.showsTappableAreas = false
renderer.renderFull(into: canvas)
let pngPath = "/tmp/touchstone-bench-\(getpid()).png"
let pngRuns = max(iterations / 20, 5)
let conversion = measure(pngRuns) { _ = canvas.straightRGBA() }
print("straight RGBA conversion of the frame: \(format(conversion))")
print("PNG writing of the \(canvas.width)×\(canvas.height) frame (median of \(pngRuns), fsync and rename included):")
for (name, encoding) in [("no filter, zlib level 1 (shipped: Canvas.PNGEncoding.fast)", Canvas.PNGEncoding.fast),
                         ("sub filter, level 1, run-length", Canvas.PNGEncoding(filters: 0x10, level: 1, strategy: 3)),
                         ("adaptive filters, level 6 (libpng's defaults)", Canvas.PNGEncoding.compact)] {
    let ms = measure(pngRuns) { try! canvas.writePNG(to: pngPath, encoding: encoding) }
    let encodeOnly = measure(pngRuns) { try! canvas.writePNG(to: "/dev/null", encoding: encoding) }
    let encodeCPU = measureCPU(pngRuns) { try! canvas.writePNG(to: "/dev/null", encoding: encoding) }
    var info = stat()
    stat(pngPath, &info)
    print("  \(name): \(format(ms)) (encoding alone \(format(encodeOnly)), CPU \(format(encodeCPU))), \(info.st_size / 1024) KiB")
    reportFigure(table: "PNG writing at 1080p", figure: name, value: ms, unit: "ms",
                 baseline: "straight RGBA conversion \(format(conversion))", ratio: ms / conversion)
}
unlink(pngPath)

printShapedLabelBenchmarks(iterations: iterations)
printDistinctLabelBenchmarks(iterations: iterations)
