import NodeCore
import Testing
@testable import Render

/// Shaping, bidi order and font fallback of `TextShaper` with the fonts `tools/setup` installs.
@Suite struct ShapingTests {
    static let size = 14 * 64

    private func shaper() throws -> TextShaper {
        let font = try #require(FontFile.match())
        return TextShaper(fonts: try FontCollection(primary: font, fallbacks: .fontconfig(family: FontFile.defaultFamily)))
    }

    /// The runs of `text` as one line, in display order.
    private func line(_ text: String, _ shaper: TextShaper) throws -> [GlyphRun] {
        let paragraph = try #require(shaper.paragraph(text.unicodeScalars.map(\.value), size: Self.size))
        return TextShaper.visualOrder(shaper.shape(paragraph, range: 0..<paragraph.scalars.count))
    }

    /// The characters the glyphs of `text` come from, left to right as drawn.
    private func drawnClusters(_ text: String, _ shaper: TextShaper) throws -> [Int] {
        try line(text, shaper).flatMap { $0.glyphs.map { Int($0.cluster) } }
    }

    /// Sample text of every script docs/scenes.md lists.
    static let scripts: [(String, String)] = [
        ("Latin", "Touch the play button, naïve café"),
        ("Greek", "Καλημέρα κόσμε"),
        ("Cyrillic", "Привет, мир"),
        ("Chinese", "播放 按钮 简体中文 繁體中文"),
        ("Japanese", "こんにちは、カタカナ、日本語"),
        ("Korean", "안녕하세요 세계"),
        ("Devanagari", "नमस्ते दुनिया हिन्दी"),
        ("Arabic", "مرحبا بالعالم العربية"),
        ("Hebrew", "שלום עולם עברית"),
        ("Emoji", "😀 🦊 ❤ 👍"),
    ]

    @Test(arguments: scripts)
    func noGlyphOfAListedScriptIsTheMissingGlyph(script: String, text: String) throws {
        let shaper = try shaper()
        let glyphs = try line(text, shaper).flatMap(\.glyphs)
        #expect(!glyphs.isEmpty)
        #expect(!glyphs.contains { $0.index == 0 }, "\(script): \(text) has .notdef glyphs")
    }

    @Test func charactersTheLabelFontLacksComeFromAnotherFont() throws {
        let shaper = try shaper()
        let runs = try line("Play 播放", shaper)
        let primary = try #require(shaper.fonts.primaryFace(size: Self.size))
        #expect(runs.first?.face == primary)
        let cjk = try #require(runs.last)
        #expect(cjk.face != primary)
        #expect(shaper.fonts.faces[cjk.face].covers(0x64AD))
    }

    @Test func latinTextLoadsNoFallbackFont() throws {
        let shaper = try shaper()
        _ = try line("Play, pause & stop — 12:30", shaper)
        #expect(shaper.fonts.faces.count == 1)
        #expect(!shaper.fonts.hasLoadedFallbacks)
    }

    /// A label's runs come back unshaped only for the very same scalars and size: a measure
    /// and the layout after it share one shaping, and canonically equal text (a Kelvin sign
    /// and a K, which the font draws apart) is shaped anew.
    @Test func aLabelIsShapedAgainUnlessItsScalarsAndSizeRepeat() throws {
        let kept = try shaper(), fresh = try shaper()
        func glyphs(_ runs: [GlyphRun]) -> [[UInt32]] { runs.map { $0.glyphs.map(\.index) } }
        func shaped(_ text: String, _ size: Int) throws -> [[UInt32]] {
            let paragraph = try #require(fresh.paragraph(text.unicodeScalars.map(\.value), size: size))
            return glyphs(fresh.shape(paragraph, range: 0..<paragraph.scalars.count))
        }
        #expect(try shaped("K", Self.size) != shaped("\u{212A}", Self.size))
        for (text, size) in [("Play", Self.size), ("Play", Self.size), ("Play", 2 * Self.size), ("K 12", Self.size),
                             ("\u{212A} 12", Self.size), ("K 12", Self.size), ("e\u{301}", Self.size), ("é", Self.size)] {
            let runs = try #require(kept.labelRuns(text, size: size))
            #expect(try glyphs(runs) == shaped(text, size), "\(text) at \(size)")
            #expect(runs.reduce(0) { $0 + $1.width } == fresh.labelRuns(text, size: size).map { $0.reduce(0) { $0 + $1.width } })
        }
    }

