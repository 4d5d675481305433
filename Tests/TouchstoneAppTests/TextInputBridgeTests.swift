import NodeCore
import Testing
@testable import TouchstoneApp
@testable import WaylandClient

// behaviour.md §16: an input method's `done` (zwp_text_input_v3, byte offsets) becomes the
// `text.*` input events a script holds, and those edit the field as the protocol orders;
// the field's state goes out with its content type, surrounding text and caret.

/// A window with one field at (10, 20), 200 × 40, editing `text` with the caret at `caret`;
/// `changes` counts its editingChanged events.
private final class Editing {
    let field = TextFieldNode(name: "field", frame: Rect(x: 10, y: 20, width: 200, height: 40))
    let window: NodeCore.Window
    let dispatcher: InputDispatcher
    var changes: [String] = []

    init(_ text: String, caret: Int? = nil, contentType: TextContentType = .text, secure: Bool = false) {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 120))
        root.addSubnode(field)
        field.text = text
        field.contentType = contentType
        field.isSecureTextEntry = secure
        window = NodeCore.Window(root: root, size: Size(width: 320, height: 120))
        dispatcher = InputDispatcher(window: window)
        window.makeFirstResponder(field, caret: caret, time: 0)
        field.addAction(for: .editingChanged) { [unowned self] control, _ in
            changes.append((control as! TextFieldNode).text)
        }
    }

    /// Applies `done` as the live session does: its events, dispatched.
    func apply(_ done: TextInputDone, at time: Double = 10) -> [InputEvent] {
        let events = TextInputBridge.events(for: done, field: window.firstResponder)
        for event in events { dispatcher.handle(event, at: time) }
        return events
    }
}

@Suite struct InputMethodDoneTests {
    @Test func aPreeditIsShownAtTheCaretAndIsNotPartOfTheText() {
        let editing = Editing("ab", caret: 1)
        let events = editing.apply(TextInputDone(preedit: "日本", preeditCursorBegin: 6, preeditCursorEnd: 6))
        #expect(events == [.textPreedit("日本", cursor: 2)])
        #expect(editing.field.text == "ab")
        #expect(editing.field.displayedText == "a日本b")
        #expect(editing.changes.isEmpty, "a preedit sends no editingChanged")
    }

    @Test func aCommitReplacesThePreeditWithOneEditingChanged() {
        let editing = Editing("ab", caret: 1)
        _ = editing.apply(TextInputDone(preedit: "にほ", preeditCursorBegin: 6, preeditCursorEnd: 6))
        let events = editing.apply(TextInputDone(commit: "日本"), at: 20)
        #expect(events == [.textCommit("日本")])
        #expect(editing.field.text == "a日本b" && editing.field.caret == 3)
        #expect(editing.field.preedit == nil)
        #expect(editing.changes == ["a日本b"])
    }

    @Test func deletingSurroundingBytesDeletesTheClustersTheyReachIntoBeforeTheCommit() {
        // "é" as e + U+0301 is one cluster of 3 bytes; "👍🏽" one of 8.
        let editing = Editing("xe\u{301}👍🏽y", caret: 3)
        let events = editing.apply(TextInputDone(deleteBefore: 9, deleteAfter: 1, commit: "Z"))
        #expect(events == [.textDelete(before: 2, after: 1), .textCommit("Z")])
        #expect(editing.field.text == "xZ")
        // One change for the delete and one for the commit: each line is applied as one done.
        #expect(editing.changes == ["x", "xZ"])
    }

    @Test func aDeleteCountsFromTheSelectionsEdgesAndKeepsTheSelection() {
        let editing = Editing("abcdef")
        editing.field.editState = TextEditState(text: "abcdef", anchor: 2, caret: 4)
        _ = editing.apply(TextInputDone(deleteBefore: 1, deleteAfter: 1))
        #expect(editing.field.text == "acdf")
    }

