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
        let row = rowText.lowercased(), wanted = query.lowercased()
        switch match {
        case .prefix: return row.hasPrefix(wanted)
        case .contains: return row.contains(wanted)
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
