import Testing
@testable import NodeCore

// behaviour.md §16: text fields — focus, the editing events and their order, keys,
// input methods, secure entry. The window has no text engine here: every cluster is
// 0.6 × 14 = 8.4 points wide, after an 8-point inset.

/// A field 200 points wide at (0, 0) or where `frame` says.
private func field(_ name: String, _ frame: Rect = rect(0, 0, 200, 40), text: String = "") -> TextFieldNode {
    let f = TextFieldNode(name: name, frame: frame)
    f.text = text
    return f
}

/// The x of the caret boundary `offset` in a field at x 0 (uniform metrics).
private func boundaryX(_ offset: Int) -> Double { TextFieldNode.textInset + Double(offset) * 8.4 }

extension Window {
    /// Presses and releases keysym `name` at `time`, as the dispatcher does.
    fileprivate func type(_ name: String, modifiers: KeyModifierSet = [], at time: Double) {
        _ = keyPressed(name, modifiers: modifiers, time: time)
        _ = keyReleased(name, time: time + 1)
    }
}

@Suite struct TextFieldFocusTests {
    @Test func tapOnAFieldBeginsEditingAfterTheTouchEventsOfTheUp() {
        let a = field("a")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(20, 20))
        #expect(log.lines == ["a.touchDown", "a.touchUpInside", "a.editingDidBegin"])
        #expect(a.isEditing)
        #expect(w.firstResponder === a)
    }

    @Test func theCaretGoesToTheGraphemeBoundaryNearestTheTap() {
        let a = field("a", text: "héllo")
        let (w, _) = makeWindow(a)
        w.tap(at: pt(boundaryX(2) + 3, 20))
        #expect(a.caret == 2)
        w.tap(at: pt(boundaryX(4) - 3, 20), time: 500)
        #expect(a.caret == 4)
    }

    @Test func focusMovingByTapEndsTheOldFieldBeforeTheNewOneBegins() {
        let a = field("a")
        let b = field("b", rect(0, 100, 200, 40))
        let log = EventLog(a, b)
        let (w, _) = makeWindow(a, b)
        w.tap(at: pt(20, 20))
        log.clear()
        w.tap(at: pt(20, 120), time: 500)
        #expect(log.lines == ["b.touchDown", "b.touchUpInside", "a.editingDidEnd", "b.editingDidBegin"])
        #expect(!a.isEditing && b.isEditing)
    }

    @Test func returnSendsPrimaryActionThenEditingDidEndOnExitThenEditingDidEnd() {
        let a = field("a")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(20, 20))
        log.clear()
        w.type("Return", at: 100)
        #expect(log.lines == ["a.primaryActionTriggered", "a.editingDidEndOnExit", "a.editingDidEnd"])
        #expect(w.firstResponder == nil)
    }

    @Test func escapeEndsEditingWithEditingDidEndOnly() {
        let a = field("a")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(20, 20))
        log.clear()
        w.type("Escape", at: 100)
        #expect(log.lines == ["a.editingDidEnd"])
    }

    @Test func disablingTheFieldEndsEditing() {
        let a = field("a")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(20, 20))
        log.clear()
        a.isEnabled = false
        #expect(log.lines == ["a.editingDidEnd"])
        #expect(w.firstResponder == nil)
    }

    @Test func hidingAnAncestorOfTheFieldEndsEditing() {
        let box = Node(name: "box", frame: rect(0, 0, 300, 100))
        let a = field("a")
        box.addSubnode(a)
        let log = EventLog(a)
        let (w, _) = makeWindow(box)
        w.tap(at: pt(20, 20))
        log.clear()
        box.isHidden = true
        #expect(log.lines == ["a.editingDidEnd"])
    }

    @Test func removingTheFieldEndsEditing() {
        let a = field("a")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(20, 20))
        log.clear()
        a.removeFromSupernode()
        #expect(log.lines == ["a.editingDidEnd"])
        #expect(w.firstResponder == nil)
        #expect(!a.isEditing)
    }

    @Test func aTapElsewhereDoesNotEndEditing() {
        let a = field("a")
        let button = ButtonNode(name: "b", frame: rect(0, 200, 100, 40))
        let log = EventLog(a, button)
        let (w, _) = makeWindow(a, button)
        w.tap(at: pt(20, 20))
        w.tap(at: pt(20, 220), time: 500)
        w.tap(at: pt(300, 300), time: 1000)
        #expect(log.events(of: "a") == ["touchDown", "touchUpInside", "editingDidBegin"])
        #expect(a.isEditing)
    }

    @Test func aTapOnTheEditingFieldMovesTheCaretWithNoEditingEvent() {
        let a = field("a", text: "abcdef")
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        w.tap(at: pt(boundaryX(6), 20))
        log.clear()
        w.tap(at: pt(boundaryX(1), 20), time: 500)
        #expect(log.lines == ["a.touchDown", "a.touchUpInside"])
        #expect(a.caret == 1)
    }
}

