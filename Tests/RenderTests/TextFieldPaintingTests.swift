import NodeCore
import Testing
@testable import Render

// behaviour.md §16.5: a text field's caret, placeholder, secure bullets and selection, and
// repaints of their damage alone.

@Suite struct TextFieldPaintingTests {
    /// A window of 240 × 60 points editing-ready: a white field at (10, 10), 200 × 40, font 20.
    private func scene(text: String = "") -> (Window, TextFieldNode) {
        let field = TextFieldNode(name: "f", frame: Rect(x: 10, y: 10, width: 200, height: 40))
        field.backgroundColor = .white
        field.fontSize = 20
        field.text = text
        let window = makeWindow(width: 240, height: 60, field)
        window.textFieldMetrics = ShapedTextFieldMetrics(labelFont: pinnedFonts)
        return (window, field)
    }

    /// The darkest red channel in the field's text area.
    private func darkest(_ canvas: Canvas, scale: Int = 1) -> UInt8 {
        var darkest: UInt8 = 255
        for y in 12 * scale ..< 48 * scale {
            for x in 18 * scale ..< 202 * scale { darkest = min(darkest, canvas.components(x: x, y: y).red) }
        }
        return darkest
    }

    @Test func theCaretIsPaintedInTheTextColorOnlyWhileEditing() throws {
        // After a space: no glyph's ink near the caret.
        let (window, field) = scene(text: "a ")
        let caret = field.convert(field.caretRect, to: nil)
        let x = Int(caret.midX), y = Int(caret.midY)
        expectPixel(try render(window, labelFont: pinnedFonts), x, y, opaqueWhite)
        window.makeFirstResponder(field)
        let rect = field.convert(field.caretRect, to: nil)
        expectPixel(try render(window, labelFont: pinnedFonts), Int(rect.midX), Int(rect.midY), argb(255, 0, 0, 0))
        field.isCaretShown = false
        expectPixel(try render(window, labelFont: pinnedFonts), Int(rect.midX), Int(rect.midY), opaqueWhite)
    }

    @Test func thePlaceholderIsGreyAndTheTextIsNot() throws {
        let (window, field) = scene()
        field.placeholder = "Search"
        let placeholder = darkest(try render(window, labelFont: pinnedFonts))
        #expect(placeholder >= 0x99 - 2 && placeholder < 0xF0)
        field.text = "Search"
        #expect(darkest(try render(window, labelFont: pinnedFonts)) < 0x40)
    }

    @Test func aSecureFieldPaintsBulletsNotItsText() throws {
        let (window, field) = scene(text: "abc")
        field.isSecureTextEntry = true
        let secure = try render(window, labelFont: pinnedFonts)
        let (bulletsWindow, _) = scene(text: "•••")
        #expect(samePixels(secure, try render(bulletsWindow, labelFont: pinnedFonts)))
    }

    @Test func theSelectionIsPaintedBehindTheText() throws {
        let (window, field) = scene(text: "mmmm")
        window.makeFirstResponder(field)
        _ = window.keyPressed("Home", time: 0)
        _ = window.keyPressed("Right", modifiers: .shift, time: 1)
        _ = window.keyPressed("Right", modifiers: .shift, time: 2)
        let canvas = try render(window, labelFont: pinnedFonts)
        #expect(field.selection == 0 ..< 2)
        let start = 10 + TextFieldNode.textInset, end = 10 + field.caretX
        // Above the glyphs' x-height, inside the selection's band (a line, 25 pt, centered):
        // the selection color over the two selected letters, white over the third.
        let selection = field.selectionColor
        expectPixel(canvas, Int((start + end) / 2), 20, argb(255, selection.red, selection.green, selection.blue))
        expectPixel(canvas, Int(end) + 12, 20, opaqueWhite)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func repaintingTheDamageOfEditsAndBlinksEqualsAFullRepaint(scale: Double) throws {
        let (window, field) = scene(text: "Touchstone")
        let renderer = try Renderer(window: window, background: .white, scale: RenderScale(floatLiteral: scale),
                                    labelFont: pinnedFonts)
        let canvas = try renderer.makeCanvas()
        renderer.renderFull(into: canvas)
        _ = renderer.takeDamage()
        let changes: [(String, () -> Void)] = [
            ("begin", { window.makeFirstResponder(field) }),
            ("type", { for (i, key) in ["space", "w", "i", "d", "e", "r", "space", "t", "e", "x", "t"].enumerated() {
                _ = window.keyPressed(key, time: Double(i))
            } }),
            ("blink off", { field.isCaretShown = false }),
            ("blink on", { field.isCaretShown = true }),
            ("select", { _ = window.keyPressed("Left", modifiers: .shift, time: 20) }),
            ("preedit", { window.textPreedit("にほ", cursor: 1, time: 30) }),
            ("commit", { window.textCommit("日本", time: 40) }),
            ("home", { _ = window.keyPressed("Home", time: 50) }),
            ("end editing", { window.endEditing() }),
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
