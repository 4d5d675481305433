import NodeCore
import Testing
@testable import Render

// behaviour.md §9 painting: content clipped to the scroll node and painted at its
// offset; scroll indicators while dragging or animating, none when idle; a scroll
// damages only the scroll node's area.

/// root 200 × 200 ── list (20, 20, 100 × 100, content 100 × 400) ── red (0, 150, 100 × 50)
private func scrollScene() -> (Window, ScrollNode) {
    let list = ScrollNode(name: "list", frame: Rect(x: 20, y: 20, width: 100, height: 100))
    list.contentSize = Size(width: 100, height: 400)
    list.addSubnode(box("red", 0, 150, 100, 50, red))
    let window = makeWindow(width: 200, height: 200, list)
    return (window, list)
}

private func repaint(_ window: Window, after change: () -> Void) throws -> (damage: [PixelRect], partial: Canvas, full: Canvas) {
    let renderer = try Renderer(window: window, background: .white, scale: 1, labelFont: .none)
    let partial = try renderer.makeCanvas()
    renderer.renderFull(into: partial)
    _ = renderer.takeDamage()
    change()
    let damage = renderer.takeDamage()
    renderer.render(damage: damage, into: partial)
    return (damage, partial, try renderer.renderImage())
}

@Suite struct ScrollPaintingTests {
    @Test func contentIsPaintedAtItsOffsetAndClippedToTheNode() throws {
        let (window, list) = scrollScene()
        var canvas = try render(window)
        expectPixel(canvas, 50, 110, opaqueWhite)      // content y 150 is below the list
        list.contentOffset = Point(x: 0, y: 100)
        canvas = try render(window)
        // Content y 150 ... 200 shows at window y 20 + 50 = 70 ... 120.
        expectPixel(canvas, 50, 69, opaqueWhite)
        expectPixel(canvas, 50, 70, argb(255, 255, 0, 0))
        expectPixel(canvas, 50, 119, argb(255, 255, 0, 0))
        list.contentOffset = Point(x: 0, y: 60)     // content 150 ... 200 at window 110 ... 160
        canvas = try render(window)
        expectPixel(canvas, 50, 119, argb(255, 255, 0, 0))
        expectPixel(canvas, 50, 121, opaqueWhite)         // clipped at the list's bottom
    }

    @Test func aScrollDamagesOnlyTheScrollNodesAreaAndRepaintsExactly() throws {
        let (window, list) = scrollScene()
        let (damage, partial, full) = try repaint(window) { list.contentOffset = Point(x: 0, y: 120) }
        #expect(damage == [PixelRect(x: 20, y: 20, width: 100, height: 100)])
        #expect(samePixels(partial, full))
    }

    @Test func indicatorsShowWhileDraggingAndNotWhenIdle() throws {
        let (window, list) = scrollScene()
        #expect(list.scrollIndicatorFrames().isEmpty)
        window.touchDown(.finger(1), at: Point(x: 60, y: 100), time: 0)
        window.touchMoved(.finger(1), to: Point(x: 60, y: 80), time: 10)
        #expect(list.isDragging)
        // 100² / 400 = 25 → the 36 pt minimum; at offset 0, at the top; 2.5 pt from the right.
        #expect(list.scrollIndicatorFrames() == [Rect(x: 94.5, y: 0, width: 3, height: 36)])
        let (damage, partial, full) = try repaint(window) { window.touchMoved(.finger(1), to: Point(x: 60, y: 40), time: 20) }
        #expect(damage == [PixelRect(x: 20, y: 20, width: 100, height: 100)])
        #expect(samePixels(partial, full))
        // Offset 40 of 300: the bar starts 40 / 300 × (100 − 36) down.
        let bar = list.scrollIndicatorFrames()[0]
        #expect(abs(bar.minY - 40.0 / 300 * 64) < 1e-12)
        // Black at 0.35 over white: 255 × 0.65 ≈ 166.
        expectPixel(full, 20 + 95, 20 + Int(bar.midY), argb(255, 166, 166, 166), tolerance: 1)
        window.touchUp(.finger(1), time: 500)
        #expect(!list.showsScrollIndicators)
        let idle = try render(window)
        expectPixel(idle, 20 + 95, 20 + Int(bar.midY), opaqueWhite)
    }

    @Test func indicatorLengthIsSizeSquaredOverContentPlusInsets() {
        let list = ScrollNode(name: "list", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        list.contentSize = Size(width: 600, height: 250)
        list.contentInset = EdgeInsets(top: 25, left: 0, bottom: 25, right: 0)
        let window = makeWindow(width: 300, height: 200, list)
        window.touchDown(.finger(1), at: Point(x: 100, y: 100), time: 0)
        window.touchMoved(.finger(1), to: Point(x: 80, y: 100), time: 10)
        let frames = list.scrollIndicatorFrames()
        // Horizontal: 300² / 600 = 150, 2.5 pt above the bottom; vertical: 200² / 300.
        #expect(frames.contains(Rect(x: 0, y: 194.5, width: 150, height: 3)))
        #expect(frames.contains { $0.width == 3 && abs($0.height - 40000.0 / 300) < 1e-12 && $0.minX == 294.5 })
    }
}
