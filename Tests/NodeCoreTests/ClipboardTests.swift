import Testing
@testable import NodeCore

// behaviour.md §16.7: copy, cut and paste through the window's clipboard; a paste that
// comes later arrives as a `text.paste` input event.

/// A clipboard that remembers every copy and answers pastes as told.
private final class SpyClipboard: Clipboard {
    var copies: [String] = []
    var answer: String?
    var requests = 0

    func copy(_ text: String) { copies.append(text) }

    func paste(into field: TextFieldNode) -> String? {
        requests += 1
        return answer
    }
}

@Suite struct ClipboardTests {
    private func editing(_ text: String, configure: (TextFieldNode) -> Void = { _ in })
        -> (Window, TextFieldNode, SpyClipboard, EventLog) {
        let field = TextFieldNode(name: "a", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        field.text = text
        configure(field)
        let (window, _) = makeWindow(field)
        let clipboard = SpyClipboard()
        window.clipboard = clipboard
        window.makeFirstResponder(field)
        return (window, field, clipboard, EventLog(field))
    }

    private func press(_ window: Window, _ key: String, _ modifiers: KeyModifierSet = .ctrl, at time: Double) {
        _ = window.keyPressed(key, modifiers: modifiers, time: time)
        _ = window.keyReleased(key, time: time + 1)
    }

    @Test func aSecureFieldNeverHandsItsTextToTheClipboard() {
        let (w, a, clipboard, log) = editing("s3cret") { $0.isSecureTextEntry = true }
        press(w, "a", at: 10)
        press(w, "c", at: 20)
        press(w, "x", at: 30)
        #expect(clipboard.copies.isEmpty)
        #expect(a.text == "s3cret")
        #expect(log.lines.isEmpty)
    }

    @Test func copyAndCutHandTheSelectionToTheClipboard() {
        let (w, a, clipboard, _) = editing("hello")
        press(w, "Left", .shift, at: 10)
        press(w, "Left", .shift, at: 20)
        press(w, "c", at: 30)
        press(w, "x", at: 40)
        #expect(clipboard.copies == ["lo", "lo"])
        #expect(a.text == "hel")
    }

    @Test func aClipboardThatAnswersLaterPastesNothingUntilTheTextPasteArrives() {
        let (w, a, clipboard, log) = editing("ab")
        press(w, "v", at: 10)
        #expect(clipboard.requests == 1)
        #expect(a.text == "ab")
        #expect(log.lines.isEmpty)
        w.textPaste("XY", time: 15)
        #expect(a.text == "abXY")
        #expect(a.caret == 4)
        #expect(log.lines == ["a.editingChanged"])
    }

    @Test func aTextPasteReplacesTheSelectionUnderTheFieldsRules() {
        let (w, a, _, log) = editing("12") {
            $0.contentType = .pin
            $0.maxLength = 4
        }
        press(w, "a", at: 10)
        w.textPaste("9a8b7c6", time: 20)
        #expect(a.text == "9876")
        #expect(log.lines == ["a.editingChanged"])
    }

    @Test func pastedLineBreaksAndTabsBecomeSpacesAndOtherControlsAreDropped() {
        #expect(TextFieldNode.pastable("one\ntwo\r\nthree\tfour") == "one two three four")
        // NEL (U+0085) is a line break; NUL, ESC and DEL go.
        #expect(TextFieldNode.pastable("a\u{0}b\u{1B}c\u{7F}d\u{85}e") == "abcd e")
        // Format characters are text: a ZWJ emoji sequence survives whole.
        #expect(TextFieldNode.pastable("👩‍💻") == "👩‍💻")
    }

    @Test func aTextPasteWithNoFieldEditingChangesNothing() {
        let field = TextFieldNode(name: "a", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let (w, _) = makeWindow(field)
        let log = EventLog(field)
        w.textPaste("x", time: 5)
        #expect(field.text == "")
        #expect(log.lines.isEmpty)
    }

    @Test func theLocalClipboardPastesAtOnceUnlessPastesComeAsInput() {
        let field = TextFieldNode(name: "a")
        let local = LocalClipboard()
        local.copy("t")
        #expect(local.paste(into: field) == "t")
        let replaying = LocalClipboard(pastesOnRequest: false)
        replaying.copy("t")
        #expect(replaying.paste(into: field) == nil)
    }

    @Test func theDispatcherHandsATextPasteToTheEditingField() {
        let (w, a, _, _) = editing("")
        let dispatcher = InputDispatcher(window: w)
        dispatcher.handle(.textPaste("pasted"), at: 30)
        #expect(a.text == "pasted")
    }
}