    @Test func aTextMeasuredAgainAtAnotherWidthOrSizeMeasuresAsAFreshShaperMeasuresIt() throws {
        let kept = try shaper()
        let texts = ["Great. I booked the place by the river for half past twelve.", "Thanks!", "a  b\u{2003}c\td ", "שלום עולם"]
        // Unbounded, then wrapped, at the sizes of several scales, as the layout's measurer asks.
        for text in texts {
            for maxWidth in [nil, 200 * 64, 90 * 64, 0] as [Int?] {
                for size in [Self.size, Self.size * 5 / 4, Self.size * 2] {
                    let style = TextStyle(size: size, isLabel: false, alignment: .leading, maximumLines: 0)
                    let fresh = try shaper().extent(of: text, style: style, maxWidth: maxWidth)
                    #expect(kept.extent(of: text, style: style, maxWidth: maxWidth) == fresh, "\(text) at \(size), \(String(describing: maxWidth))")
                }
            }
        }
    }

    @Test func ffiBecomesOneLigatureGlyph() throws {
        let glyphs = try line("ffi", shaper()).flatMap(\.glyphs)
        #expect(glyphs.count == 1)
    }

    @Test func kerningNarrowsAV() throws {
        let shaper = try shaper()
        let pair = try line("AV", shaper).reduce(0) { $0 + $1.width }
        let apart = try line("A", shaper).reduce(0) { $0 + $1.width } + line("V", shaper).reduce(0) { $0 + $1.width }
        #expect(pair < apart)
    }

    @Test func arabicLettersTakeTheirJoinedForms() throws {
        let shaper = try shaper()
        let alone = try line("ب", shaper).flatMap(\.glyphs).map(\.index)
        let joined = try line("ببب", shaper).flatMap(\.glyphs).map(\.index)
        #expect(joined.count == 3)
        // Final, medial and initial forms (left to right), none of them the isolated form.
        #expect(Set(joined).count == 3)
        #expect(!joined.contains(alone[0]))
    }

    @Test func combiningMarksJoinTheirBaseCluster() throws {
        let glyphs = try line("e\u{301}", shaper()).flatMap(\.glyphs)
        #expect(glyphs.allSatisfy { $0.cluster == 0 })
        #expect(!glyphs.contains { $0.index == 0 })
    }

    @Test func hebrewIsDrawnRightToLeft() throws {
        #expect(try drawnClusters("שלום", shaper()) == [3, 2, 1, 0])
    }

    @Test func digitsAndLatinInArabicKeepTheirOwnOrder() throws {
        // "price 250 (SAR)" in Arabic: the paragraph is right to left, the digits and the
        // Latin word inside it left to right, the Arabic words right to left.
        let text = "السعر 250 SAR"
        let clusters = try drawnClusters(text, shaper())
        let scalars = Array(text.unicodeScalars)
        let drawn = String(String.UnicodeScalarView(clusters.map { scalars[$0] }))
        #expect(drawn.hasPrefix("SAR 250 "), "drawn left to right: \(drawn)")
        #expect(clusters.suffix(5) == [4, 3, 2, 1, 0])
    }

    @Test func paragraphDirectionComesFromTheFirstStrongCharacter() {
        #expect(TextShaper.bidiLevels("abc שלום".unicodeScalars.map(\.value), rightToLeft: nil).1 == false)
        #expect(TextShaper.bidiLevels("123 שלום abc".unicodeScalars.map(\.value), rightToLeft: nil).1 == true)
    }
}
