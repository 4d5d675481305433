import Foundation
import NodeCore
import Testing
@testable import Render

/// Shaped text in every script docs/scenes.md lists, rendered at scale 2 and compared with
/// the reference PNGs in `TextGolden/` (written with `TOUCHSTONE_UPDATE_GOLDEN=1`, like
/// `Golden/`), in `pinnedFonts`.
@Suite struct TextGoldenTests {
    static let folder = GoldenImageTests.testsFolder.appendingPathComponent("TextGolden")

    /// A 200 × 40 button with `text` as its label.
    static func label(_ text: String) -> Window {
        let button = ButtonNode(name: "button", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        button.backgroundColor = Color(red: 229, green: 229, blue: 234)
        button.label = text
        return makeWindow(width: 200, height: 40, button)
    }

    /// Text nodes side by side, each 140 × 80 with a light background.
    static func texts(_ nodes: [(String, TextAlignment, Int)]) -> Window {
        let children = nodes.enumerated().map { i, spec in
            let node = TextNode(name: "text\(i)", frame: Rect(x: 4 + Double(i) * 148, y: 4, width: 140, height: 80))
            node.backgroundColor = Color(red: 242, green: 242, blue: 247)
            node.text = spec.0
            node.alignment = spec.1
            node.maximumLines = spec.2
            return node as Node
        }
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: Double(nodes.count) * 148 + 4, height: 88))
        for child in children { root.addSubnode(child) }
        return Window(root: root, size: root.frame.size)
    }

    static let cases: [(String, @Sendable () -> Window)] = [
        ("chinese", { label("播放 按钮 简体中文") }),
        ("japanese", { label("こんにちは、日本語") }),
        ("devanagari", { label("नमस्ते दुनिया") }),
        ("arabic", { label("مرحبا بالعالم") }),
        ("hebrew", { label("שלום עולם") }),
        ("mixed-arabic-latin-digits", { label("السعر 250 ريال (SAR)") }),
        ("ligature-ffi", { label("office ffi fl") }),
        ("combining-marks", { label("e\u{301} a\u{308} n\u{303} q\u{323}\u{307} Å") }),
        ("emoji", { label("😀 🦊 ❤ 👍") }),
        ("text-wrapping", { texts([("The quick brown fox jumps over the lazy dog.", .leading, 0),
                                   ("我能吞下玻璃而不伤身体。", .leading, 0)]) }),
        ("text-truncation", { texts([("The quick brown fox jumps over the lazy dog again and again.", .leading, 2),
                                     ("A heading far too long for one line", .center, 1)]) }),
        ("text-alignment-rtl", { texts([("שלום עולם", .leading, 0), ("שלום עולם", .trailing, 0),
                                        ("مرحبا بالعالم", .center, 0), ("مرحبا بالعالم وكل من فيه 123", .leading, 2)]) }),
    ]

    @Test(arguments: cases.map(\.0))
    func shapedTextMatchesItsGoldenImage(name: String) throws {
        let window = try #require(Self.cases.first { $0.0 == name }).1()
        let canvas = try Renderer(window: window, background: .white, scale: 2, labelFont: pinnedFonts).renderImage()
        try GoldenImageTests.compare(canvas, withGoldenAt: Self.folder.appendingPathComponent("\(name).png").path)
    }

    @Test func everyTextGoldenImageBelongsToACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".png") }
        #expect(files.sorted() == Self.cases.map { "\($0.0).png" }.sorted())
    }
}
