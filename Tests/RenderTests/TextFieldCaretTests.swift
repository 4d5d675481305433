import Testing
import NodeCore
@testable import Render

// behaviour.md §16: carets placed from the shaped, bidi-ordered text.

@Suite struct TextFieldCaretTests {
    let metrics = ShapedTextFieldMetrics(labelFont: pinnedFonts)
    let size = 20.0

    @Test func rightToLeftTextPutsItsStartAtTheRightEdge() {
        let hebrew = "שלום"
        let start = metrics.caretX(atOffset: 0, in: hebrew, fontSize: size)
        let end = metrics.caretX(atOffset: 4, in: hebrew, fontSize: size)
        #expect(start > end)
        #expect(end == 0)
        // Each offset lies left of the one before.
        let xs = (0 ... 4).map { metrics.caretX(atOffset: $0, in: hebrew, fontSize: size) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test func caretHitTestingInRightToLeftTextFollowsTheReadingDirection() {
        let hebrew = "שלום"
        let width = metrics.caretX(atOffset: 0, in: hebrew, fontSize: size)
        #expect(metrics.caretOffset(atX: width + 5, in: hebrew, fontSize: size) == 0)
        #expect(metrics.caretOffset(atX: -5, in: hebrew, fontSize: size) == 4)
        // A tap just left of the caret between the second and third letters lands there.
        let between = metrics.caretX(atOffset: 2, in: hebrew, fontSize: size)
        #expect(metrics.caretOffset(atX: between - 1, in: hebrew, fontSize: size) == 2)
        #expect(metrics.caretOffset(atX: between + 1, in: hebrew, fontSize: size) == 2)
    }

    @Test func caretHitTestingInAMixedStringFindsTheTappedSideOfEachLetter() {
        // Logical a b ש ל ו ם, shown a b ם ו ל ש.
        let mixed = "abשלום"
        for offset in [1, 3, 4, 5] {
            let x = metrics.caretX(atOffset: offset, in: mixed, fontSize: size)
            #expect(metrics.caretOffset(atX: x - 1, in: mixed, fontSize: size) == offset, "left of caret \(offset)")
            #expect(metrics.caretOffset(atX: x + 1, in: mixed, fontSize: size) == offset, "right of caret \(offset)")
        }
        // The Hebrew letters run right to left after the Latin ones.
        #expect(metrics.caretX(atOffset: 3, in: mixed, fontSize: size) > metrics.caretX(atOffset: 4, in: mixed, fontSize: size))
        #expect(metrics.caretX(atOffset: 1, in: mixed, fontSize: size) < metrics.caretX(atOffset: 2, in: mixed, fontSize: size))
    }

    @Test func combiningMarksAndEmojiSequencesTakeOneCaretStepEach() {
        let text = "e\u{301}👨‍👩‍👧x"
        #expect(text.count == 3)
        let xs = (0 ... 3).map { metrics.caretX(atOffset: $0, in: text, fontSize: size) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    }

}
