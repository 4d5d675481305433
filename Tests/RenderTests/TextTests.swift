import NodeCore
import Testing
@testable import Render

@Suite struct TextTests {
    private func labeled(_ text: String, frame: Rect) -> Window {
        let node = box("label", frame.minX, frame.minY, frame.width, frame.height, .white)
        node.label = text
        node.labelColor = .black
        return makeWindow(width: 120, height: 60, node)
    }

    /// Pixels that are not opaque white, split by whether they lie inside `rect`.
    private func inkedPixels(_ canvas: Canvas, inside rect: PixelRect) -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != 0xFFFF_FFFF {
                if rect.contains(PixelRect(x: x, y: y, width: 1, height: 1)) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    @Test func systemFontLookupFindsAFontFile() {
        let font = FontFile.match()
        #expect(font != nil)
        #expect(font?.path.isEmpty == false)
    }

    @Test func labelPaintsGlyphPixelsInsideItsNodeAndNoneOutside() throws {
        let canvas = try render(labeled("Hello", frame: Rect(x: 20, y: 10, width: 80, height: 40)), labelFont: .default)
        let ink = inkedPixels(canvas, inside: PixelRect(x: 20, y: 10, width: 80, height: 40))
        #expect(ink.inside > 50)
        #expect(ink.outside == 0)
    }

    @Test func labelIsCenteredInItsNode() throws {
        let canvas = try render(labeled("HHHH", frame: Rect(x: 0, y: 0, width: 120, height: 60)), labelFont: .default)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.components(x: x, y: y).red < 128 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(abs((minX + maxX + 1) - 120) <= 4, "ink spans x \(minX)...\(maxX)")
        #expect(abs((minY + maxY + 1) - 60) <= 8, "ink spans y \(minY)...\(maxY)")
    }

    @Test func labelTooLongForItsNodeIsClippedToTheNode() throws {
        let canvas = try render(labeled("A label much wider than its node", frame: Rect(x: 40, y: 20, width: 40, height: 12)),
                                labelFont: .default)
        let ink = inkedPixels(canvas, inside: PixelRect(x: 40, y: 20, width: 40, height: 12))
        #expect(ink.inside > 0)
        #expect(ink.outside == 0)
    }

    @Test func labelScalesWithTheBufferScale() throws {
        let window = labeled("Hello", frame: Rect(x: 0, y: 0, width: 120, height: 60))
        func inkHeight(_ canvas: Canvas) -> Int {
            var rows = 0
            for y in 0..<canvas.height where (0..<canvas.width).contains(where: { canvas.components(x: $0, y: y).red < 128 }) {
                rows += 1
            }
            return rows
        }
        let one = inkHeight(try render(window, scale: 1, labelFont: .default))
        let two = inkHeight(try render(window, scale: 2, labelFont: .default))
        #expect(abs(two - 2 * one) <= 2, "ink rows \(one) at 1x, \(two) at 2x")
    }

    @Test func missingFontSkipsTextWithOneWarning() throws {
        let window = labeled("Hello", frame: Rect(x: 20, y: 10, width: 80, height: 40))
        let second = box("second", 0, 0, 10, 10)
        second.label = "again"
        window.root.addSubnode(second)
        let renderer = try Renderer(window: window, background: .white,
                                    labelFont: .file(FontFile(path: "/nonexistent/font.ttf")))
        var warnings: [String] = []
        renderer.warningHandler = { warnings.append($0) }
        let canvas = try renderer.renderImage()
        renderer.renderFull(into: canvas)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("/nonexistent/font.ttf") == true)
        #expect(inkedPixels(canvas, inside: canvas.bounds).inside == 0)
    }

    @Test func labelColorAndNodeOpacityApplyToGlyphs() throws {
        let node = box("label", 0, 0, 120, 60)
        node.label = "█"
        node.labelColor = Color(red: 0, green: 0, blue: 255)
        node.alpha = 0.5
        let canvas = try render(makeWindow(width: 120, height: 60, node), labelFont: .default)
        // The full block glyph's center is fully covered: blue at half opacity over white.
        expectPixel(canvas, 60, 30, argb(255, 127, 127, 255), tolerance: 2)
    }
}