    @Test func aHiddenPreeditCursorIsAtTheEndAndAMidClusterOneRoundsDown() {
        #expect(TextInputBridge.preeditCursor(of: TextInputDone(preedit: "añb", preeditCursorBegin: -1, preeditCursorEnd: -1)) == 3)
        #expect(TextInputBridge.preeditCursor(of: TextInputDone(preedit: "añb", preeditCursorBegin: 2, preeditCursorEnd: 2)) == 1)
        #expect(TextInputBridge.preeditCursor(of: TextInputDone(preedit: "añb", preeditCursorBegin: 3, preeditCursorEnd: 3)) == 2)
    }

    @Test func anEmptyDoneClearsAPreeditAndOtherwiseIsNoEvent() {
        let editing = Editing("ab")
        #expect(editing.apply(TextInputDone()).isEmpty)
        _ = editing.apply(TextInputDone(preedit: "x", preeditCursorBegin: 1, preeditCursorEnd: 1))
        #expect(editing.apply(TextInputDone(preedit: "x", preeditCursorBegin: 1, preeditCursorEnd: 1)).isEmpty,
                "the same preedit again is no event")
        #expect(editing.apply(TextInputDone()) == [.textPreedit("", cursor: 0)])
        #expect(editing.field.preedit == nil && editing.field.text == "ab")
    }

    @Test func aCommitFollowsTheFieldsRulesAndMaxLength() {
        let editing = Editing("12", contentType: .pin)
        editing.field.maxLength = 4
        _ = editing.apply(TextInputDone(commit: "3a456"))
        #expect(editing.field.text == "1234")
        #expect(editing.changes == ["1234"])
    }

    @Test func withoutAnEditingFieldADoneIsNoEvent() {
        let editing = Editing("ab")
        editing.window.endEditing(time: 5)
        #expect(TextInputBridge.events(for: TextInputDone(commit: "x"), field: editing.window.firstResponder).isEmpty)
        #expect(TextInputBridge.events(for: TextInputDone(commit: "x"), field: editing.field).isEmpty)
    }
}

@Suite struct TextInputStateTests {
    @Test func contentTypesMapToTheProtocolsHintAndPurpose() {
        let expected: [(TextContentType, ZwpTextInputV3.ContentHint, ZwpTextInputV3.ContentPurpose)] = [
            (.text, [.completion, .spellcheck, .autoCapitalization], .normal),
            (.number, .none, .digits), (.pin, .sensitiveData, .pin), (.email, .none, .email),
            (.url, .none, .url), (.phone, .none, .phone), (.password, .sensitiveData, .password),
        ]
        #expect(expected.map(\.0) == TextContentType.allCases)
        for (type, hint, purpose) in expected {
            let state = TextInputBridge.state(for: Editing("", contentType: type).field)
            #expect(state.hint == hint && state.purpose == purpose, "\(type)")
        }
    }

    @Test func aSecureFieldIsAHiddenPasswordOrPinAndSendsNoSurroundingText() {
        let password = TextInputBridge.state(for: Editing("secret", secure: true).field)
        #expect(password.purpose == .password && password.hint == [.hiddenText, .sensitiveData])
        #expect(password.surrounding == nil)
        let pin = TextInputBridge.state(for: Editing("1234", contentType: .number, secure: true).field)
        #expect(pin.purpose == .pin && pin.hint == [.hiddenText, .sensitiveData] && pin.surrounding == nil)
    }

    @Test func theStateCarriesTheSurroundingTextInBytesAndTheCaretInWindowPoints() {
        let editing = Editing("héllo", caret: 2)
        editing.field.editState = TextEditState(text: "héllo", anchor: 4, caret: 2)
        let state = TextInputBridge.state(for: editing.field)
        #expect(state.surrounding == SurroundingText(text: "héllo", cursor: 3, anchor: 5))
        #expect(state.field == ObjectIdentifier(editing.field))
        let caret = editing.field.convert(editing.field.caretRect, to: nil)
        #expect(state.caret == caret)
        #expect(caret.minX > 10 + TextFieldNode.textInset && caret.minY > 20 && caret.maxY < 60, "\(caret)")
    }
}
