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
    /// Random scrolls (whole points, halves and arbitrary fractions, both directions) of
    /// the list and of a carousel inside it, highlights in and out of the list in the same
    /// frames, at whole and fractional scales, painted through the pool's rules: two
    /// buffers in turn (each missing the other's latest frame), or one buffer given back
    /// at once.
    @Test(arguments: [1, 1.25, 1.5, 2] as [RenderScale], [2, 1])
    func framesWithMovedPixelsEqualAFullRepaintPixelForPixel(scale: RenderScale, buffers: Int) throws {
        try scrollRandomly(scale: scale, buffers: buffers, overlay: false)
    }

    /// The same with the tappable-area overlay on: it moves with the content between
    /// offsets on whole pixels, with its clipped-edge bands painted again.
    @Test(arguments: [1, 1.5, 2] as [RenderScale])
    func framesWithTheOverlayOnEqualAFullRepaintPixelForPixel(scale: RenderScale) throws {
        try scrollRandomly(scale: scale, buffers: 2, overlay: true)
    }

    private func scrollRandomly(scale: RenderScale, buffers: Int, overlay: Bool) throws {
        let (window, list, buttons) = listWindow()
        window.showsTappableAreas = overlay
        let carousel = ScrollNode(name: "carousel", frame: Rect(x: 5, y: 1004, width: 140, height: 60))
        carousel.backgroundColor = Color(red: 250, green: 240, blue: 200)
        carousel.contentSize = Size(width: 600, height: 60)
        for i in 0 ..< 6 {
            let card = ButtonNode(name: "card\(i)", frame: Rect(x: Double(i) * 100 + 3.3, y: 5.5, width: 90, height: 49))
            card.backgroundColor = Color(red: UInt8(40 * i), green: 90, blue: 160)
            card.label = "Card \(i)"
            carousel.addSubnode(card)
        }
        list.addSubnode(carousel)
        list.contentSize = Size(width: 150, height: 1100)
        let renderer = try Renderer(window: window, background: .white, scale: scale)
        let painter = ScrollPainter()
        let canvases = try (0 ..< buffers).map { _ in try renderer.makeCanvas() }
        var lastDamage: [PixelRect] = []
        var random = SplitMix64(seed: 9)
        func fraction() -> Double {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0: return 0
            case 1: return 0.5
            default: return Double(Int.random(in: 1 ..< 1000, using: &random)) / 997
            }
        }
        for frame in 0 ..< 120 {
            if frame > 0 {
                let step = Double(Int.random(in: -40 ... 40, using: &random))
                list.contentOffset.y = min(max(list.contentOffset.y + step + fraction(), 0), 970)
                if Int.random(in: 0 ..< 3, using: &random) == 0 {
                    let step = Double(Int.random(in: -30 ... 30, using: &random))
                    carousel.contentOffset.x = min(max(carousel.contentOffset.x + step + fraction(), 0), 460)
                }
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
            #expect(differingPixels(canvas, full).isEmpty,
                    "frame \(frame), offsets \(list.contentOffset.y), \(carousel.contentOffset.x)")
        }
        // A node whose offset and area did not change since the buffer showed it is no move
        // (nothing to move or repaint there): the carousel's still frames are not counted.
        #expect(painter.moveCount > (overlay ? 5 : 60), "most frames moved pixels, fractional offsets included")
    }

    /// Content is painted at its offset snapped to the pixel grid: its image at offset zero,
    /// moved by whole pixels. Hit testing keeps the exact offset.
    @Test(arguments: [1, 1.5, 2] as [RenderScale])
    func contentAtAFractionalOffsetIsItsImageAtZeroMovedByTheSnappedOffset(scale: RenderScale) throws {
        let (window, list, _) = listWindow()
        let renderer = try Renderer(window: window, background: .white, scale: scale)
        let atZero = try renderer.renderImage()
        let area = try #require(renderer.paintedRect(of: list))
        for offset in [0.3, 0.4, 0.7, 13.25, 100.6] {
            list.contentOffset.y = offset
            let moved = try renderer.renderImage()
            let shift = Int((scale.pixels(offset)).rounded())
            var differing = 0
            for y in area.minY ..< area.maxY - shift {
                for x in area.minX ..< area.maxX where moved.pixel(x: x, y: y) != atZero.pixel(x: x, y: y + shift) {
                    differing += 1
                }
            }
            #expect(differing == 0, "offset \(offset) at scale \(scale): \(differing) pixels off")
        }
    }

    @Test func hitTestingUsesTheExactOffsetNotThePaintedOne() throws {
        let (window, list, buttons) = listWindow()
        // b1 spans content y 54...94; at offset 0.6 it is at window 63.4...103.4 and is
        // painted from row 63 (the offset rounds to 1 pixel).
        list.contentOffset.y = 0.6
        let canvas = try render(window, labelFont: .none)
        expectPixel(canvas, 80, 63, argb(255, 0, 160, 0))
        #expect(window.hitTest(Point(x: 80, y: 63.2)) !== buttons[1], "63.2 is content 53.8, above b1")
        #expect(window.hitTest(Point(x: 80, y: 63.5)) === buttons[1])
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

