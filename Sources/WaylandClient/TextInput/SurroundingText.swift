/// The text around the caret as `zwp_text_input_v3.set_surrounding_text` carries it
/// (behaviour.md §16): UTF-8 of at most `byteLimit` bytes holding the caret, as much of the
/// selection as fits, and whole grapheme clusters around them, with byte offsets into it.
package struct SurroundingText: Hashable, Sendable {
    /// What the protocol allows: a Wayland message is at most 4096 bytes.
    package static let byteLimit = 4000

    package var text: String
    /// The caret, in bytes into `text`.
    package var cursor: Int
    /// The selection's other end, in bytes into `text` (`cursor` when nothing is selected).
    package var anchor: Int

    package init(text: String, cursor: Int, anchor: Int) {
        self.text = text
        self.cursor = cursor
        self.anchor = anchor
    }

    /// The part of `text` sent for a caret and anchor given in grapheme clusters: all of it
    /// when it fits in `limit` bytes; otherwise the caret with the selection (cut from the
    /// anchor's side when it alone is too long), then clusters taken alternately before and
    /// after while they fit.
    package init(around text: String, anchor: Int, caret: Int, limit: Int = byteLimit) {
        let clusters = Array(text)
        let sizes = clusters.map(\.utf8.count)
        let caret = min(max(caret, 0), clusters.count)
        let anchor = min(max(anchor, 0), clusters.count)
        var start = min(anchor, caret), end = max(anchor, caret)
        var bytes = sizes[start ..< end].reduce(0, +)
        // A selection longer than the limit keeps the caret's end.
        while bytes > limit {
            if caret == end { bytes -= sizes[start]; start += 1 } else { end -= 1; bytes -= sizes[end] }
        }
        var grew = true
        while grew {
            grew = false
            if start > 0, bytes + sizes[start - 1] <= limit { start -= 1; bytes += sizes[start]; grew = true }
            if end < clusters.count, bytes + sizes[end] <= limit { bytes += sizes[end]; end += 1; grew = true }
        }
        func offset(_ cluster: Int) -> Int { sizes[start ..< min(max(cluster, start), end)].reduce(0, +) }
        self.init(text: String(clusters[start ..< end]), cursor: offset(caret), anchor: offset(anchor))
    }
}
