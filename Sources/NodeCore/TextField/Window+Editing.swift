/// The window's first responder (behaviour.md §16): which text field keys and input methods
/// edit, and how a key reaches it. Input comes through `InputDispatcher`, like touches, so
/// recording and replay cover it.
extension Window {
    /// Makes `field` the first responder with the caret at `caret`: the previous one ends
    /// editing first (its editingDidEnd, then `field`'s editingDidBegin).
    public final func makeFirstResponder(_ field: TextFieldNode, caret: Int? = nil, time: Double? = nil) {
        guard firstResponder !== field, field.window === self else { return }
        endEditing(time: time)
        firstResponder = field
        field.beginEditing(in: self, caret: caret ?? field.text.count, time: time ?? clock.now)
    }

    /// Ends the first responder's editing (editingDidEnd); nothing when no field edits.
    public final func endEditing(time: Double? = nil) {
        guard let field = firstResponder else { return }
        firstResponder = nil
        stopKeyRepeat()
        keyTranslator.reset()
        field.finishEditing(time: time ?? clock.now)
    }

    /// Ends editing when the first responder is `node` or inside it (it was hidden or disabled).
    final func endEditing(ifInside node: Node) {
        guard let field = firstResponder, node.isAncestor(of: field) else { return }
        endEditing(time: clock.now)
    }

    // MARK: Keys

    /// A key pressed: while a field edits, it gets the key (and it repeats while held)
    /// and this returns true; otherwise false, and the key is the window's to use.
    public final func keyPressed(_ name: String, modifiers: KeyModifierSet = [], time: Double) -> Bool {
        clock.advance(to: time)
        guard let field = firstResponder else { return false }
        stopKeyRepeat()
        let press: KeyPress
        switch keyTranslator.translate(keysym: name) {
        case .text(let text): press = KeyPress(name: name, modifiers: modifiers, text: text)
        case .composing: return true
        case .none: press = KeyPress(name: name, modifiers: modifiers)
        }
        field.handle(press, time: time)
        if firstResponder === field, Self.repeats(name) { scheduleRepeat(of: press, number: 0, pressedAt: time) }
        return true
    }

    /// A key released: ends its repeat. True while a field edits (the release is its).
    public final func keyReleased(_ name: String, time: Double) -> Bool {
        clock.advance(to: time)
        if repeatingKey?.name == name { stopKeyRepeat() }
        return firstResponder != nil
    }

    /// Ends any key repeat (the end of an input script: a key still held stops there).
    public final func stopKeyRepeat() {
        guard let repeating = repeatingKey else { return }
        clock.cancel(repeating.timer)
        repeatingKey = nil
    }

    /// Keys that never repeat: modifiers and keys that end editing.
    static func repeats(_ name: String) -> Bool {
        let modifierPrefixes = ["Shift_", "Control_", "Alt_", "Meta_", "Super_", "Hyper_", "ISO_Level", "Caps_Lock",
                                "Num_Lock", "Return", "KP_Enter", "ISO_Enter", "Escape"]
        return !modifierPrefixes.contains { name.hasPrefix($0) }
    }

    private func scheduleRepeat(of press: KeyPress, number: Int, pressedAt: Double) {
        guard let deadline = keyRepeat.repeatTime(number, pressedAt: pressedAt) else { return }
        let timer = clock.schedule(at: deadline) { [unowned self] time in
            repeatingKey = nil
            guard let field = firstResponder else { return }
            field.handle(press, time: time)
            if firstResponder === field { scheduleRepeat(of: press, number: number + 1, pressedAt: pressedAt) }
        }
        repeatingKey = (press.name, timer)
    }

    // MARK: Input methods

    /// An input method's preedit (`text.preedit`): shown at the caret, no editingChanged.
    public final func textPreedit(_ text: String, cursor: Int, time: Double) {
        clock.advance(to: time)
        firstResponder?.setPreedit(TextPreedit(text: text, cursor: cursor))
    }

    /// An input method's commit (`text.commit`), applied as at one `done`.
    public final func textCommit(_ text: String, time: Double) {
        clock.advance(to: time)
        firstResponder?.applyInputMethod(commit: text, deleteBefore: 0, deleteAfter: 0, preedit: nil, time: time)
    }

    /// An input method's delete-surrounding (`text.delete`), in grapheme clusters around the
    /// caret or selection, applied as at one `done`.
    public final func textDelete(before: Int, after: Int, time: Double) {
        clock.advance(to: time)
        firstResponder?.applyInputMethod(commit: nil, deleteBefore: before, deleteAfter: after, preedit: nil, time: time)
    }
}
