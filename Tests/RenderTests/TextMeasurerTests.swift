import NodeCore
import Testing
@testable import Render

/// Intrinsic sizes for the layout (behaviour.md §15.1): text nodes and labels measured by
/// the text engine that paints them, at scale 1, cached by text, style and offered width.
@Suite struct TextMeasurerTests {
    let measurer = TextMeasurer(labelFont: pinnedFonts)

    private func text(_ string: String, fontSize: Double = 14, lines: Int = 0) -> TextNode {
        let node = TextNode(name: "t")
        node.text = string
        node.fontSize = fontSize
        node.maximumLines = lines
        return node
    }

    private func labelled(_ label: String) -> Node {
        let node = ButtonNode(name: "b")
        node.label = label
        return node
    }

    /// The height of one line of the label font at `fontSize` points, as the measurer rounds it.
    private func lineHeight(_ fontSize: Double = 14) throws -> Double {
        try #require(measurer.measure(text("X", fontSize: fontSize), offeredWidth: nil)).size.height
    }

    @Test func aLabelMeasuresItsOneShapedLine() throws {
        let renderer = try #require(try GlyphRenderer.make(for: pinnedFonts))
        let expected = try #require(renderer.measure("Pay now", pixelSize: LabelStyle.fontSize))
        let measured = try #require(measurer.measure(labelled("Pay now"), offeredWidth: 10))
        // Labels never wrap: the offer does not matter. The width holds the line as set at
        // scale 1 (and, within a few points, at the other checked scales), plus the slack.
        let slack = TextMeasurer.slack
        #expect(measured.size.width >= Double(expected.width) + slack && measured.size.width <= Double(expected.width) + 4)
        #expect(measured.size.height >= Double(expected.height) + slack && measured.size.height <= Double(expected.height) + 2)
    }

    @Test func aNodeWithNeitherTextNorLabelMeasuresNothing() {
        #expect(measurer.measure(Node(name: "n"), offeredWidth: nil) == nil)
        #expect(measurer.measure(text(""), offeredWidth: 100) == nil)
    }

    @Test func textWrapsAtTheOfferedWidth() throws {
        let node = text("The quick brown fox jumps over the lazy dog")
        let line = try lineHeight()
        let unwrapped = try #require(measurer.measure(node, offeredWidth: nil))
        #expect(unwrapped.size.height == line)
        let offer = (unwrapped.size.width / 2).rounded()
        let wrapped = try #require(measurer.measure(node, offeredWidth: offer))
        #expect(wrapped.size.width <= offer)
        #expect(wrapped.size.height >= 2 * line - 1 && wrapped.size.height <= 3 * line)
        // An offer at least as wide as the line gives the line.
        #expect(measurer.measure(node, offeredWidth: unwrapped.size.width + 50) == unwrapped)
    }

    @Test func anOfferNarrowerThanAWordGivesTheWidestWordOneWordALine() throws {
        let node = text("a bb extraordinarily c")
        let widest = try #require(measurer.measure(text("extraordinarily"), offeredWidth: nil))
        let narrow = try #require(measurer.measure(node, offeredWidth: 0))
        #expect(narrow.size.width == widest.size.width)
        // Lines as wide as the long word: "a bb", "extraordinarily", "c".
        #expect(narrow.size.height >= 3 * (try lineHeight()) - 1)
    }

    @Test func maximumLinesCapsTheHeight() throws {
        let node = text("one two three four five six seven eight nine ten", lines: 2)
        let measured = try #require(measurer.measure(node, offeredWidth: 40))
        #expect(abs(measured.size.height - 2 * (try lineHeight())) <= 1)
    }

    @Test func theFirstBaselineIsTheAscentFromTheTop() throws {
        let small = try #require(measurer.measure(text("Hg", fontSize: 10), offeredWidth: nil))
        let large = try #require(measurer.measure(text("Hg", fontSize: 30), offeredWidth: nil))
        let smallBaseline = try #require(small.firstBaseline), largeBaseline = try #require(large.firstBaseline)
        #expect(smallBaseline > 0 && smallBaseline < small.size.height)
        #expect(largeBaseline > 2.5 * smallBaseline && largeBaseline < large.size.height)
    }

    @Test func linesStartNewLinesAndRightToLeftTextMeasures() throws {
        let two = try #require(measurer.measure(text("a\nb"), offeredWidth: nil))
        #expect(two.size.height == 2 * (try lineHeight()))
        let arabic = try #require(measurer.measure(text("السعر 250 SAR"), offeredWidth: nil))
        #expect(arabic.size.width > 40)
    }

    @Test(arguments: [1.0, 1.25, 4.0 / 3, 1.5, 1.75, 2.0, 2.25, 2.5, 3.0, 4.0])
    func textSizedByItsMeasurementIsNeitherTruncatedNorClipped(scale: Double) throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let samples = ["Pay", "Total: 12,50 €", "A rather longer caption that wraps", "Zwischensumme inkl. MwSt.",
                       "الإجمالي", "合计金额", "Bezahlen mit Karte", "Artikel hinzufügen", "Willkommen! Bitte scannen Sie Ihren ersten Artikel",
                       "Quantity: 3 × Organic bananas", "ادفع الآن", "Mineralwasser still 1,5 l"]
        for (i, sample) in samples.enumerated() {
            let node = text(sample)
            let offer: Double? = i == 2 ? 120 : nil
            let size = try #require(measurer.measure(node, offeredWidth: offer)).size
            node.frame = Rect(origin: .zero, size: size)
            root.addSubnode(node)
            let renderer = try Renderer(window: Window(root: root, size: Size(width: 400, height: 400)),
                                        background: .white, scale: RenderScale(units: Int(scale * 120)), labelFont: pinnedFonts)
            let fit = try #require(renderer.textFit(of: node))
            #expect(fit.fits, "\(sample) in \(size) at scale \(scale)")
            node.removeFromSupernode()
        }
    }

    @Test func resultsAreCachedByTextStyleAndOfferedWidth() throws {
        let measurer = TextMeasurer(labelFont: pinnedFonts)
        let node = text("Cached words that wrap somewhere")
        _ = measurer.measure(node, offeredWidth: nil)
        _ = measurer.measure(node, offeredWidth: nil)
        #expect(measurer.shapedCount == 1)
        _ = measurer.measure(node, offeredWidth: 60)
        _ = measurer.measure(node, offeredWidth: 60)
        #expect(measurer.shapedCount == 2)
        // Wider than the text: the unwrapped result, shaped already.
        _ = measurer.measure(node, offeredWidth: 5000)
        #expect(measurer.shapedCount == 2)
        node.fontSize = 20
        _ = measurer.measure(node, offeredWidth: 60)
        #expect(measurer.shapedCount == 4)
        // Another node with the same text and style shares the result.
        _ = measurer.measure(text("Cached words that wrap somewhere", fontSize: 20), offeredWidth: 60)
        #expect(measurer.shapedCount == 4)
    }
}
