import Foundation
import NodeCore
import Testing
@testable import Render

/// The first frame's text masks kept between runs: a start whose texts were drawn before
/// opens no font, and draws the same pixels.
@Suite struct TextMaskStoreTests {
    private static let texts = ["Play", "Settings", "Ünïcödé 42", "a much longer label that is cut"]

    /// A store file in a folder of its own, removed with `cleanUp`.
    private static func storeFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "text-masks-\(UUID().uuidString)")
        return folder.appending(path: "nested/first-frame-text").path
    }

    private static func cleanUp(_ file: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file).deletingLastPathComponent()
            .deletingLastPathComponent().path)
    }

    /// Draws `texts` in boxes down a canvas, as labels and as a text node's wrapped text.
    private static func draw(_ texts: [String], with glyphs: GlyphRenderer) throws -> Canvas {
        let canvas = try Canvas(width: 240, height: 60 * texts.count)
        canvas.fill(.white)
        for (i, text) in texts.enumerated() {
            glyphs.draw(text, pixelSize: 15, centeredIn: PixelRect(x: 0, y: 60 * i, width: 120, height: 30),
                        visible: canvas.bounds, color: PremultipliedColor(.black), on: canvas.surface)
            glyphs.draw(text, style: TextStyle(size: 13 * 64, isLabel: false, alignment: .leading, maximumLines: 2),
                        in: PixelRect(x: 120, y: 60 * i, width: 110, height: 50), visible: canvas.bounds,
                        color: PremultipliedColor(alpha: 255, red: 0, green: 0, blue: 200), on: canvas.surface)
        }
        return canvas
    }

    @Test func aSecondStartDrawsTheSameTextFromTheStoreWithoutOpeningAFont() throws {
        let font = try #require(FontFile.match())
        let file = try Self.storeFile()
        defer { Self.cleanUp(file) }
        let first = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        #expect(first.hasOpenedFonts)
        let drawn = try Self.draw(Self.texts, with: first)
        first.store?.save()

        let second = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        #expect(!second.hasOpenedFonts)
        let again = try Self.draw(Self.texts, with: second)
        #expect(!second.hasOpenedFonts)
        #expect(samePixels(drawn, again))

        // A text the store lacks opens the font then.
        _ = try Self.draw(["Pause"], with: second)
        #expect(second.hasOpenedFonts)
    }

    @Test func aStoreWrittenForAnotherFontFileHoldsNothing() throws {
        let font = try #require(FontFile.match())
        let file = try Self.storeFile()
        defer { Self.cleanUp(file) }
        let first = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        _ = try Self.draw(Self.texts, with: first)
        first.store?.save()
        #expect(TextMaskStore(file: file, font: font).hasMasks)
        // The same file under another name (a link) is another font to the store.
        let link = URL(fileURLWithPath: file).deletingLastPathComponent().appending(path: "font-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: font.path)
        #expect(!TextMaskStore(file: file, font: FontFile(path: link, faceIndex: font.faceIndex)).hasMasks)
        #expect(!TextMaskStore(file: file, font: FontFile(path: font.path, faceIndex: font.faceIndex + 1)).hasMasks)
    }

    @Test func aDamagedStoreFileIsAMissAndTextIsShapedAsWithout() throws {
        let font = try #require(FontFile.match())
        let file = try Self.storeFile()
        defer { Self.cleanUp(file) }
        let first = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        let drawn = try Self.draw(Self.texts, with: first)
        first.store?.save()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        // Cut inside the last mask: every entry before it is still whole, the last is dropped.
        bytes.removeLast(7)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let second = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        #expect(try samePixels(drawn, Self.draw(Self.texts, with: second)))
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: file))
        #expect(!TextMaskStore(file: file, font: font).hasMasks)
    }

    @Test func onlyTextSetWhollyInTheLabelFontIsKept() throws {
        let font = try #require(FontFile.match())
        let file = try Self.storeFile()
        defer { Self.cleanUp(file) }
        let first = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        // U+64AD is not in DejaVu Sans: it comes from a fallback font, whose file the store
        // does not check.
        _ = try Self.draw(["Play", "播放"], with: first)
        first.store?.save()
        let second = try GlyphRenderer(font: font, store: TextMaskStore(file: file, font: font))
        _ = try Self.draw(["Play"], with: second)
        #expect(!second.hasOpenedFonts)
        _ = try Self.draw(["播放"], with: second)
        #expect(second.hasOpenedFonts)
    }
}
