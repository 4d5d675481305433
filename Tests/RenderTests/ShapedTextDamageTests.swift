import NodeCore
import Testing
@testable import Render

/// Repainting only the damage of changes to shaped labels and text nodes gives the pixels
/// of a full repaint, at whole and fractional scales.
@Suite struct ShapedTextDamageTests {
    private func scene() -> (Window, [Node]) {
        let texts = ["播放 按钮", "مرحبا 123", "नमस्ते", "שלום", "office ffi", "e\u{301} 😀"]
        var nodes: [Node] = []
        for (i, text) in texts.enumerated() {
            let button = ButtonNode(name: "b\(i)", frame: Rect(x: 4 + Double(i % 3) * 70, y: 4 + Double(i / 3) * 34,
                                                              width: 66.5, height: 30.25))
            button.backgroundColor = Color(red: 229, green: 229, blue: 234)
            button.highlightedColor = Color(red: 174, green: 174, blue: 178)
            button.label = text
            nodes.append(button)
        }
        let paragraph = TextNode(name: "para", frame: Rect(x: 4, y: 76, width: 120.5, height: 50))
        paragraph.text = "السعر 250 ريال مع كلمة English ثم نص أطول"
        paragraph.alignment = .leading
        nodes.append(paragraph)
        let caption = TextNode(name: "caption", frame: Rect(x: 130, y: 76, width: 80, height: 50))
        caption.text = "我能吞下玻璃而不伤身体"
        caption.maximumLines = 2
        caption.alpha = 0.6
        nodes.append(caption)
        let window = makeWindow(width: 220, height: 130)
        for node in nodes { window.root.addSubnode(node) }
        return (window, nodes)
    }

    @Test(arguments: [1.0, 1.25, 1.5, 2.0, 2.75])
    func repaintingTheDamageOfTextChangesEqualsAFullRepaint(scale: Double) throws {
        let (window, nodes) = scene()
        let renderer = try Renderer(window: window, background: .white, scale: RenderScale(floatLiteral: scale))
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        _ = renderer.takeDamage()
        let paragraph = try #require(nodes[6] as? TextNode), caption = try #require(nodes[7] as? TextNode)
        let changes: [(String, () -> Void)] = [
            ("highlight", { (nodes[0] as? ButtonNode)?.isHighlighted = true }),
            ("relabel", { nodes[1].label = "שלום 42 abc" }),
            ("text", { paragraph.text = "نص جديد 7" }),
            ("align", { paragraph.alignment = .center }),
            ("lines", { caption.maximumLines = 1 }),
            ("move", { nodes[2].frame = Rect(x: 10.5, y: 40.25, width: 80, height: 30) }),
            ("color", { caption.textColor = Color(red: 200, green: 0, blue: 0) }),
        ]
        for (name, change) in changes {
            change()
            renderer.render(damage: renderer.takeDamage(), into: canvas)
            let full = try renderer.renderImage()
            let wrong = differingPixels(canvas, full)
            #expect(wrong.isEmpty, "scale \(scale) after \(name): \(wrong.count) pixels differ")
        }
    }
}
