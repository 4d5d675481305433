import Render
import SeededRandom
import Testing
import WaylandClient
@testable import TouchstoneApp

/// A 240×180 window: a header bar, a list as wide as the window (or inset, `fullWidth`
/// false) with labelled buttons, and a footer bar that never scroll.
private func listWindow(fullWidth: Bool) -> (NodeCore.Window, ScrollNode, [ButtonNode]) {
    let inset = fullWidth ? 0.0 : 12.0
    let list = ScrollNode(name: "list", frame: Rect(x: inset, y: 20, width: 240 - 2 * inset, height: 140))
    list.backgroundColor = .white
    list.contentSize = Size(width: 240 - 2 * inset, height: 2000)
    let colors = [Color(red: 0, green: 0, blue: 255), Color(red: 0, green: 160, blue: 0)]
    let buttons = (0 ..< 40).map { i in
        let button = ButtonNode(name: "b\(i)", frame: Rect(x: 10, y: Double(i * 50 + 4), width: 200 - 2 * inset, height: 40))
        (button.backgroundColor, button.highlightedColor, button.label) = (colors[i % 2], Color(red: 255, green: 0, blue: 0), "Button \(i)")
        return button
    }
    buttons.forEach(list.addSubnode)
    let header = ButtonNode(name: "header", frame: Rect(x: 0, y: 0, width: 240, height: 20))
    header.backgroundColor = Color(red: 200, green: 200, blue: 0)
    header.label = "Header"
    let footer = ButtonNode(name: "footer", frame: Rect(x: 0, y: 160, width: 240, height: 20))
    footer.backgroundColor = Color(red: 90, green: 0, blue: 90)
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 240, height: 180))
    for node in [header, list, footer] as [Node] { root.addSubnode(node) }
    return (NodeCore.Window(root: root, size: Size(width: 240, height: 180)), list, buttons)
}

/// The live session's frame path without a compositor: the window's swap chain of pool
/// buffers (ShmMemory, scrolling), `FramePainter.takeDamage` and `paint`, and releases
/// in the order `release` picks, as `ToplevelWindow.drawIfNeeded` does them.
private final class OffscreenSession {
    let painter: FramePainter
    var chain = SwapChain<ShmMemory>()
    let poolSize: Int
    var busy: [Int] = []

    init(window: NodeCore.Window, scale120: UInt32, poolSize: Int) throws {
        painter = try FramePainter(window: window, background: .white) { _ in }
        painter.resize(to: Size(width: window.size.width.rounded(.towardZero), height: window.size.height.rounded(.towardZero)),
                       scale: scale120 == 120 ? .integer(1) : .fractional(scale120: scale120))
        self.poolSize = poolSize
    }

    /// Paints one frame into the next free buffer and returns it (nil: all busy).
    func frame() throws -> ShmMemory? {
        guard let (id, memory) = try painter.offscreenFrame(chain: &chain, poolSize: poolSize) else { return nil }
        busy.append(id)
        return memory
    }

    func release(_ id: Int) {
        chain.release(id: id, currentSize: nil)
        busy.removeAll { $0 == id }
    }

    /// Pixels of `memory` that differ from a full repaint of the window.
    func differences(_ memory: ShmMemory) throws -> Int {
        let full = try painter.renderer.renderImage()
        return memory.view.withPixels { bytes in
            var count = 0
            for y in 0 ..< full.height {
                for x in 0 ..< full.width where bytes.load(fromByteOffset: y * memory.stride + x * 4, as: UInt32.self)
                    != full.pixel(x: x, y: y) {
                    count += 1
                }
            }
            return count
        }
    }
}

