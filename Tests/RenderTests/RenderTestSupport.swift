import NodeCore
import Testing
@testable import Render

/// A window of `width × height` points holding `children` under a plain root node.
func makeWindow(width: Double = 100, height: Double = 100, _ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    for child in children { root.addSubnode(child) }
    return Window(root: root, size: Size(width: width, height: height))
}

/// A node with a background color.
func box(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color = .clear) -> Node {
    let node = Node(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    node.backgroundColor = color
    return node
}

/// Renders the whole window once, with labels drawn in the default font unless told otherwise.
func render(_ window: Window, background: Color = .white, scale: RenderScale = 1,
            labelFont: LabelFont = .none) throws -> Canvas {
    let renderer = try Renderer(window: window, background: background, scale: scale, labelFont: labelFont)
    return try renderer.renderImage()
}

/// Premultiplied components, written like the expectations in the tests: argb(a, r, g, b).
func argb(_ a: UInt8, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> PixelComponents {
    PixelComponents(alpha: a, red: r, green: g, blue: b)
}

let red = Color(red: 255, green: 0, blue: 0)
let green = Color(red: 0, green: 255, blue: 0)
let blue = Color(red: 0, green: 0, blue: 255)
let opaqueWhite = argb(255, 255, 255, 255)

/// Expects the pixel at (`x`, `y`) to be within ±`tolerance` of `expected` on every channel.
func expectPixel(_ canvas: Canvas, _ x: Int, _ y: Int, _ expected: PixelComponents, tolerance: Int = 1,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = canvas.components(x: x, y: y)
    #expect(actual.isClose(to: expected, tolerance: tolerance),
            "pixel (\(x), \(y)) is \(actual), expected \(expected)", sourceLocation: sourceLocation)
}

/// Whether two canvases of the same size hold the same pixels.
func samePixels(_ a: Canvas, _ b: Canvas) -> Bool {
    guard a.width == b.width, a.height == b.height else { return false }
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
    }
    return true
}

/// The pixels that differ between two same-sized canvases.
func differingPixels(_ a: Canvas, _ b: Canvas) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { result.append((x, y)) }
    }
    return result
}

/// A 100 × 100 pt window of `nodes` rendered at `factor`, read with coordinates in points.
struct ScaledShot {
    let canvas: Canvas
    let factor: Double

    init(_ nodes: Node..., factor: Double) throws {
        let window = makeWindow(width: 100, height: 100)
        for node in nodes { window.root.addSubnode(node) }
        canvas = try render(window, scale: try #require(RenderScale(exactly: factor)))
        self.factor = factor
    }

    /// The pixel index of `points`.
    func p(_ points: Double) -> Int { Int(points * factor) }

    /// Expects the pixel at (`x`, `y`) points to be `expected`.
    func expect(_ x: Double, _ y: Double, _ expected: PixelComponents, sourceLocation: SourceLocation = #_sourceLocation) {
        expectPixel(canvas, p(x), p(y), expected, sourceLocation: sourceLocation)
    }

    /// Expects each (x, y) point's pixel to be its colour.
    func expect(_ points: [(x: Double, y: Double, color: PixelComponents)],
                sourceLocation: SourceLocation = #_sourceLocation) {
        for point in points { expect(point.x, point.y, point.color, sourceLocation: sourceLocation) }
    }
}

/// Paints a 100 × 100 pt window of `nodes` whole at `factor`, applies `change`, repaints
/// only the damage, and returns that canvas after expecting it equal to a full repaint.
func repaintAfterChange(_ nodes: Node..., factor: Double, sourceLocation: SourceLocation = #_sourceLocation,
                        change: () -> Void) throws -> Canvas {
    let window = makeWindow(width: 100, height: 100)
    for node in nodes { window.root.addSubnode(node) }
    let renderer = try Renderer(window: window, background: .white, scale: try #require(RenderScale(exactly: factor)),
                                labelFont: .none)
    let canvas = try renderer.makeCanvas()
    renderer.renderFull(into: canvas)
    _ = renderer.takeDamage()
    change()
    renderer.render(damage: renderer.takeDamage(), into: canvas)
    #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty, sourceLocation: sourceLocation)
    return canvas
}
