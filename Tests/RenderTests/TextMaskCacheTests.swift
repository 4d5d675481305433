import NodeCore
import Testing
@testable import Render

/// The text mask cache keeps what fits its byte budget, least recently used out first.
@Suite struct TextMaskCacheTests {
    /// A window of `count` distinct labeled buttons in a grid.
    private func labels(_ count: Int) -> Window {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 1600, height: 1600))
        for i in 0..<count {
            let b = ButtonNode(name: "b\(i)", frame: Rect(x: Double(i % 40) * 40, y: Double(i / 40) * 30, width: 38, height: 28))
            b.label = "L\(i)"
            root.addSubnode(b)
        }
        return Window(root: root, size: root.frame.size)
    }

    @Test func aThousandDistinctLabelsStayCachedAcrossRepaints() throws {
        let renderer = try Renderer(window: labels(1000), background: .white)
        let canvas = try renderer.renderImage()
        let masks = try #require(renderer.glyphs()?.masks)
        #expect(masks.count == 1000)
        renderer.renderFull(into: canvas)
        #expect(masks.count == 1000)
        #expect(masks.bytes <= masks.budget)
    }

    @Test func overBudgetTheLeastRecentlyUsedMasksGoFirst() throws {
        let glyphs = try GlyphRenderer(font: try #require(FontFile.match()), cacheBudget: 20_000)
        let canvas = try Canvas(width: 200, height: 40)
        func draw(_ text: String) {
            glyphs.draw(text, pixelSize: 14, centeredIn: PixelRect(x: 0, y: 0, width: 100, height: 30),
                        visible: canvas.bounds, color: PremultipliedColor(.black), on: canvas.surface)
        }
        // Each 100 × 30 mask costs about 3 KB: the budget holds six.
        for i in 0..<6 { draw("label \(i)") }
        #expect(glyphs.masks.count == 6)
        draw("label 0")  // now the most recent
        for i in 6..<9 { draw("label \(i)") }
        #expect(glyphs.masks.bytes <= glyphs.masks.budget)
        let key = { (text: String) in TextMaskKey(text: text, style: .label(size: 14 * 64), width: 100, height: 30) }
        #expect(glyphs.masks.slot(for: key("label 0")) != nil)
        #expect(glyphs.masks.slot(for: key("label 1")) == nil)
        #expect(glyphs.masks.slot(for: key("label 8")) != nil)
    }

    @Test func anEvictedMaskIsMadeAgainWithTheSamePixels() throws {
        let window = labels(30)
        let small = try Renderer(window: window, background: .white)
        let first = try small.renderImage()
        small.glyphs()?.masks.removeAll()
        let again = try small.renderImage()
        #expect(samePixels(first, again))
    }
}
