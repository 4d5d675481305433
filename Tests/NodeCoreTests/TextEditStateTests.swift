import Testing
@testable import NodeCore

// behaviour.md §16: editing by grapheme cluster (Swift `Character`), as pure functions.

@Suite struct TextEditStateTests {
    @Test func backSpaceDeletesAnEmojiZWJSequenceAsOneCluster() {
        let family = "👨‍👩‍👧‍👦"
        let state = TextEditState(text: "a" + family).deletingBackward()
        #expect(state.text == "a")
        #expect(state.caret == 1)
    }

    @Test func backSpaceDeletesALetterWithItsCombiningAccent() {
        let state = TextEditState(text: "cafe\u{301}").deletingBackward()
        #expect(state.text == "caf")
    }

    @Test func deleteRemovesADevanagariConjunctAsOneCluster() {
        // क्ष (ka, virama, ssa) is one extended grapheme cluster (Unicode 15.1).
        let state = TextEditState(text: "क्षa", caret: 0).deletingForward()
        #expect(state.text == "a")
        #expect(state.caret == 0)
    }

    @Test func leftAndRightStepOverWholeClusters() {
        var state = TextEditState(text: "x👍🏽y")
        state = state.movingLeft()
        #expect(state.caret == 2)
        state = state.movingLeft()
        #expect(state.caret == 1)
        state = state.movingRight().movingRight().movingRight()
        #expect(state.caret == 3)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsItsCluster() {
        let state = TextEditState(text: "e").inserting("\u{301}")
        #expect(state.text == "é")
        #expect(state.length == 1)
        #expect(state.caret == 1)
    }

    @Test func shiftExtendsTheSelectionFromTheAnchor() {
        let state = TextEditState(text: "hello", caret: 1).movingRight(extending: true).movingRight(extending: true)
        #expect(state.selection == 1 ..< 3)
        #expect(state.selectedText == "el")
        #expect(state.movingLeft().caret == 1)
        #expect(state.movingRight().caret == 3)
    }

    @Test func typingReplacesTheSelection() {
        let state = TextEditState(text: "hello").selectingAll().inserting("yo")
        #expect(state.text == "yo")
        #expect(state.caret == 2)
        #expect(state.selection.isEmpty)
    }

    @Test func maxLengthCutsAnInsertThatWouldOverflowIt() {
        let state = TextEditState(text: "12").inserting("3456", maxLength: 4)
        #expect(state.text == "1234")
        #expect(state.caret == 4)
    }

    @Test func maxLengthCountsTheSelectionAsFreed() {
        let state = TextEditState(text: "1234", anchor: 1, caret: 3).inserting("abc", maxLength: 4)
        #expect(state.text == "1ab4")
    }

    @Test func pinAndNumberRejectEverythingButDigits() {
        #expect(TextEditState(text: "").inserting("1a2b", contentType: .pin).text == "12")
        #expect(TextEditState(text: "").inserting("٣", contentType: .number).text == "")
        #expect(TextEditState(text: "").inserting("+1 (2)#*", contentType: .phone).text == "+12#*")
        #expect(TextEditState(text: "").inserting("a@b", contentType: .email).text == "a@b")
    }

    @Test func deleteSurroundingKeepsTheSelectionAndCountsClusters() {
        let state = TextEditState(text: "ab👍🏽cd", caret: 3).deletingSurrounding(before: 2, after: 1)
        #expect(state.text == "ad")
        #expect(state.caret == 1)
    }

    @Test func homeAndEndWithShiftSelectToTheEdges() {
        let state = TextEditState(text: "abcd", caret: 2)
        #expect(state.movingToStart(extending: true).selection == 0 ..< 2)
        #expect(state.movingToEnd(extending: true).selection == 2 ..< 4)
        #expect(state.movingToEnd().selection == 4 ..< 4)
    }
}

@Suite struct KeyRepeatTests {
    @Test func repeatsStartAfterTheDelayThenFollowTheRate() {
        let timing = KeyRepeat(rate: 25, delay: 600)
        #expect(timing.repeatTimes(pressedAt: 100, releasedAt: 800) == [700, 740, 780])
    }

    @Test func aKeyHeldWithoutEndStopsRepeatingAfterTheMaximum() {
        let timing = KeyRepeat.standard
        let times = timing.repeatTimes(pressedAt: 0, releasedAt: 9_007_199_254_740_991)
        #expect(times.count == KeyRepeat.maximumRepeats)
        #expect(times.last == 400 + Double(KeyRepeat.maximumRepeats - 1) * 25)
    }

    @Test func aRepeatDueAtTheReleasesInstantHappens() {
        let timing = KeyRepeat(rate: 10, delay: 200)
        #expect(timing.repeatTimes(pressedAt: 0, releasedAt: 300) == [200, 300])
        #expect(timing.repeatTimes(pressedAt: 0, releasedAt: 299) == [200])
    }

    @Test func rateZeroTurnsRepeatOff() {
        #expect(KeyRepeat(rate: 0, delay: 200).repeatTimes(pressedAt: 0, releasedAt: 10_000).isEmpty)
    }
}
