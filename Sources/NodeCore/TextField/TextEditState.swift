/// A text field's text with its caret and selection, as grapheme-cluster offsets (Swift
/// `Character`s), and the editing operations as pure functions of it (behaviour.md §16).
///
/// `anchor` is where a selection started and `caret` where it ends: Shift+Left moves the
/// caret and keeps the anchor. They are equal when nothing is selected.
public struct TextEditState: Hashable, Sendable {
    public private(set) var text: String
    public private(set) var anchor: Int
    public private(set) var caret: Int

    /// `text` with the caret at `caret` (clamped) and nothing selected.
    public init(text: String = "", caret: Int? = nil) {
        self.text = text
        let end = text.count
        let place = min(max(caret ?? end, 0), end)
        anchor = place
        self.caret = place
    }

    /// `text` with `anchor` and `caret` clamped into it.
    public init(text: String, anchor: Int, caret: Int) {
        self.init(text: text, caret: caret)
        self.anchor = min(max(anchor, 0), text.count)
    }

    /// The number of grapheme clusters.
    public var length: Int { text.count }

    /// The selected clusters, from the lower offset to the higher one; empty at the caret.
    public var selection: Range<Int> { min(anchor, caret) ..< max(anchor, caret) }

    /// The selected text.
    public var selectedText: String { String(slice(selection)) }

    // MARK: Editing (each returns the new state)

    /// `inserted` replacing the selection (or at the caret), with characters `contentType`
    /// rejects left out and cut so the text stays within `maxLength` clusters; the caret
    /// follows what was inserted.
    public func inserting(_ inserted: String, contentType: TextContentType = .text, maxLength: Int? = nil) -> TextEditState {
        var accepted = inserted.filter(contentType.accepts)
        let range = selection
        if let maxLength {
            let room = max(0, maxLength - (length - range.count))
            if accepted.count > room { accepted = String(accepted.prefix(room)) }
        }
        if accepted.isEmpty && range.isEmpty { return self }
        return replacing(range, with: accepted)
    }

    /// BackSpace: the selection, or the one cluster before the caret.
    public func deletingBackward() -> TextEditState {
        if !selection.isEmpty { return replacing(selection, with: "") }
        guard caret > 0 else { return self }
        return replacing(caret - 1 ..< caret, with: "")
    }

    /// Delete: the selection, or the one cluster after the caret.
    public func deletingForward() -> TextEditState {
        if !selection.isEmpty { return replacing(selection, with: "") }
        guard caret < length else { return self }
        return replacing(caret ..< caret + 1, with: "")
    }

    /// An input method's delete-surrounding: `before` clusters before the selection (or the
    /// caret) and `after` clusters after it, with the selection itself kept out of it.
    public func deletingSurrounding(before: Int, after: Int) -> TextEditState {
        let range = selection
        let lower = max(0, range.lowerBound - max(0, before))
        let upper = min(length, range.upperBound + max(0, after))
        var result = replacing(range.upperBound ..< upper, with: "")
        result = result.replacing(lower ..< range.lowerBound, with: "")
        return result
    }

    // MARK: Caret and selection

    /// Left by one cluster; `extending` moves the caret and keeps the anchor (Shift).
    /// Without Shift a selection collapses to its start.
    public func movingLeft(extending: Bool = false) -> TextEditState {
        if !extending, !selection.isEmpty { return placingCaret(selection.lowerBound) }
        return movingCaret(to: caret - 1, extending: extending)
    }

    /// Right by one cluster; without Shift a selection collapses to its end.
    public func movingRight(extending: Bool = false) -> TextEditState {
        if !extending, !selection.isEmpty { return placingCaret(selection.upperBound) }
        return movingCaret(to: caret + 1, extending: extending)
    }

    /// Home: to the start.
    public func movingToStart(extending: Bool = false) -> TextEditState { movingCaret(to: 0, extending: extending) }

    /// End: to the end.
    public func movingToEnd(extending: Bool = false) -> TextEditState { movingCaret(to: length, extending: extending) }

    /// Ctrl+A: everything selected, the caret at the end.
    public func selectingAll() -> TextEditState { TextEditState(text: text, anchor: 0, caret: length) }

    /// The caret at `offset` (clamped), nothing selected.
    public func placingCaret(_ offset: Int) -> TextEditState { TextEditState(text: text, caret: offset) }

    /// The caret at `offset` (clamped), the anchor kept when `extending`.
    public func movingCaret(to offset: Int, extending: Bool) -> TextEditState {
        TextEditState(text: text, anchor: extending ? anchor : offset, caret: offset)
    }

    // MARK: Helpers

    /// The text with the clusters in `range` replaced by `replacement`; the caret after it.
    private func replacing(_ range: Range<Int>, with replacement: String) -> TextEditState {
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(start, offsetBy: range.count)
        var newText = text
        newText.replaceSubrange(start ..< end, with: replacement)
        // Clusters can join across the seam (a combining mark typed after a letter): the
        // caret goes after the last cluster that ends within the text up to the replacement.
        let caretBytes = text.utf8.distance(from: text.startIndex, to: start) + replacement.utf8.count
        return TextEditState(text: newText, caret: clusterCount(ofPrefixWithUTF8Count: caretBytes, in: newText))
    }

    /// How many clusters of `text` end at or before UTF-8 offset `count`.
    private func clusterCount(ofPrefixWithUTF8Count count: Int, in text: String) -> Int {
        var clusters = 0
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > count { break }
            clusters += 1
        }
        return clusters
    }

    private func slice(_ range: Range<Int>) -> Substring {
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        return text[start ..< text.index(start, offsetBy: range.count)]
    }
}
