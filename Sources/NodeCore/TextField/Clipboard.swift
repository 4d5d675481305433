/// Text that copy, cut and paste exchange (behaviour.md §16.7). A live window puts the
/// Wayland clipboard behind it, which answers a paste later; `LocalClipboard` answers at once.
public protocol Clipboard: AnyObject {
    /// Puts `text` on the clipboard (Ctrl+C, Ctrl+X; a secure field never calls this).
    func copy(_ text: String)
    /// Ctrl+V in `field`: the text to paste now, or nil. A clipboard that must wait for its
    /// text returns nil and hands the text to `Window.textPaste` when it comes, as input
    /// (a `text.paste` line), so that a recording replays it.
    func paste(into field: TextFieldNode) -> String?
}

/// A clipboard that lives in this process only: what replay and windows without a
/// compositor use.
public final class LocalClipboard: Clipboard {
    /// What the last copy or cut put here.
    public private(set) var text: String?
    /// Whether Ctrl+V pastes `text` at once. Off while replaying a recording whose pastes
    /// came from the system clipboard: its `text.paste` lines paste instead.
    public let pastesOnRequest: Bool

    public init(pastesOnRequest: Bool = true) { self.pastesOnRequest = pastesOnRequest }

    public func copy(_ text: String) { self.text = text }

    public func paste(into field: TextFieldNode) -> String? { pastesOnRequest ? text : nil }
}

extension Window {
    /// The clipboard's text arriving for a paste (`text.paste`): inserted into the field
    /// that edits, like typed text, with one editingChanged (behaviour.md §16.7).
    public final func textPaste(_ text: String, time: Double) {
        clock.advance(to: time)
        firstResponder?.paste(text, time: time)
    }
}

extension TextFieldNode {
    /// Pasted text as a field takes it: line breaks and tabs become spaces (a field holds one
    /// line) and other control characters (NUL, ESC, DEL…) are dropped.
    public static func pastable(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline || character == "\t" {
                result.append(" ")
            } else if character.unicodeScalars.first?.properties.generalCategory != .control {
                // A control character is always a cluster of its own (Unicode's rules GB4, GB5).
                result.append(character)
            }
        }
        return result
    }

    /// Pastes `pasted` at the caret (replacing the selection) under the field's rules.
    final func paste(_ pasted: String, time: Double) {
        insert(Self.pastable(pasted), time: time)
    }
}