@Suite struct TextFieldKeyTests {
    /// A window editing field `a` (caret at the end of `text`) and its event log.
    private func editing(_ text: String = "", configure: (TextFieldNode) -> Void = { _ in }) -> (Window, TextFieldNode, EventLog) {
        let a = field("a", text: text)
        configure(a)
        let (w, _) = makeWindow(a)
        w.makeFirstResponder(a)
        let log = EventLog(a)
        return (w, a, log)
    }

    @Test func eachTypedKeyInsertsAtTheCaretWithOneEditingChanged() {
        let (w, a, log) = editing()
        w.type("h", at: 10)
        w.type("i", at: 20)
        w.type("space", at: 30)
        #expect(a.text == "hi ")
        #expect(log.lines == ["a.editingChanged", "a.editingChanged", "a.editingChanged"])
    }

    @Test func caretMovesAndSelectionChangesSendNoEditingChanged() {
        let (w, a, log) = editing("abc")
        w.type("Left", at: 10)
        w.type("Left", modifiers: .shift, at: 20)
        w.type("Home", at: 30)
        w.type("End", at: 40)
        w.type("a", modifiers: .ctrl, at: 50)
        #expect(log.lines.isEmpty)
        #expect(a.selection == 0 ..< 3)
    }

    @Test func preeditIsShownButIsNotTextAndSendsNoEditingChanged() {
        let (w, a, log) = editing("ab")
        w.textPreedit("にほ", cursor: 2, time: 10)
        #expect(a.text == "ab")
        #expect(a.displayedText == "abにほ")
        #expect(a.displayedCaret == 4)
        #expect(log.lines.isEmpty)
        w.textCommit("日本", time: 20)
        #expect(a.text == "ab日本")
        #expect(a.preedit == nil)
        #expect(log.lines == ["a.editingChanged"])
    }

    @Test func aCommitThatWouldOverflowMaxLengthIsCut() {
        let (w, a, log) = editing("12") { $0.maxLength = 4 }
        w.textCommit("34567", time: 10)
        #expect(a.text == "1234")
        #expect(log.lines == ["a.editingChanged"])
        w.textCommit("8", time: 20)
        #expect(log.lines == ["a.editingChanged"])
    }

    @Test func aPinFieldRejectsLettersWithNoEvent() {
        let (w, a, log) = editing { $0.contentType = .pin }
        w.type("a", at: 10)
        w.type("Z", at: 20)
        #expect(a.text == "")
        #expect(log.lines.isEmpty)
        w.type("7", at: 30)
        #expect(a.text == "7")
        #expect(log.lines == ["a.editingChanged"])
    }

    @Test func backSpaceAndDeleteRemoveOneClusterEach() {
        let (w, a, _) = editing("a👍🏽b")
        w.type("Left", at: 5)
        w.type("BackSpace", at: 10)
        #expect(a.text == "ab")
        w.type("Delete", at: 20)
        #expect(a.text == "a")
    }

    @Test func cutCopyAndPasteGoThroughTheWindowsClipboard() {
        let (w, a, log) = editing("hello")
        w.type("a", modifiers: .ctrl, at: 10)
        w.type("c", modifiers: .ctrl, at: 20)
        #expect((w.clipboard as? LocalClipboard)?.text == "hello")
        w.type("x", modifiers: .ctrl, at: 30)
        #expect(a.text == "")
        w.type("v", modifiers: .ctrl, at: 40)
        w.type("v", modifiers: .ctrl, at: 50)
        #expect(a.text == "hellohello")
        #expect(log.lines == ["a.editingChanged", "a.editingChanged", "a.editingChanged"])
    }

    @Test func aSecureFieldNeverReachesTheClipboard() {
        let (w, a, log) = editing("s3cret") { $0.isSecureTextEntry = true }
        w.type("a", modifiers: .ctrl, at: 10)
        w.type("c", modifiers: .ctrl, at: 20)
        w.type("x", modifiers: .ctrl, at: 30)
        #expect((w.clipboard as? LocalClipboard)?.text == nil)
        #expect(a.text == "s3cret")
        #expect(log.lines.isEmpty)
    }

