/// Text being composed by an input method: shown at the caret, underlined, and not part of
/// the field's text until committed (behaviour.md §16).
public struct TextPreedit: Hashable, Sendable {
    public var text: String
    /// The input method's cursor, in grapheme clusters into `text`.
    public var cursor: Int

    public init(text: String, cursor: Int) {
        self.text = text
        self.cursor = min(max(cursor, 0), text.count)
    }
}

/// A one-line text field, UITextField's editing model (behaviour.md §16): a tap makes it the
/// window's first responder with the caret at the nearest grapheme boundary; keys and input
/// methods edit it through the window; it sends the editing events through target-action
/// like every control's events.
open class TextFieldNode: ControlNode {
    /// Points between the field's left and right edges and its text.
    public static let textInset = 8.0
    /// The logged text of every non-empty secure field: its length stays secret.
    public static let secureLogText = "•••"
    /// What a secure field paints for each grapheme cluster.
    public static let secureBullet: Character = "•"
    /// The caret's width in points.
    public static let caretWidth = 2.0
    /// The line's height per point of font size: the caret and the selection are this tall.
    public static let lineHeightFactor = 1.25

    /// The text, caret and selection. Setting it from code sends no event (UIKit).
    public final var editState = TextEditState() {
        didSet {
            if editState != oldValue { invalidateSelf() }
            scrollToCaret()
        }
    }
    /// The text. Setting it from code puts the caret at the end and sends no event.
    public final var text: String {
        get { editState.text }
        set { editState = TextEditState(text: newValue) }
    }
    /// Shown in grey while the text is empty.
    public final var placeholder = "" { didSet { invalidateSelf() } }
    /// Painted as bullets, never copied, logged as `•••`.
    public final var isSecureTextEntry = false { didSet { invalidateSelf() } }
    /// What the field holds: a hint for input methods, and a character rule for some types.
    public final var contentType: TextContentType = .text
    /// The most grapheme clusters the text may have; nil for no limit.
    public final var maxLength: Int? {
        didSet { if let maxLength, text.count > maxLength { text = String(text.prefix(max(0, maxLength))) } }
    }
    /// In points.
    public final var fontSize = TextNode.defaultFontSize { didSet { invalidateSelf() } }
    public final var textColor: Color = .black { didSet { invalidateSelf() } }
    /// The placeholder's color.
    public final var placeholderColor = Color(red: 0x99, green: 0x99, blue: 0x99) { didSet { invalidateSelf() } }
    /// Painted behind selected text.
    public final var selectionColor = Color(red: 0xB4, green: 0xD5, blue: 0xFE) { didSet { invalidateSelf() } }

