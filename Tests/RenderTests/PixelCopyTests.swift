import NodeCore
import SeededRandom
import Testing
@testable import Render

/// A canvas whose every pixel names its own position: 0xFF000000 | y << 12 | x.
private func numbered(width: Int = 12, height: Int = 10) throws -> Canvas {
    let canvas = try Canvas(width: width, height: height)
    for y in 0 ..< height { for x in 0 ..< width { canvas.setPixel(x: x, y: y, to: label(x, y)) } }
    return canvas
}

private func label(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0000 | UInt32(y) << 12 | UInt32(x) }

/// Checks `canvas` against `expected(x, y)` everywhere; returns the first mismatch.
private func firstMismatch(_ canvas: Canvas, _ expected: (Int, Int) -> UInt32) -> (Int, Int)? {
    for y in 0 ..< canvas.height { for x in 0 ..< canvas.width where canvas.pixel(x: x, y: y) != expected(x, y) {
        return (x, y)
    } }
    return nil
}

@Suite struct PixelCopyTests {
    /// Every direction within one buffer, where rows and columns overlap their sources.
    @Test(arguments: [(0, 3), (0, -3), (2, 0), (-2, 0), (3, 2), (-3, -2), (1, -4), (-1, 4)])
    func movingWithinOneCanvasReadsEveryPixelBeforeOverwritingIt(dx: Int, dy: Int) throws {
        let canvas = try numbered()
        let rect = PixelRect(x: 2, y: 1, width: 8, height: 7)
        canvas.copyPixels(into: rect, from: canvas, movedBy: dx, dy: dy)
        let mismatch = firstMismatch(canvas) { x, y in
            let moved = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                && canvas.bounds.contains(PixelRect(x: x - dx, y: y - dy, width: 1, height: 1))
            return moved ? label(x - dx, y - dy) : label(x, y)
        }
        #expect(mismatch == nil)
    }

    @Test func copyingFromAnotherCanvasTakesItsPixelsAndLeavesTheSourceAlone() throws {
        let source = try numbered()
        let target = try Canvas(width: 12, height: 10)
        target.copyPixels(into: PixelRect(x: 0, y: 0, width: 4, height: 3), from: source, movedBy: 0, dy: 0)
        target.copyPixels(into: PixelRect(x: 5, y: 5, width: 3, height: 2), from: source, movedBy: -5, dy: 1)
        #expect(target.pixel(x: 3, y: 2) == label(3, 2))
        #expect(target.pixel(x: 4, y: 2) == 0)
        #expect(target.pixel(x: 5, y: 5) == label(10, 4))
        #expect(target.pixel(x: 6, y: 6) == label(11, 5))
        #expect(target.pixel(x: 7, y: 6) == 0, "its source (12, 5) is past the source's right edge")
        #expect(firstMismatch(source) { label($0, $1) } == nil)
    }

    @Test func pixelsWhoseSourceIsOutsideTheSourceAreLeftAlone() throws {
        let source = try numbered()
        let target = try Canvas(width: 12, height: 10)
        target.fill(Color(red: 0, green: 0, blue: 255))
        let blue: UInt32 = 0xFF00_00FF
        // Moving down by 4 into rows 0...5: rows 0...3 would read rows -4...-1.
        target.copyPixels(into: PixelRect(x: 0, y: 0, width: 12, height: 6), from: source, movedBy: 0, dy: 4)
        #expect(firstMismatch(target) { x, y in y < 4 || y >= 6 ? blue : label(x, y - 4) } == nil)
        // Rects reaching past the canvas are clipped, never written out of bounds.
        target.copyPixels(into: PixelRect(x: -5, y: 8, width: 40, height: 40), from: source, movedBy: 0, dy: 0)
        #expect(target.pixel(x: 11, y: 9) == label(11, 9))
    }

    /// Copies a few pixels wide (a crosshair's column, word by word) and wider (a call per
    /// row) between two canvases, at random places, sizes and moves: each pixel as a
    /// per-pixel copy gives it.
    @Test func narrowAndWideCopiesBetweenCanvasesEqualAPixelByPixelCopy() throws {
        var random = SplitMix64(seed: 7)
        let source = try numbered(width: 40, height: 30)
        for _ in 0 ..< 200 {
            let target = try Canvas(width: 40, height: 30), expected = try Canvas(width: 40, height: 30)
            let rect = PixelRect(x: Int(random.next() % 44) - 2, y: Int(random.next() % 34) - 2,
                                 width: 1 + Int(random.next() % 24), height: 1 + Int(random.next() % 12))
            let dx = Int(random.next() % 7) - 3, dy = Int(random.next() % 7) - 3
            target.copyPixels(into: rect, from: source, movedBy: dx, dy: dy)
            for y in 0 ..< 30 { for x in 0 ..< 40 where rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                && source.bounds.contains(PixelRect(x: x - dx, y: y - dy, width: 1, height: 1)) {
                expected.setPixel(x: x, y: y, to: source.pixel(x: x - dx, y: y - dy))
            } }
            #expect(firstMismatch(target) { expected.pixel(x: $0, y: $1) } == nil, "\(rect) moved by \(dx), \(dy)")
        }
    }
}

@Suite struct PixelRectSubtractionTests {
    @Test func aHoleLeavesFourDisjointBandsCoveringTheRest() {
        let outer = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let parts = outer.subtracting(PixelRect(x: 3, y: 4, width: 2, height: 3))
        #expect(parts == [PixelRect(x: 0, y: 0, width: 10, height: 4), PixelRect(x: 0, y: 7, width: 10, height: 3),
                          PixelRect(x: 0, y: 4, width: 3, height: 3), PixelRect(x: 5, y: 4, width: 5, height: 3)])
        #expect(parts.map(\.area).reduce(0, +) == 100 - 6)
    }

    @Test func disjointContainingAndEdgeCuts() {
        let rect = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.subtracting(PixelRect(x: 20, y: 0, width: 5, height: 5)) == [rect])
        #expect(rect.subtracting(PixelRect(x: -1, y: -1, width: 12, height: 12)).isEmpty)
        #expect(rect.subtracting(PixelRect(x: 0, y: 7, width: 10, height: 9)) == [PixelRect(x: 0, y: 0, width: 10, height: 7)])
    }
}
