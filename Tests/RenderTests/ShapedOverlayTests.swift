import NodeCore
import Testing
@testable import Render

private let fillOverWhite = argb(255, 153, 255, 153)
private let limitedOverWhite = argb(255, 97, 139, 111)
private let clippedOverWhite = argb(255, 255, 153, 51)

private func shapedWindow(_ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 120))
    for child in children { root.addSubnode(child) }
    let window = Window(root: root, size: Size(width: 200, height: 120))
    window.showsTappableAreas = true
    return window
}

private func circle(_ x: Double, _ y: Double, _ d: Double) -> ButtonNode {
    let b = ButtonNode(name: "c", frame: Rect(x: x, y: y, width: d, height: d))
    b.hitShape = .ellipse
    return b
}

// behaviour.md §5.3: the overlay of an irregular area covers its real pixels.
@Suite struct ShapedOverlayTests {
    @Test(arguments: [1.0, 1.5, 2.0])
    func aCircleIsFilledInsideAndNotInTheCornersOfItsBounds(factor: Double) throws {
        let scale = try #require(RenderScale(exactly: factor))
        let canvas = try render(shapedWindow(circle(20, 20, 60)), scale: scale)
        func pixel(_ points: Double) -> Int { Int(points * factor) }
        expectPixel(canvas, pixel(50), pixel(50), fillOverWhite)          // centre
        expectPixel(canvas, pixel(21), pixel(50), fillOverWhite)          // left end of the middle row
        expectPixel(canvas, pixel(22), pixel(22), opaqueWhite)            // corner of the square bounds
        expectPixel(canvas, pixel(78), pixel(78), opaqueWhite)
        expectPixel(canvas, pixel(19), pixel(50), opaqueWhite)            // outside
    }

    @Test func bandsAreFilledOnlyWhereTheyAre() throws {
        let b = ButtonNode(name: "b", frame: Rect(x: 60, y: 20, width: 100, height: 44))
        b.hitShape = .bands([Rect(x: -20, y: 0, width: 40, height: 44), Rect(x: 80, y: 0, width: 40, height: 44)])
        let canvas = try render(shapedWindow(b))
        expectPixel(canvas, 41, 40, fillOverWhite)    // left band, outside the bounds
        expectPixel(canvas, 79, 40, fillOverWhite)
        expectPixel(canvas, 80, 40, opaqueWhite)      // between the bands
        expectPixel(canvas, 139, 40, opaqueWhite)
        expectPixel(canvas, 140, 40, fillOverWhite)
        expectPixel(canvas, 179, 40, fillOverWhite)
        expectPixel(canvas, 180, 40, opaqueWhite)
        expectPixel(canvas, 41, 64, opaqueWhite)
    }

    @Test func anAncestorCutGetsTheDarkGreenBandAlongTheRealBoundary() throws {
        // The panel ends at y = 50; the circle (20...80) is cut there.
        let panel = Node(name: "panel", frame: Rect(x: 0, y: 0, width: 200, height: 50))
        panel.addSubnode(circle(20, 20, 60))
        let canvas = try render(shapedWindow(panel))
        expectPixel(canvas, 50, 49, limitedOverWhite)
        expectPixel(canvas, 50, 48, limitedOverWhite)
        expectPixel(canvas, 50, 47, fillOverWhite)
        expectPixel(canvas, 50, 50, opaqueWhite)
        // The circle's own round edge is no cut: fill right up to it, no band.
        expectPixel(canvas, 24, 35, fillOverWhite)
        expectPixel(canvas, 50, 21, fillOverWhite)
    }

    @Test func aClippingAncestorGetsTheOrangeBand() throws {
        let clip = Node(name: "clip", frame: Rect(x: 0, y: 0, width: 50, height: 120))
        clip.clipsToBounds = true
        clip.hitTestSlop = EdgeInsets(all: -100)
        clip.addSubnode(circle(20, 20, 60))
        let canvas = try render(shapedWindow(clip))
        expectPixel(canvas, 49, 50, clippedOverWhite)
        expectPixel(canvas, 48, 50, clippedOverWhite)
        expectPixel(canvas, 47, 50, fillOverWhite)
        expectPixel(canvas, 50, 50, opaqueWhite)
    }

    @Test func damageLimitedRepaintOfAShapeGivesTheFullRepaintsPixels() throws {
        let b = circle(20, 20, 60)
        let window = shapedWindow(b)
        let renderer = try Renderer(window: window, background: .white, scale: 2, labelFont: .none)
        let canvas = try renderer.renderImage()
        _ = renderer.takeDamage()
        b.isHighlighted = true
        b.highlightedColor = red
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        let full = try renderer.renderImage()
        for y in stride(from: 0, to: full.height, by: 3) {
            for x in stride(from: 0, to: full.width, by: 3) where canvas.components(x: x, y: y) != full.components(x: x, y: y) {
                Issue.record("pixel (\(x), \(y)) differs")
                return
            }
        }
    }
}