    /// An input method's composition in progress, if any.
    public private(set) final var preedit: TextPreedit? { didSet { if preedit != oldValue { invalidateSelf() } } }
    /// How far the text is scrolled left, in points, to keep the caret visible.
    public private(set) final var scrollOffset = 0.0 { didSet { if scrollOffset != oldValue { invalidateSelf() } } }
    /// Whether the caret is in the on phase of its blink (behaviour.md §16). A live window
    /// turns it off and on; replay and `--png` leave it on. A change damages the caret alone.
    public final var isCaretShown = true {
        didSet { if isCaretShown != oldValue, isEditing { window?.recordInvalidation(.area(convert(caretRect, to: nil))) } }
    }
    /// The window this field is the first responder of. Kept here, not looked up: a field
    /// removed from its tree must still end its editing there.
    final weak var editingWindow: Window?

    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
    }

    /// Whether the field is its window's first responder.
    public final var isEditing: Bool { editingWindow != nil }

    /// The caret, in grapheme clusters.
    public final var caret: Int { editState.caret }
    /// The selected clusters (empty at the caret).
    public final var selection: Range<Int> { editState.selection }

    /// What the log and anything outside the field may show of the text: the text, or for a
    /// secure field `•••` (`""` when empty).
    public final var loggedText: String {
        guard isSecureTextEntry else { return text }
        return text.isEmpty ? "" : Self.secureLogText
    }

    /// What is painted: the text (bullets when secure) with any preedit at the caret.
    public final var displayedText: String {
        let shown = isSecureTextEntry ? String(repeating: Self.secureBullet, count: text.count) : text
        guard let preedit else { return shown }
        let index = shown.index(shown.startIndex, offsetBy: editState.caret)
        return String(shown[..<index]) + preedit.text + String(shown[index...])
    }

    /// Where the caret is drawn among `displayedText`'s clusters (inside a preedit at its cursor).
    public final var displayedCaret: Int { editState.caret + (preedit?.cursor ?? 0) }

    /// The width text may use: the bounds less `textInset` on each side.
    public final var textWidth: Double { max(0, frame.width - 2 * Self.textInset) }

    /// The metrics carets are placed with: the window's text engine, or uniform widths.
    public final var metrics: TextFieldMetrics {
        (editingWindow ?? window)?.textFieldMetrics ?? Window.uniformTextFieldMetrics
    }

    /// The caret offset nearest `x` in the field's own coordinates.
    public final func caretOffset(atX x: Double) -> Int {
        let offset = metrics.caretOffset(atX: x - Self.textInset + scrollOffset, in: displayedText, fontSize: fontSize)
        // A tap inside a preedit lands at its start: the composition is not text yet.
        guard let preedit else { return offset }
        let start = editState.caret
        if offset <= start { return offset }
        return max(start, offset - preedit.text.count)
    }

    /// Where the caret of each offset of the text lies on screen (bullets for a secure field),
    /// for Left and Right.
    private var caretXs: [Double] {
        let shown = isSecureTextEntry ? String(repeating: Self.secureBullet, count: text.count) : text
        return metrics.caretXs(in: shown, fontSize: fontSize)
    }

    /// The caret's x in the field's own coordinates.
    public final var caretX: Double {
        Self.textInset - scrollOffset + metrics.caretX(atOffset: displayedCaret, in: displayedText, fontSize: fontSize)
    }

    /// Where the caret is painted, in the field's coordinates: `caretWidth` wide around
    /// `caretX`, a line tall, centered vertically, cut to the text area.
    public final var caretRect: Rect {
        let height = fontSize * Self.lineHeightFactor
        let rect = Rect(x: caretX - Self.caretWidth / 2, y: (frame.height - height) / 2, width: Self.caretWidth, height: height)
        return rect.intersection(Rect(x: Self.textInset, y: 0, width: textWidth, height: frame.height))
    }

    // MARK: Touches

    open override func didEndTracking(_ touch: Touch, inside: Bool) {
        guard inside, let window else { return }
        let offset = caretOffset(atX: touch.location(in: self).x)
        if isEditing {
            preedit = nil
            editState = editState.placingCaret(offset)
        } else {
            window.makeFirstResponder(self, caret: offset, time: touch.timestamp)
        }
    }

    open override func didLeaveTree() {
        super.didLeaveTree()
        editingWindow?.endEditing(time: editingWindow?.clock.now)
    }

    // MARK: Editing (the window calls these while the field is its first responder)

    /// The window made this field its first responder.
    final func beginEditing(in window: Window, caret: Int, time: Double?) {
        editingWindow = window
        editState = editState.placingCaret(caret)
        invalidateSelf()
        sendActions(for: .editingDidBegin, time: time)
    }

    /// The window let go of this field.
    final func finishEditing(time: Double?) {
        editingWindow = nil
        preedit = nil
        editState = editState.placingCaret(editState.caret)
        invalidateSelf()
        sendActions(for: .editingDidEnd, time: time)
    }

    /// A key press while editing; always consumed. Return and Escape end editing through
    /// the window.
    final func handle(_ key: KeyPress, time: Double) {
        let shift = key.modifiers.contains(.shift)
        let command = key.modifiers.contains(.ctrl)
        switch key.name {
        case "Return", "KP_Enter", "ISO_Enter":
            sendActions(for: .primaryActionTriggered, time: time)
            guard isEditing else { return }
            sendActions(for: .editingDidEndOnExit, time: time)
            editingWindow?.endEditing(time: time)
        case "Escape":
            editingWindow?.endEditing(time: time)
        case "BackSpace": edit(editState.deletingBackward(), time: time)
        case "Delete", "KP_Delete": edit(editState.deletingForward(), time: time)
        case "Left", "KP_Left": edit(editState.movingVisually(toRight: false, extending: shift, caretXs: caretXs), time: time)
        case "Right", "KP_Right": edit(editState.movingVisually(toRight: true, extending: shift, caretXs: caretXs), time: time)
        case "Home", "KP_Home", "Up", "KP_Up": edit(editState.movingToStart(extending: shift), time: time)
        case "End", "KP_End", "Down", "KP_Down": edit(editState.movingToEnd(extending: shift), time: time)
        case "a" where command, "A" where command: edit(editState.selectingAll(), time: time)
        case "c" where command, "C" where command: copySelection()
        case "x" where command, "X" where command:
            guard copySelection() else { return }
            edit(editState.deletingBackward(), time: time)
        case "v" where command, "V" where command:
            if let pasted = editingWindow?.clipboard.paste(into: self) { paste(pasted, time: time) }
        default:
            guard let typed = key.text, !key.modifiers.contains(.ctrl), !key.modifiers.contains(.alt),
                  !key.modifiers.contains(.logo) else { return }
            insert(typed, time: time)
        }
    }

    /// Inserts `inserted` at the caret (replacing the selection) under the field's rules.
    final func insert(_ inserted: String, time: Double) {
        edit(editState.inserting(Self.oneLine(inserted), contentType: contentType, maxLength: maxLength), time: time)
    }

    /// An input method's preedit (nil clears it): never an editingChanged.
    final func setPreedit(_ newPreedit: TextPreedit?) {
        preedit = newPreedit.flatMap { $0.text.isEmpty ? nil : $0 }
        scrollToCaret()
    }

    /// An input method's `done`: the preedit goes, surrounding text is deleted, `commit`
    /// inserted, in the protocol's order, with one editingChanged if the text changed.
    final func applyInputMethod(commit: String?, deleteBefore: Int, deleteAfter: Int, preedit newPreedit: TextPreedit?,
                                time: Double) {
        preedit = nil
        var state = editState
        if deleteBefore > 0 || deleteAfter > 0 { state = state.deletingSurrounding(before: deleteBefore, after: deleteAfter) }
        if let commit { state = state.inserting(Self.oneLine(commit), contentType: contentType, maxLength: maxLength) }
        edit(state, time: time)
        setPreedit(newPreedit)
    }

    /// `text` with its line breaks as spaces: a field holds one line (pasted text may have more).
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Takes `newState`; sends editingChanged when its text differs.
    private func edit(_ newState: TextEditState, time: Double) {
        let changed = newState.text != editState.text
        editState = newState
        if changed { sendActions(for: .editingChanged, time: time) }
    }

    /// Copies the selection; a secure field copies nothing. Returns whether it copied.
    @discardableResult
    private func copySelection() -> Bool {
        guard !isSecureTextEntry, !selection.isEmpty, let clipboard = editingWindow?.clipboard else { return false }
        clipboard.copy(editState.selectedText)
        return true
    }

    /// Scrolls so that the caret lies within the text width, and no further than needed.
    private func scrollToCaret() {
        let shown = displayedText
        let x = metrics.caretX(atOffset: displayedCaret, in: shown, fontSize: fontSize)
        let full = metrics.caretX(atOffset: shown.count, in: shown, fontSize: fontSize)
        var offset = scrollOffset
        if x - offset > textWidth { offset = x - textWidth }
        if x - offset < 0 { offset = x }
        // Never scrolled past the end of the text when it fits again.
        offset = max(0, min(offset, max(0, full - textWidth)))
        if x - offset > textWidth { offset = x - textWidth }
        scrollOffset = offset
    }
}
