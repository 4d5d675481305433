import Testing
import NodeCore
@testable import Render

// behaviour.md §16.3: Left and Right move the caret on screen across right-to-left and
// left-to-right runs of the shaped, bidi-ordered text (as GTK and UIKit do).

@Suite struct VisualCaretMovementTests {
    let metrics = ShapedTextFieldMetrics(labelFont: pinnedFonts)

    /// A window with a field holding `text`, editing with the caret at `caret`.
    private func editing(_ text: String, caret: Int) -> (Window, TextFieldNode) {
        let field = TextFieldNode(name: "f", frame: Rect(x: 0, y: 0, width: 600, height: 40))
        field.fontSize = 20
        field.text = text
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 600, height: 40))
        root.addSubnode(field)
        let window = Window(root: root, size: Size(width: 600, height: 40))
        window.textFieldMetrics = metrics
        window.makeFirstResponder(field, caret: caret, time: 0)
        return (window, field)
    }

    /// The caret offsets after each of `presses` presses of `key`, from `caret` in `text`.
    private func walk(_ text: String, from caret: Int, pressing key: String, _ presses: Int) -> (offsets: [Int], xs: [Double]) {
        let (window, field) = editing(text, caret: caret)
        var offsets: [Int] = [], xs: [Double] = []
        for press in 1 ... presses {
            _ = window.keyPressed(key, time: Double(press * 100))
            _ = window.keyReleased(key, time: Double(press * 100 + 10))
            offsets.append(field.caret)
            xs.append(field.caretX)
        }
        return (offsets, xs)
    }

    @Test func rightStepsIntoAHebrewWordAtItsLeftEndInALeftToRightLine() {
        // Logical a b ␠ ש ל ו ם ␠ c d; shown a b ␠ ם ו ל ש ␠ c d.
        let text = "ab שלום cd"
        let (offsets, xs) = walk(text, from: 0, pressing: "Right", 9)
        #expect(offsets == [1, 2, 3, 6, 5, 4, 8, 9, 10])
        // Every press moves the caret right on screen.
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func leftWalksTheSameMixedLineBackRightToLeftOnScreen() {
        let (offsets, xs) = walk("ab שלום cd", from: 10, pressing: "Left", 10)
        // At the word's left edge two offsets share one place: the one nearer in the text wins.
        #expect(offsets == [9, 8, 4, 5, 6, 7, 2, 1, 0, 0])
        #expect(zip(xs.dropLast(), xs.dropLast().dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test func inAnArabicLineWithDigitsLeftReadsOnAndTheDigitsStepLeftToRight() {
        // Logical م ر ح ب ا ␠ 1 2 3 in a right-to-left line, shown 1 2 3 ␠ ا ب ح ر م.
        let text = "مرحبا 123"
        let left = walk(text, from: 0, pressing: "Left", 9)
        #expect(left.offsets == [1, 2, 3, 4, 5, 6, 8, 7, 7])
        let right = walk(text, from: 7, pressing: "Right", 8)
        #expect(right.offsets == [8, 9, 5, 4, 3, 2, 1, 0])
        #expect(zip(right.xs, right.xs.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func shiftExtendsTheSelectionInTheTextToWhereTheCaretWentOnScreen() {
        let (window, field) = editing("ab שלום", caret: 3)
        // From after the space the caret steps right to offset 6 (before ם, the word's
        // left-most letter); the selection runs from the anchor to it in the text.
        _ = window.keyPressed("Right", modifiers: .shift, time: 10)
        #expect(field.selection == 3 ..< 6)
        // Left without Shift collapses to the selection's end on the left of the screen.
        _ = window.keyPressed("Left", time: 20)
        #expect(field.selection.isEmpty)
        #expect(field.caret == 3)
    }
}
