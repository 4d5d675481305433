import Testing
@testable import WaylandClient

// behaviour.md §16: what the text input sends (zwp_text_input_v3), as pure functions.

private let fieldA = ObjectIdentifier(Int.self)
private let fieldB = ObjectIdentifier(String.self)

private func state(_ field: ObjectIdentifier = fieldA, text: String = "ab", caret: Int = 2,
                   at rect: Rect = Rect(x: 30.4, y: 20.5, width: 2, height: 30)) -> TextInputState {
    TextInputState(field: field, hint: .completion, purpose: .normal,
                   surrounding: SurroundingText(around: text, anchor: caret, caret: caret), caret: rect)
}

@Suite struct TextInputRequestTests {
    @Test func aFieldThatBeginsEditingIsEnabledWithItsWholeStateInOneCommit() {
        let requests = TextInputRequest.plan(from: nil, to: state(), cause: .other)
        #expect(requests == [
            .enable, .surroundingText(SurroundingText(text: "ab", cursor: 2, anchor: 2)),
            .contentType(hint: .completion, purpose: .normal),
            .cursorRectangle(Rect(x: 30, y: 20, width: 3, height: 31)), .commit,
        ])
    }

    @Test func anotherFieldIsEnabledAfterTheOldOneIsDisabledAndCommitted() {
        let requests = TextInputRequest.plan(from: state(), to: state(fieldB), cause: .other)
        #expect(Array(requests.prefix(3)) == [.disable, .commit, .enable])
        #expect(requests.last == .commit && requests.count == 7)
    }

    @Test func endingEditingDisablesAndNothingChangedSendsNothing() {
        #expect(TextInputRequest.plan(from: state(), to: nil, cause: .other) == [.disable, .commit])
        #expect(TextInputRequest.plan(from: state(), to: state(), cause: .other).isEmpty)
        #expect(TextInputRequest.plan(from: nil, to: nil, cause: .other).isEmpty)
    }

    @Test func typedTextSendsTheSurroundingTextWithCauseOtherAndTheInputMethodsWithout() {
        let typed = TextInputRequest.plan(from: state(), to: state(text: "abc", caret: 3), cause: .other)
        #expect(typed == [.surroundingText(SurroundingText(text: "abc", cursor: 3, anchor: 3)), .changeCauseOther, .commit])
        let committed = TextInputRequest.plan(from: state(), to: state(text: "abc", caret: 3), cause: .inputMethod)
        #expect(committed == [.surroundingText(SurroundingText(text: "abc", cursor: 3, anchor: 3)), .commit])
    }

    @Test func theEditsOfADoneAnsweringAnOlderCommitAreNotSentButAnotherFieldIs() {
        let edited = state(text: "abc", caret: 3)
        #expect(TextInputRequest.plan(from: state(), to: edited, cause: .inputMethod, answersLatestCommit: false).isEmpty)
        #expect(!TextInputRequest.plan(from: state(), to: edited, cause: .inputMethod, answersLatestCommit: true).isEmpty)
        #expect(TextInputRequest.plan(from: state(), to: state(fieldB), cause: .inputMethod, answersLatestCommit: false).first == .disable)
    }

    @Test func aCaretMovedWithinTheSameWholePointsSendsNoRectangle() {
        let moved = state(at: Rect(x: 30.9, y: 20.5, width: 2, height: 30))
        #expect(TextInputRequest.plan(from: state(), to: moved, cause: .other).isEmpty)
        let further = TextInputRequest.plan(from: state(), to: state(at: Rect(x: 40, y: 20, width: 2, height: 30)), cause: .other)
        #expect(further == [.cursorRectangle(Rect(x: 40, y: 20, width: 2, height: 30)), .commit])
    }
}

@Suite struct SurroundingTextTests {
    @Test func theWholeTextIsSentWhenItFitsWithByteOffsets() {
        let text = SurroundingText(around: "aé👍🏽b", anchor: 1, caret: 3)
        #expect(text == SurroundingText(text: "aé👍🏽b", cursor: 1 + 2 + 8, anchor: 1))
    }

    @Test func aLongTextIsCutToTheLimitAroundTheCaretInWholeClusters() {
        // 3,000 clusters of 3 bytes (e + U+0301): 9,000 bytes.
        let cluster = "e\u{301}"
        let long = String(repeating: cluster, count: 3000)
        let sent = SurroundingText(around: long, anchor: 1500, caret: 1500)
        #expect(sent.text.utf8.count <= SurroundingText.byteLimit)
        #expect(sent.text.utf8.count > SurroundingText.byteLimit - 3, "as many whole clusters as fit")
        #expect(sent.text.count * 3 == sent.text.utf8.count, "only whole clusters")
        // The caret is in the middle: as much before it as after it, within one cluster.
        #expect(abs(sent.cursor - (sent.text.utf8.count - sent.cursor)) <= 3)
        let nearStart = SurroundingText(around: long, anchor: 10, caret: 10)
        #expect(nearStart.cursor == 30 && nearStart.text.utf8.count > SurroundingText.byteLimit - 3)
    }

    @Test func aSelectionLongerThanTheLimitKeepsTheCaretsEnd() {
        let long = String(repeating: "x", count: 9000)
        let forward = SurroundingText(around: long, anchor: 100, caret: 8000)
        #expect(forward.text.utf8.count == SurroundingText.byteLimit)
        #expect(forward.cursor == SurroundingText.byteLimit && forward.anchor == 0)
        let backward = SurroundingText(around: long, anchor: 8000, caret: 100)
        #expect(backward.cursor == 0 && backward.anchor == SurroundingText.byteLimit)
    }
}
