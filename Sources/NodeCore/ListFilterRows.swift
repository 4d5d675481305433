/// A list's rows matched by a `ListFilter` as a query is typed (behaviour.md §16.8): each
/// row's text is lowercased once, and a query that extends the previous one looks only at
/// the rows that one let through, so typing into a long list costs the rows still shown.
public struct ListFilterRows: Sendable {
    public let filter: ListFilter
    private let rows: [FoldedText]
    /// The last non-empty query and the rows it let through.
    private var last: (query: FoldedText, rows: [Int])?
    /// How many times a row was matched against a query, all told: what extending a query saves.
    public private(set) var comparisons = 0

    /// The rows whose texts are `texts`, in order (`ListFilter.text(of:)` makes a row's).
    public init(_ filter: ListFilter, texts: [String]) {
        self.filter = filter
        rows = texts.map(FoldedText.init)
    }

    /// The indices of the rows `query` lets through, in order; nil for an empty query, which
    /// shows every row.
    public mutating func rows(matching query: String) -> [Int]? {
        guard !query.isEmpty else {
            last = nil
            return nil
        }
        let query = FoldedText(query)
        let candidates: [Int]
        if let last, query.extends(last.query) {
            if query.text == last.query.text { return last.rows }
            candidates = last.rows
        } else {
            candidates = Array(rows.indices)
        }
        comparisons += candidates.count
        let matching = candidates.filter { filter.lets(rows[$0], through: query) }
        last = (query, matching)
        return matching
    }
}
