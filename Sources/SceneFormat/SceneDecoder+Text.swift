import NodeCore

extension SceneDecoder {
    /// Keys of `kind: "text"` nodes.
    static let textKeys = ["text", "fontSize", "textColor", "alignment", "lines"]

    /// Reads a text node's keys, or rejects them on a node of another kind.
    static func readTextKeys(_ r: inout ObjectReader, kind: NodeKind) throws(FormatError) -> NodeDescription.TextKeys {
        var keys = NodeDescription.TextKeys()
        guard kind == .text else {
            if let key = r.firstUnread(of: textKeys) {
                throw r.fail(key, "only text nodes have '\(key)' (this node's kind is '\(kind.rawValue)')")
            }
            return keys
        }
        keys.text = try r.string("text").map { RowText($0, takesRowText: true) }
        keys.fontSize = try r.number("fontSize", in: FileLimits.fontSizes)
        keys.textColor = try r.color("textColor")
        if let alignment = try r.choice("alignment", TextAlignment.allCases.map(\.rawValue)) {
            keys.alignment = TextAlignment(rawValue: alignment)!
        }
        if let lines = try r.integer("lines") {
            guard lines >= 0 else { throw r.fail("lines", "must be at least 0 (0 shows as many lines as fit), got \(lines)") }
            keys.lines = lines
        }
        return keys
    }
}
