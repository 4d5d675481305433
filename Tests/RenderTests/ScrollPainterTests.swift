import NodeCore
import SeededRandom
import Testing
@testable import Render

/// A 220×160 window: a labelled list in a scroll node, and a button beside it.
private func listWindow() -> (Window, ScrollNode, [ButtonNode]) {
    let list = ScrollNode(name: "list", frame: Rect(x: 10, y: 10, width: 150, height: 130))
    list.backgroundColor = .white
    list.contentSize = Size(width: 150, height: 1000)
    var buttons: [ButtonNode] = []
    for i in 0 ..< 20 {
        let button = ButtonNode(name: "b\(i)", frame: Rect(x: 10, y: Double(i * 50 + 4), width: 130, height: 40))
        button.backgroundColor = i % 2 == 0 ? Color(red: 0, green: 0, blue: 255) : Color(red: 0, green: 160, blue: 0)
        button.highlightedColor = Color(red: 255, green: 0, blue: 0)
        button.label = "Button \(i)"
        list.addSubnode(button)
        buttons.append(button)
    }
    let side = ButtonNode(name: "side", frame: Rect(x: 170, y: 10, width: 40, height: 40))
    side.backgroundColor = Color(red: 200, green: 200, blue: 0)
    let window = makeWindow(width: 220, height: 160, list, side)
    return (window, list, buttons)
}

/// One buffer given back at once: each frame paints the tree's damage through `painter`.
private struct OneBuffer {
    let window: Window
    let renderer: Renderer
    let painter = ScrollPainter()
    let canvas: Canvas

    init(_ window: Window) throws {
        self.window = window
        renderer = try Renderer(window: window, background: .white)
        canvas = try renderer.makeCanvas()
        painter.paint(damage: [renderer.bufferBounds], stale: [], previous: nil, into: canvas, with: renderer)
    }

    func frame() {
        let invalidations = window.takeInvalidations()
        painter.note(invalidations)
        painter.paint(damage: renderer.damage(for: invalidations), stale: [], previous: nil, into: canvas, with: renderer)
    }
}

@Suite struct ScrollPainterTests {
    /// Random scrolls (whole and fractional points, both directions), highlights in and
    /// out of the list in the same frames, painted through the pool's rules: two buffers
    /// in turn (each missing the other's latest frame), or one buffer given back at once.
    @Test(arguments: [2, 1])
    func framesWithMovedPixelsEqualAFullRepaintPixelForPixel(buffers: Int) throws {
        let (window, list, buttons) = listWindow()
        let renderer = try Renderer(window: window, background: .white)
        let painter = ScrollPainter()
        let canvases = try (0 ..< buffers).map { _ in try renderer.makeCanvas() }
        var lastDamage: [PixelRect] = []
        var random = SplitMix64(seed: 9)
        for frame in 0 ..< 120 {
            if frame > 0 {
                let step = Double(Int.random(in: -40 ... 40, using: &random))
                let fraction = Int.random(in: 0 ..< 5, using: &random) == 0 ? 0.5 : 0
                list.contentOffset.y = min(max(list.contentOffset.y + step + fraction, 0), 870)
                if Int.random(in: 0 ..< 4, using: &random) == 0 {
                    buttons[Int.random(in: 0 ..< buttons.count, using: &random)].isHighlighted.toggle()
                }
                if Int.random(in: 0 ..< 8, using: &random) == 0 {
                    (window.root.subnodes[1] as? ButtonNode)?.isHighlighted.toggle()
                }
            }
            let invalidations = window.takeInvalidations()
            painter.note(invalidations)
            let damage = frame == 0 ? [renderer.bufferBounds] : renderer.damage(for: invalidations)
            let canvas = canvases[frame % buffers]
            let previous = buffers == 2 && frame > 0 ? canvases[(frame - 1) % buffers] : nil
            let stale = buffers == 1 || frame == 0 ? [] : frame == 1 ? [renderer.bufferBounds] : lastDamage
            painter.paint(damage: damage, stale: stale, previous: previous, into: canvas, with: renderer)
            lastDamage = damage
            let full = try renderer.renderImage()
            #expect(differingPixels(canvas, full).isEmpty, "frame \(frame), offset \(list.contentOffset.y)")
        }
        #expect(painter.moveCount > 40, "most frames moved pixels")
    }

    @Test func aNodeOverTheListOrATranslucentListIsPaintedNotMoved() throws {
        let (window, list, _) = listWindow()
        let buffer = try OneBuffer(window)
        let (renderer, painter, canvas) = (buffer.renderer, buffer.painter, buffer.canvas)
        let frame = buffer.frame
        list.contentOffset.y = 30
        frame()
        #expect(painter.moveCount == 1)
        window.root.addSubnode(box("badge", 140, 20, 30, 30, Color(red: 9, green: 9, blue: 9)))
        frame()
        list.contentOffset.y = 60
        frame()
        #expect(painter.moveCount == 1, "the badge is painted over the list: a copy would carry it along")
        #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty)
    }

    /// Scroll nodes are looked up again only when the tree changed: one added after the
    /// first frames is moved like the others, and a hidden one is painted, not moved.
    @Test func aScrollNodeAddedOrHiddenAfterTheFirstFramesIsFound() throws {
        let (window, list, _) = listWindow()
        let buffer = try OneBuffer(window)
        let painter = buffer.painter
        func frame() {
            buffer.frame()
            #expect(differingPixels(buffer.canvas, try! buffer.renderer.renderImage()).isEmpty)
        }
        list.contentOffset.y = 30
        frame()
        #expect(painter.moveCount == 1)
        list.removeFromSupernode()
        let second = ScrollNode(name: "second", frame: Rect(x: 10, y: 10, width: 150, height: 130))
        second.backgroundColor = .white
        second.contentSize = Size(width: 150, height: 1000)
        for i in 0 ..< 20 {
            let row = ButtonNode(name: "r\(i)", frame: Rect(x: 10, y: Double(i * 50 + 4), width: 130, height: 40))
            row.backgroundColor = Color(red: 0, green: UInt8(i * 12), blue: 200)
            second.addSubnode(row)
        }
        window.root.insertSubnode(second, at: 0)
        frame()
        second.contentOffset.y = 40
        frame()
        #expect(painter.moveCount == 2, "the new scroll node's pixels moved")
        second.isHidden = true
        frame()
        second.contentOffset.y = 80
        frame()
        #expect(painter.moveCount == 2, "a hidden scroll node is not moved")
    }
}

