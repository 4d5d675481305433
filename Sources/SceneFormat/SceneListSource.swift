import NodeCore
import MemoryEdges

/// The rows of a scene's list: nodes made from the row template (read once, at load) with
/// `{i}` replaced by the row index, and the simulated data source of `fetch` (docs/behaviour.md,
/// Lists): each fetch appends `batch` rows `delay` ms after it began, on the window's
/// clock, until the list has `total` rows.
final class SceneListSource: ListDataSource, ListBatchFetchingDelegate {
    struct Fetch {
        var batch: Int
        var delay: Double
        var total: Int
        /// Fetches left to every list made from this description: one list, or every row's
        /// list of a row template, which share it, so rows cannot multiply the fetches (§20.1).
        let budget = FetchBudget()
    }

    /// A count of fetches that copies of a `Fetch` share.
    final class FetchBudget {
        var remaining = FileLimits.maximumFetches
    }

    let template: RowTemplate
    private(set) var count: Int
    let fetch: Fetch?
    /// The text field whose text picks the rows shown, and how (`filter`), with its line.
    let filter: Filter?
    /// While filtered: the template rows shown, in order; nil shows every row.
    private var shown: [Int]?
    /// The template rows' texts as the filter matches them, made the first time the list filters.
    private var filterRows: ListFilterRows?

    /// A list's `filter` key (behaviour.md §16.8).
    struct Filter {
        var field: String
        var rule: ListFilter
        var file: String
        var line: Int
        /// The `field` key's path, for messages.
        var path: String
    }

    init(template: RowTemplate, count: Int, fetch: Fetch?, filter: Filter? = nil) {
        self.template = template
        self.count = count
        self.fetch = fetch
        self.filter = filter
    }

    func numberOfRows(in list: ListNode) -> Int { shown?.count ?? count }

    /// Rows keep the names of their template row (`result-7` is result 7 wherever it shows).
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node { template.makeRow(shown?[index] ?? index) }

    func list(_ list: ListNode, reuse node: Node, forRowAt index: Int) -> Bool {
        template.reuse(node, as: shown?[index] ?? index)
    }

    /// The rows shown change only by `reloadData`, which drops every node kept for reuse, so
    /// `previous` is the template row the node was last made as.
    func list(_ list: ListNode, reuse node: Node, showing previous: Int, forRowAt index: Int) -> Bool {
        template.reuse(node, as: shown?[index] ?? index, showing: shown?[previous] ?? previous)
    }

    func list(_ list: ListNode, layoutKeyForRowAt index: Int) -> Int? {
        template.layoutKey(ofRow: shown?[index] ?? index)
    }

    /// Shows the rows whose text `filter` lets through with `query`, from the top.
    func show(matching query: String, in list: ListNode) {
        guard let filter else { return }
        if filterRows == nil {
            filterRows = ListFilterRows(filter.rule, texts: (0 ..< count).map { ListFilter.text(of: template.makeRow($0)) })
        }
        let matching = filterRows?.rows(matching: query)
        guard matching != shown else { return }
        shown = matching
        list.reloadData()
        list.contentOffset = .zero
    }

    func shouldBatchFetch(for list: ListNode) -> Bool {
        guard let fetch else { return false }
        return count < fetch.total && fetch.budget.remaining > 0
    }

    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchContext) {
        guard let fetch, let clock = list.window?.clock else { return }
        fetch.budget.remaining -= 1
        // The list gives up its fetch when it goes away, so while the fetch is in flight it is alive.
        clock.schedule(at: context.beginTime + fetch.delay) { [weak self, list = Unowned(list)] time in
            guard context.isFetching, let self else { return }
            let list = list.object
            let added = max(0, min(fetch.batch, fetch.total - count))
            count += added
            list.appendRows(added)
            list.report(.batchFetchCompleted, at: time)
            context.completeBatchFetching(true)
        }
    }
}
