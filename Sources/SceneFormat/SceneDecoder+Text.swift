import NodeCore

extension SceneDecoder {
    /// Keys of `kind: "text"` nodes.
    static let textKeys = ["text", "fontSize", "textColor", "alignment", "lines"]

    /// Reads a text node's keys into `node`, or rejects them on a node of another kind.
    static func decodeText(_ r: inout ObjectReader, into node: Node, kind: NodeKind) throws(FormatError) {
        guard let textNode = node as? TextNode else {
            for key in textKeys where r.has(key) {
                throw r.fail(key, "only text nodes have '\(key)' (this node's kind is '\(kind.rawValue)')")
            }
            return
        }
        if let text = try r.string("text") { textNode.text = text }
        if let size = try r.number("fontSize", in: 1...1000) { textNode.fontSize = size }
        if let color = try r.color("textColor") { textNode.textColor = color }
        if let alignment = try r.choice("alignment", TextAlignment.allCases.map(\.rawValue)) {
            textNode.alignment = TextAlignment(rawValue: alignment)!
        }
        if let lines = try r.integer("lines") {
            guard lines >= 0 else { throw r.fail("lines", "must be at least 0 (0 shows as many lines as fit), got \(lines)") }
            textNode.maximumLines = lines
        }
    }
}
