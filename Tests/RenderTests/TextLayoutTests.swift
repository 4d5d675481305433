import NodeCore
import Testing
@testable import Render

/// Lines of text nodes: wrapping, truncation with an ellipsis, alignment by direction.
@Suite struct TextLayoutTests {
    private func glyphs() throws -> GlyphRenderer {
        try GlyphRenderer(font: try #require(FontFile.match()))
    }

    private func style(_ alignment: TextAlignment = .leading, lines: Int = 0) -> TextStyle {
        TextStyle(size: 14 * 64, isLabel: false, alignment: alignment, maximumLines: lines)
    }

    /// The distinct baselines of the layout, top to bottom.
    private func baselines(_ layout: TextLayout) -> [Int] {
        Array(Set(layout.glyphs.map(\.y))).sorted()
    }

    @Test func latinWrapsBetweenWordsAndEveryLineFits() throws {
        let renderer = try glyphs()
        let text = "The quick brown fox jumps over the lazy dog"
        let layout = try #require(renderer.fit(text, style: style(), width: 120, height: 200))
        #expect(layout.lineCount > 1)
        #expect(!layout.isTruncated && !layout.isClipped)
        let widest = layout.glyphs.map { $0.x }.max() ?? 0
        #expect(widest < 120 * 64)
        // A line holding only the first word: the second word moves down whole.
        let width = try #require(renderer.measure("wrapping", pixelSize: 14)).width
        let two = try #require(renderer.fit("wrapping here", style: style(), width: width + 8, height: 200))
        #expect(two.lineCount == 2)
        let second = try #require(baselines(two).last)
        #expect(two.glyphs.filter { $0.y == second }.count == 4)
    }

    @Test func chineseBreaksBetweenCharacters() throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit("我能吞下玻璃而不伤身体我能吞下玻璃", style: style(), width: 100, height: 200))
        #expect(layout.lineCount >= 2)
        #expect(!layout.isTruncated && !layout.isClipped)
    }

    @Test func aWordWiderThanTheLineIsBrokenInsideIt() throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit("Supercalifragilisticexpialidocious", style: style(), width: 80, height: 200))
        #expect(layout.lineCount >= 3)
        #expect(!layout.isClipped)
    }

    @Test func linesBeyondTheLimitAreCutWithAnEllipsis() throws {
        let renderer = try glyphs()
        let text = "The quick brown fox jumps over the lazy dog and runs far away"
        let two = try #require(renderer.fit(text, style: style(lines: 2), width: 120, height: 200))
        #expect(two.lineCount == 2)
        #expect(two.isTruncated)
        #expect(baselines(two).count == 2)
        let all = try #require(renderer.fit(text, style: style(lines: 0), width: 120, height: 200))
        #expect(all.lineCount > 2)
        #expect(!all.isTruncated)
    }

    @Test func unlimitedLinesStopAtTheHeightWithAnEllipsis() throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit("one two three four five six seven eight nine ten",
                                               style: style(lines: 0), width: 60, height: 40))
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        #expect(!layout.isClipped)
    }

    @Test func aSingleLineTooWideEndsInAnEllipsisInsideTheBox() throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit("A title much too long for its box", style: style(lines: 1), width: 90, height: 30))
        #expect(layout.isTruncated)
        #expect(!layout.isClipped)
        #expect(layout.lineCount == 1)
    }

    @Test func newlinesStartNewLines() throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit("one\ntwo\r\nthree", style: style(), width: 200, height: 200))
        #expect(layout.lineCount == 3)
        #expect(baselines(layout).count == 3)
    }

    @Test(arguments: [
        (TextAlignment.left, "abc", true), (.right, "abc", false), (.leading, "abc", true), (.trailing, "abc", false),
        (.left, "שלום", true), (.right, "שלום", false), (.leading, "שלום", false), (.trailing, "שלום", true),
    ])
    func alignmentPlacesTheLineByDirection(alignment: TextAlignment, text: String, atLeft: Bool) throws {
        let renderer = try glyphs()
        let layout = try #require(renderer.fit(text, style: style(alignment), width: 200, height: 40))
        let left = try #require(layout.glyphs.map(\.x).min())
        if atLeft {
            #expect(left < 4 * 64)
        } else {
            #expect(left > 150 * 64)
        }
    }

    @Test func centeredLinesHaveEqualMargins() throws {
        let renderer = try glyphs()
        let width = try #require(renderer.measure("centered", pixelSize: 14)).width
        let layout = try #require(renderer.fit("centered", style: style(.center), width: 200, height: 40))
        let left = try #require(layout.glyphs.map(\.x).min())
        #expect(abs(left / 64 - (200 - width) / 2) <= 2)
    }

    @Test(arguments: [1.25, 1.5, 2.5])
    func glyphsFollowAFractionalScale(scale: Double) throws {
        func inkWidth(_ scale: RenderScale) throws -> Int {
            let node = TextNode(name: "t", frame: Rect(x: 0, y: 0, width: 300, height: 40))
            node.text = "مرحبا 播放 Play"
            let canvas = try Renderer(window: makeWindow(width: 300, height: 40, node), background: .white,
                                      scale: scale).renderImage()
            let columns = (0..<canvas.width).filter { x in (0..<canvas.height).contains { canvas.components(x: x, y: $0).red < 128 } }
            return (columns.last ?? 0) - (columns.first ?? 0)
        }
        let one = try inkWidth(1), scaled = try inkWidth(RenderScale(floatLiteral: scale))
        // Hinting rounds each glyph to whole pixels at its own size: allow 6 %.
        #expect(abs(Double(scaled) - Double(one) * scale) <= 0.06 * Double(one) * scale, "ink \(one) px at 1, \(scaled) px at \(scale)")
    }
}

/// Strings libunibreak 1.1 aborted on (issue 31): flags and U+FFFF are ordinary text.
@Suite struct UnusualTextTests {
    @Test func aFlagIsNeverBrokenInsideButMayBreakBetweenFlags() {
        let breaks = UnicodeLineBreaks.after([0x1F1FA, 0x1F1F8, 0x1F1EB, 0x1F1F7])
        // libunibreak's codes: 0 a break must follow, 1 may, 2 may not.
        #expect(breaks == [2, 1, 2, 0])
    }

    @Test func nonCharactersAndFlagsLayOutInEveryStyle() throws {
        let renderer = try GlyphRenderer(font: try #require(FontFile.match()))
        let texts = ["🇺🇸", "\u{FFFF}", "a\u{FFFF}b 🇺🇸🇫🇷 \u{1F1E6}", "\u{FFFE}\u{10FFFF}\u{E0001}", "\u{0300}🇺", "\u{202E}🇺🇸\u{200F}x"]
        for text in texts {
            for label in [true, false] {
                let style = TextStyle(size: 14 * 64, isLabel: label, alignment: .leading, maximumLines: 0)
                let layout = try #require(renderer.fit(text, style: style, width: 20, height: 200))
                #expect(layout.lineCount >= 1, "\(text.unicodeScalars.map(\.value))")
            }
        }
    }
}
