import Testing
@testable import NodeCore

// behaviour.md §16.3: Left and Right move the caret on screen, given where each offset's
// caret lies. "ab אבג": offsets 0…6 lie at 0, 1, 2, 3 (and 6, the end, at the word's left
// edge too), 5 and 4.
@Suite struct VisualCaretTests {
    let xs: [Double] = [0, 1, 2, 3, 5, 4, 3]
    let text = "ab אבג"

    @Test func rightGoesToTheNextPlaceOnScreenNotTheNextOffset() {
        var state = TextEditState(text: text, caret: 3)
        var visited: [Int] = []
        for _ in 0 ..< 3 {
            state = state.movingVisually(toRight: true, caretXs: xs)
            visited.append(state.caret)
        }
        #expect(visited == [5, 4, 4])
    }

    @Test func ofTwoOffsetsAtOnePlaceTheOneNearerInTheTextWins() {
        // From 5 (x 4) left to x 3, where offsets 3 and 6 lie: 6 is nearer.
        #expect(TextEditState(text: text, caret: 5).movingVisually(toRight: false, caretXs: xs).caret == 6)
        // From 2 right to x 3: 3 is nearer.
        #expect(TextEditState(text: text, caret: 2).movingVisually(toRight: true, caretXs: xs).caret == 3)
    }

    @Test func withoutShiftASelectionCollapsesToItsEndOnThatSideOfTheScreen() {
        let selected = TextEditState(text: text, anchor: 3, caret: 4)
        #expect(selected.movingVisually(toRight: true, caretXs: xs).caret == 4)
        #expect(selected.movingVisually(toRight: false, caretXs: xs).caret == 3)
        #expect(selected.movingVisually(toRight: false, caretXs: xs).selection.isEmpty)
    }

    @Test func shiftKeepsTheAnchor() {
        let moved = TextEditState(text: text, caret: 3).movingVisually(toRight: true, extending: true, caretXs: xs)
        #expect(moved.anchor == 3 && moved.caret == 5)
    }

    @Test func leftToRightTextMovesAsInTheText() {
        let plain = TextEditState(text: "abc", caret: 1)
        let uniform: [Double] = [0, 1, 2, 3]
        #expect(plain.movingVisually(toRight: true, caretXs: uniform).caret == 2)
        #expect(plain.movingVisually(toRight: false, caretXs: uniform).caret == 0)
    }
}