/// Scrolling through pool buffers that move in their memory (foot's shm scrolling): every
/// frame equals a full repaint pixel for pixel, whichever buffer it lands in.
@Suite struct ShmScrollingTests {
    /// 7 pt frames up and down with random turns, releases in random order so that 1 to 3
    /// buffers rotate (a buffer catches up on every frame it missed), highlights in the
    /// header and in the list now and then, pools of four frames so the buffers wrap around.
    @Test(arguments: [120, 180] as [UInt32], [false, true])
    func scrollFramesThroughRotatingPoolBuffersEqualAFullRepaint(scale120: UInt32, overlay: Bool) throws {
        let (window, list, buttons) = listWindow(fullWidth: true)
        window.showsTappableAreas = overlay
        let session = try OffscreenSession(window: window, scale120: scale120, poolSize: 0)
        var random = SplitMix64(seed: 21)
        var direction = 1.0
        var wraps = 0
        var lastOffsets: [Int: Int] = [:]
        for frame in 0 ..< 240 {
            if frame > 0 {
                if Int.random(in: 0 ..< 25, using: &random) == 0 { direction = -direction }
                list.contentOffset.y = min(max(list.contentOffset.y + 7 * direction, 0), 1860)
                if list.contentOffset.y == 0 || list.contentOffset.y == 1860 { direction = -direction }
                if Int.random(in: 0 ..< 20, using: &random) == 0 {
                    buttons[Int.random(in: 0 ..< buttons.count, using: &random)].isHighlighted.toggle()
                }
                if Int.random(in: 0 ..< 30, using: &random) == 0 {
                    (window.root.subnodes[0] as? ButtonNode)?.isHighlighted.toggle()
                }
            }
            // The compositor gives back buffers in its own time: none, the oldest, or all.
            while session.busy.count >= 3 || (!session.busy.isEmpty && Int.random(in: 0 ..< 3, using: &random) == 0) {
                session.release(session.busy[Int.random(in: 0 ..< session.busy.count, using: &random)])
            }
            let memory = try #require(try session.frame())
            if let last = lastOffsets[memory.serial], abs(memory.offset - last) > memory.capacity / 2 { wraps += 1 }
            lastOffsets[memory.serial] = memory.offset
            #expect(try session.differences(memory) == 0, "frame \(frame), offset \(list.contentOffset.y)")
        }
        #expect(session.chain.slots.count == 3, "three buffers rotated")
        #expect(session.painter.scrollPainter.poolMoveCount > (overlay && scale120 != 120 ? 30 : 150),
                "most frames moved the buffer in its pool")
        #expect(wraps > 0, "buffers wrapped around their pools")
    }

    @Test(arguments: [120, 180] as [UInt32])
    func aListNarrowerThanTheWindowIsCopiedNotMovedInThePoolAndStaysExact(scale120: UInt32) throws {
        let (window, list, _) = listWindow(fullWidth: false)
        let session = try OffscreenSession(window: window, scale120: scale120, poolSize: ShmMemory.scrollingPoolSize)
        for frame in 0 ..< 40 {
            list.contentOffset.y = Double(frame) * 7
            let memory = try #require(try session.frame())
            if let id = session.busy.first, session.busy.count > 1 { session.release(id) }
            #expect(try session.differences(memory) == 0, "frame \(frame)")
        }
        #expect(session.painter.scrollPainter.poolMoveCount == 0)
        #expect(session.painter.scrollPainter.moveCount > 30, "its pixels were copied within the buffer")
    }

    /// A scale change while scrolling stays exact, here to 160×120 pt at 1.5: buffers of
    /// the same 240×180 pixels, painted again, then moved at the new scale.
    @Test func aScaleChangeWhileScrollingStaysExactInBuffersOfTheSameSize() throws {
        let (window, list, _) = listWindow(fullWidth: true)
        let session = try OffscreenSession(window: window, scale120: 120, poolSize: ShmMemory.scrollingPoolSize)
        for frame in 0 ..< 24 {
            if frame == 8 { session.painter.resize(to: Size(width: 160, height: 120), scale: .fractional(scale120: 180)) }
            if frame == 16 { session.painter.resize(to: Size(width: 240, height: 180), scale: .integer(1)) }
            list.contentOffset.y = Double(frame) * 7
            if frame == 8 || frame == 16 { window.root.invalidateSelf() }
            let memory = try #require(try session.frame())
            if let id = session.busy.first, session.busy.count > 1 { session.release(id) }
            #expect(try session.differences(memory) == 0, "frame \(frame)")
        }
        #expect(session.painter.scrollPainter.poolMoveCount >= 10)
    }

    /// The tappable-area overlay is painted over the content where it is at the exact
    /// offset: it moves with the content between offsets on whole pixels (every frame at
    /// scale 1, every other one at 1.5); the frames that turn it on or off are painted.
    @Test(arguments: [120, 180] as [UInt32])
    func framesWithTheOverlayOnMoveAtWholePixelOffsetsAndStayExact(scale120: UInt32) throws {
        let (window, list, _) = listWindow(fullWidth: true)
        let session = try OffscreenSession(window: window, scale120: scale120, poolSize: ShmMemory.scrollingPoolSize)
        for frame in 0 ..< 60 {
            if frame == 10 { window.showsTappableAreas = true }
            if frame == 30 { window.showsTappableAreas = false }
            list.contentOffset.y = Double(frame) * 7
            let memory = try #require(try session.frame())
            if let id = session.busy.first, session.busy.count > 1 { session.release(id) }
            #expect(try session.differences(memory) == 0, "frame \(frame)")
            if frame == 29 {
                #expect(session.painter.scrollPainter.poolMoveCount > (scale120 == 120 ? 25 : 15), "moves with the overlay on")
            }
        }
        #expect(session.painter.scrollPainter.poolMoveCount > (scale120 == 120 ? 50 : 40))
    }
}
