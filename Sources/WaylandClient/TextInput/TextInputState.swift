/// What an editing text field tells the compositor's input method through
/// `zwp_text_input_v3` (behaviour.md §16): which field, its content type, the text around
/// the caret and where the caret is.
package struct TextInputState: Hashable, Sendable {
    /// Identifies the field: another field re-enables the text input (the protocol asks for
    /// an enable whenever the edited field changes).
    package var field: ObjectIdentifier
    package var hint: ZwpTextInputV3.ContentHint
    package var purpose: ZwpTextInputV3.ContentPurpose
    /// nil: not sent (a secure field's text is not the input method's to see).
    package var surrounding: SurroundingText?
    /// The caret, in the content's points (the window maps it to the surface's).
    package var caret: Rect

    package init(field: ObjectIdentifier, hint: ZwpTextInputV3.ContentHint, purpose: ZwpTextInputV3.ContentPurpose,
                 surrounding: SurroundingText?, caret: Rect) {
        self.field = field
        self.hint = hint
        self.purpose = purpose
        self.surrounding = surrounding
        self.caret = caret
    }
}

/// An input method's edits, as one `zwp_text_input_v3.done` applies them (in this order:
/// the old preedit goes, surrounding text is deleted, `commit` is inserted, `preedit` shown).
public struct TextInputDone: Hashable, Sendable {
    /// Bytes to delete before the caret (or selection) and after it.
    public var deleteBefore: UInt32 = 0
    public var deleteAfter: UInt32 = 0
    /// Text to insert at the caret; empty for none.
    public var commit = ""
    /// The new composition; empty for none.
    public var preedit = ""
    /// The composition's cursor in bytes into `preedit`: `begin` … `end` (equal for a line);
    /// both -1 when the input method hides it.
    public var preeditCursorBegin: Int32 = 0
    public var preeditCursorEnd: Int32 = 0

    public init(deleteBefore: UInt32 = 0, deleteAfter: UInt32 = 0, commit: String = "", preedit: String = "",
                preeditCursorBegin: Int32 = 0, preeditCursorEnd: Int32 = 0) {
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
        self.commit = commit
        self.preedit = preedit
        self.preeditCursorBegin = preeditCursorBegin
        self.preeditCursorEnd = preeditCursorEnd
    }
}
