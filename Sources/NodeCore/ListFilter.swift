/// Which rows of a list a text field's text lets through (behaviour.md §16.8): a search
/// field over a list of results.
public struct ListFilter: Hashable, Sendable {
    /// How a row's text must hold the query.
    public enum Match: String, Hashable, Sendable, CaseIterable {
        /// The row's text starts with the query.
        case prefix
        /// The query is anywhere in the row's text.
        case contains
    }

    public var match: Match

    public init(match: Match) { self.match = match }

    /// Whether a row with `rowText` shows while the field holds `query`: an empty query lets
    /// every row through; otherwise case is ignored (Unicode's lowercase mapping) and text is
    /// compared by grapheme clusters, as Swift compares strings.
    public func lets(_ rowText: String, through query: String) -> Bool {
        guard !query.isEmpty else { return true }
        return lets(FoldedText(rowText), through: FoldedText(query))
    }

    /// `lets(_:through:)` on texts lowercased beforehand. A query of more characters than the
    /// row cannot be in it; saying so first spares `contains` its table over a long query.
    func lets(_ row: FoldedText, through query: FoldedText) -> Bool {
        switch match {
        case .prefix: return row.text.hasPrefix(query.text)
        case .contains: return query.count <= row.count && row.text.contains(query.text)
        }
    }

    /// The text a row is matched by: the labels and texts of its nodes, depth first, one
    /// space between them.
    public static func text(of row: Node) -> String {
        var parts: [String] = []
        func visit(_ node: Node) {
            if let label = node.label, !label.isEmpty { parts.append(label) }
            if let text = node as? TextNode, !text.text.isEmpty { parts.append(text.text) }
            for child in node.subnodes { visit(child) }
        }
        visit(row)
        return parts.joined(separator: " ")
    }
}

/// A text lowercased (Unicode's mapping) once, with its length in characters, to be matched
/// many times.
struct FoldedText: Sendable {
    let text: String
    let count: Int

    init(_ text: String) {
        self.text = text.lowercased()
        count = self.text.count
    }

    /// Whether every row that holds this query also holds `shorter`: this query starts with
    /// it, character by character and byte by byte (a prefix of the bytes alone can end
    /// inside a character, as `e` does in `e` + U+0301).
    func extends(_ shorter: FoldedText) -> Bool {
        count >= shorter.count && text.utf8.starts(with: shorter.text.utf8) && text.starts(with: shorter.text)
    }
}