    @Test func aSecureFieldShowsBulletsAndLogsThreeDotsWhateverItsLength() {
        let (_, a, _) = editing("s3cret") { $0.isSecureTextEntry = true }
        #expect(a.displayedText == "••••••")
        #expect(a.loggedText == "•••")
        a.text = ""
        #expect(a.loggedText == "")
    }

    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRateUntilReleased() {
        let (w, a, log) = editing()
        w.keyRepeat = KeyRepeat(rate: 40, delay: 400)
        _ = w.keyPressed("x", time: 1000)
        // Repeats at 1400, 1425, 1450, 1475; the release at 1490 stops the next.
        _ = w.keyReleased("x", time: 1490)
        w.clock.runUntilIdle()
        #expect(a.text == "xxxxx")
        #expect(log.lines.count == 5)
    }

    @Test func theWindowRepeatsAKeyAtTheTimesKeyRepeatGives() {
        let (w, a, _) = editing()
        var times: [Double] = []
        a.addAction(for: .editingChanged) { _, event in times.append(event.time ?? -1) }
        w.keyRepeat = KeyRepeat(rate: 10, delay: 200)
        _ = w.keyPressed("k", time: 0)
        _ = w.keyReleased("k", time: 300)
        #expect(times == [0] + w.keyRepeat.repeatTimes(pressedAt: 0, releasedAt: 300))
        #expect(a.text == "kkk")
    }

    @Test func aRepeatIsLoggedAtItsOwnTime() {
        let (w, a, _) = editing()
        var times: [Double] = []
        a.addAction(for: .editingChanged) { _, event in times.append(event.time ?? -1) }
        w.keyRepeat = KeyRepeat(rate: 10, delay: 300)
        _ = w.keyPressed("BackSpace", time: 0)
        a.text = "abcdef"
        _ = w.keyReleased("BackSpace", time: 550)
        #expect(times == [300, 400, 500])
        #expect(a.text == "abc")
    }

    @Test func scrollingKeepsTheCaretInsideTheField() {
        let (w, a, _) = editing()
        for i in 0 ..< 40 { w.type("m", at: Double(i * 10)) }
        #expect(a.caretX <= a.frame.width - TextFieldNode.textInset + 0.001)
        #expect(a.caretX >= TextFieldNode.textInset)
        #expect(a.scrollOffset > 0)
        w.type("Home", at: 1000)
        #expect(a.scrollOffset == 0)
    }
}

@Suite struct TextFieldDispatchTests {
    @Test func keysGoToTheEditingFieldNotToTheWindowsKeyCommands() {
        let a = field("a")
        let (w, _) = makeWindow(a)
        let dispatcher = InputDispatcher(window: w)
        var commands: [String] = []
        dispatcher.onKey = { key, pressed, _ in if pressed { commands.append(key) } }
        dispatcher.handle(.key("d", pressed: true), at: 0)
        w.makeFirstResponder(a)
        dispatcher.handle(.key("d", pressed: true), at: 10)
        dispatcher.handle(.key("d", pressed: false), at: 20)
        dispatcher.handle(.key("q", pressed: true), at: 30)
        #expect(a.text == "dq")
        // Escape first ends editing; the next Escape is the window's again.
        dispatcher.handle(.key("Escape", pressed: true), at: 40)
        dispatcher.handle(.key("Escape", pressed: false), at: 50)
        dispatcher.handle(.key("Escape", pressed: true), at: 60)
        #expect(commands == ["d", "Escape"])
    }

    @Test func aKeyStillHeldAtTheEndOfAScriptRepeatsNoFurther() {
        let a = field("a")
        let (w, _) = makeWindow(a)
        let dispatcher = InputDispatcher(window: w)
        w.makeFirstResponder(a)
        dispatcher.handle(.key("z", pressed: true), at: 0)
        dispatcher.finish()
        w.clock.runUntilIdle()
        #expect(a.text == "z")
    }

    @Test func inputMethodEventsReachTheFocusedFieldThroughTheDispatcher() {
        let a = field("a", text: "abc")
        let (w, _) = makeWindow(a)
        let dispatcher = InputDispatcher(window: w)
        w.makeFirstResponder(a)
        dispatcher.handle(.textDelete(before: 1, after: 0), at: 10)
        dispatcher.handle(.textPreedit("x", cursor: 1), at: 20)
        #expect(a.displayedText == "abx")
        dispatcher.handle(.textCommit("y"), at: 30)
        #expect(a.text == "aby")
    }
}
