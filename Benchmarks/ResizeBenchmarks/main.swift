import BenchmarkSupport
import NodeCore
import Render
import TouchstoneApp
import WaylandClient

// Interactive resize (behaviour.md §15), not a test: a window edge dragged across a laid-out
// screen of about 1,000 nodes, one configure per frame. Each frame runs what the live session
// runs for a configure (the surface's onResize, then the loop's layout pass and drawIfNeeded,
// without the socket): FramePainter.resize, WindowLayout.update (Render's TextMeasurer,
// cached by text, style and offered width; wrapped product names meet new widths),
// the damage, the swap chain's acquire of a buffer of the new size (ShmMemory.forResize, as
// ShmBufferPool: the memory of a released buffer of the old size when the new one fits in it),
// the paint and the submit; the compositor is played by releasing each buffer when the next is
// committed.
// The reference, interleaved frame by frame, is a full repaint of the same tree at the new
// size alone, into a new buffer of that size (what a resize needs anyway); the ratios to a
// repaint into a buffer that already exists are printed too. Thread CPU time.
// Run: swift build -c release --product ResizeBenchmarks && .build/release/ResizeBenchmarks [frames]

let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200

func style(_ change: (inout LayoutStyle) -> Void) -> LayoutStyle {
    var style = LayoutStyle()
    change(&style)
    return style
}

func text(_ name: String, _ content: String, size: Double = 14, lines: Int = 0) -> TextNode {
    let node = TextNode(name: name)
    node.text = content
    node.fontSize = size
    node.maximumLines = lines
    return node
}

func button(_ name: String, _ label: String) -> ButtonNode {
    let node = ButtonNode(name: name)
    node.label = label
    node.backgroundColor = Color(red: 40, green: 90, blue: 200)
    node.labelColor = .white
    return node
}

let words = ["fresh", "organic", "sourdough", "loaf", "oat", "milk", "free-range", "eggs", "dark", "chocolate",
             "sparkling", "water", "basil", "tomatoes", "greek", "yoghurt", "honey", "almond", "butter", "coffee"]

/// A checkout screen: a header, a sidebar of categories, a wrapping grid of 116 product
/// cards (picture, wrapped name, price, a row with a button) and a footer.
func makeScreen() -> Node {
    let root = Node(name: "root")
    root.backgroundColor = .white
    root.layout = FlexLayout()
    let header = Node(name: "header")
    header.layout = FlexLayout(direction: .row, alignItems: .center, padding: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16), gap: 12)
    header.style = style { $0.height = 64 }
    header.backgroundColor = Color(red: 230, green: 230, blue: 235)
    header.addSubnode(text("title", "Self-checkout", size: 24))
    let space = Node(name: "header-space")
    space.style = style { $0.grow = 1 }
    header.addSubnode(space)
    for name in ["Help", "Language", "Cancel"] { header.addSubnode(button("header-\(name)", name)) }
    root.addSubnode(header)

    let body = Node(name: "body")
    body.layout = FlexLayout(direction: .row)
    body.style = style { $0.grow = 1; $0.shrink = 1 }
    root.addSubnode(body)
    let sidebar = Node(name: "sidebar")
    sidebar.layout = FlexLayout(padding: EdgeInsets(all: 12), gap: 8)
    sidebar.style = style { $0.width = 200 }
    for index in 0..<12 { sidebar.addSubnode(button("category-\(index)", "Category \(index + 1)")) }
    body.addSubnode(sidebar)
    let content = Node(name: "content")
    content.layout = FlexLayout(padding: EdgeInsets(all: 12), gap: 12)
    content.style = style { $0.grow = 1; $0.shrink = 1; $0.basis = 0 }
    content.clipsToBounds = true
    body.addSubnode(content)
    content.addSubnode(text("intro", (0..<40).map { words[($0 * 7) % words.count] }.joined(separator: " ")))
    let grid = Node(name: "grid")
    grid.layout = FlexLayout(direction: .row, wrap: .wrap, gap: 8)
    content.addSubnode(grid)
    for index in 0..<116 {
        let card = Node(name: "card-\(index)")
        card.layout = FlexLayout(padding: EdgeInsets(all: 6), gap: 4)
        card.style = style { $0.basis = 150; $0.grow = 1 }
        card.backgroundColor = Color(red: 245, green: 245, blue: 245)
        let picture = Node(name: "picture-\(index)")
        picture.style = style { $0.height = 40 }
        picture.backgroundColor = Color(red: UInt8(100 + index % 100), green: 160, blue: 120)
        card.addSubnode(picture)
        let name = (0..<(2 + index % 5)).map { words[(index * 3 + $0 * 5) % words.count] }.joined(separator: " ")
        card.addSubnode(text("name-\(index)", name, size: 13, lines: 2))
        let price = Node(name: "price-\(index)")
        price.label = "€\(index % 20).\(10 + index % 90)"
        card.addSubnode(price)
        let actions = Node(name: "actions-\(index)")
        actions.layout = FlexLayout(direction: .row, alignItems: .center, gap: 4)
        actions.addSubnode(button("add-\(index)", "Add"))
        let gap = Node(name: "actions-space-\(index)")
        gap.style = style { $0.grow = 1 }
        actions.addSubnode(gap)
        let count = Node(name: "count-\(index)")
        count.label = "×\(index % 4)"
        actions.addSubnode(count)
        card.addSubnode(actions)
        grid.addSubnode(card)
    }

    let footer = Node(name: "footer")
    footer.layout = FlexLayout(direction: .row, alignItems: .center, padding: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
    footer.style = style { $0.height = 72 }
    footer.backgroundColor = Color(red: 230, green: 230, blue: 235)
    footer.addSubnode(text("total", "Total €123.45", size: 20))
    let footerSpace = Node(name: "footer-space")
    footerSpace.style = style { $0.grow = 1 }
    footer.addSubnode(footerSpace)
    footer.addSubnode(button("pay", "Pay"))
    root.addSubnode(footer)
    return root
}

func milliseconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
func ratio(_ value: Double) -> String { "\((value * 100).rounded() / 100)×" }

/// Drags the right edge from `start` by `step` points a frame (out, then back) at scale 1
/// and prints per-frame figures.
@MainActor
func run(start: Size, step: Double) {
    let root = makeScreen()
    var nodes = 0
    root.forEachInSubtree { _ in nodes += 1 }
    let window = Window(root: root, size: start)
    let layout = WindowLayout(root: root)
    let painter = try! FramePainter(window: window, background: .white) { print($0) }
    var chain = SwapChain<ShmMemory>()
    var busy: [Int] = []

    func logical(_ size: Size) -> Size { Size(width: size.width.rounded(.towardZero), height: size.height.rounded(.towardZero)) }

    /// One configure and the frame it draws; returns the time of the layout pass alone.
    func sessionFrame(_ size: Size) -> Double {
        painter.resize(to: logical(size), scale: .integer(1))
        let layoutStart = threadCPUNanoseconds()
        layout.update(window)
        let layoutTime = Double(threadCPUNanoseconds() - layoutStart) / 1e6
        let bounds = painter.renderer.bufferBounds
        let pixels = PixelSize(width: bounds.width, height: bounds.height)
        let damage = DamageRegion(painter.takeDamage()).clipped(to: bounds)
        let acquired = try! chain.acquire(size: pixels, damage: damage, makeReusing: { size, retired throws(ShmError) in
            try ShmMemory.forResize(size: size, retired: retired, poolSize: nil)
        })!
        painter.paint(PaintContext(memory: acquired.storage, repaint: acquired.repaint, damage: damage, stale: acquired.stale,
                                   previous: acquired.previous?.view, scale: .integer(1), logicalSize: logical(size)))
        chain.submit(id: acquired.id, damage: damage)
        busy.append(acquired.id)
        return layoutTime
    }

    /// The compositor releases a buffer once the next one is committed; a released buffer of
    /// an old size is dropped (unmapped) then.
    func compositorReleases() {
        let bounds = painter.renderer.bufferBounds
        let pixels = PixelSize(width: bounds.width, height: bounds.height)
        while busy.count >= 2 { chain.release(id: busy.removeFirst(), currentSize: pixels) }
    }

    // Warm: every width once (text shaped and rasterized, measurements cached), as a user
    // dragging back and forth would have them; the first drag out is also timed on its own.
    let sizes = (1...frames).map { Size(width: start.width + Double($0) * step, height: start.height) }
    _ = sessionFrame(start)
    compositorReleases()
    var coldLayout: [Double] = []
    for size in sizes {
        coldLayout.append(sessionFrame(size))
        compositorReleases()
    }
    for size in sizes.reversed() {
        _ = sessionFrame(size)
        compositorReleases()
    }

    var frameTimes: [Double] = [], layoutTimes: [Double] = [], freshRepaint: [Double] = [], warmRepaint: [Double] = []
    for (index, size) in (sizes + sizes.reversed()).enumerated() {
        // Interleaved, alternating which goes first, so drift and caches treat both alike.
        func ours() {
            let begin = threadCPUNanoseconds()
            layoutTimes.append(sessionFrame(size))
            frameTimes.append(Double(threadCPUNanoseconds() - begin) / 1e6)
            compositorReleases()
        }
        func reference() {
            let bounds = painter.renderer.bufferBounds
            let begin = threadCPUNanoseconds()
            let memory = try! ShmMemory(width: bounds.width, height: bounds.height, poolSize: nil)
            let canvas = try! Canvas(wrapping: memory.view.withPixels { $0.baseAddress! }, width: bounds.width,
                                     height: bounds.height, stride: memory.stride)
            painter.renderer.renderFull(into: canvas)
            freshRepaint.append(Double(threadCPUNanoseconds() - begin) / 1e6)
            // The same repaint again into memory that is now mapped and touched.
            let warmBegin = threadCPUNanoseconds()
            painter.renderer.renderFull(into: canvas)
            warmRepaint.append(Double(threadCPUNanoseconds() - warmBegin) / 1e6)
            // The buffer lives to here: its unmapping, like a released buffer's, is not timed.
            withExtendedLifetime(memory) {}
        }
        if index % 2 == 0 { ours(); reference() } else { reference(); ours() }
    }

    let reference = percentile(freshRepaint, 0.5), warm = percentile(warmRepaint, 0.5)
    print("Interactive resize of a \(nodes)-node laid-out screen, \(Int(start.width))×\(Int(start.height)) dragged "
          + "to \(Int(start.width + Double(frames) * step)) wide and back, \(step) pt a frame, scale 1 "
          + "(\(frameTimes.count) frames, thread CPU per frame):")
    print("  full repaint of the new size into a new buffer (reference): median \(milliseconds(reference)) ms, "
          + "p99 \(milliseconds(percentile(freshRepaint, 0.99))) ms")
    print("  full repaint into a buffer that exists: median \(milliseconds(warm)) ms")
    let median = percentile(frameTimes, 0.5), p99 = percentile(frameTimes, 0.99)
    print("  resize frame (configure + layout + paint + commit): median \(milliseconds(median)) ms = "
          + "\(ratio(median / reference)) the reference (target < 1.3×), p99 \(milliseconds(p99)) ms = "
          + "\(ratio(p99 / reference)) (target < 2×); \(ratio(median / warm)) a repaint into an existing buffer")
    let baseline = "full repaint into a new buffer \(milliseconds(reference)) ms"
    reportFigure(table: "Interactive resize", figure: "\(nodes) nodes, resize frame, median", value: median, unit: "ms",
                 baseline: baseline, ratio: median / reference, target: .atMost(1.3))
    reportFigure(table: "Interactive resize", figure: "\(nodes) nodes, resize frame, p99", value: p99, unit: "ms",
                 baseline: baseline, ratio: p99 / reference, target: .atMost(2))
    print("  of which the layout pass: median \(milliseconds(percentile(layoutTimes, 0.5))) ms, "
          + "p99 \(milliseconds(percentile(layoutTimes, 0.99))) ms; on the first drag out (texts measured at new widths) "
          + "median \(milliseconds(percentile(coldLayout, 0.5))) ms, p99 \(milliseconds(percentile(coldLayout, 0.99))) ms")
}

run(start: Size(width: 1280, height: 800), step: 2)
