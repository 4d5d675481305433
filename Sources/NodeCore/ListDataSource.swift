/// Supplies a list's rows (Texture's table data source). The list asks for a row's node
/// only while the row is within its preload range, and lets go of it when it leaves.
public protocol ListDataSource: AnyObject {
    /// How many rows the list has.
    func numberOfRows(in list: ListNode) -> Int
    /// A new node for row `index`, laid out in row coordinates: the list moves it to the row.
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node
    /// Row `index`'s extent along the list's axis; nil (the default) uses `list.rowExtent`.
    func list(_ list: ListNode, extentOfRowAt index: Int) -> Double?
    /// Makes `node`, which this source gave for a row that has since left the preload range,
    /// exactly the node `list(_:nodeForRowAt:)` would give for row `index` (UIKit's cell
    /// reuse, behaviour.md §10.1); false when it cannot, and the list asks for a new node.
    /// The default is false: every row gets a new node.
    func list(_ list: ListNode, reuse node: Node, forRowAt index: Int) -> Bool
    /// `list(_:reuse:forRowAt:)` told the row the node showed last, `previous`: equal to
    /// `index` when a row that scrolled out comes back to its own node, which a source whose
    /// rows change only as the list makes them over can leave almost as it is. The default
    /// asks `list(_:reuse:forRowAt:)`.
    func list(_ list: ListNode, reuse node: Node, showing previous: Int, forRowAt index: Int) -> Bool
    /// For self-sizing rows: a key such that the nodes this source gives (new or reused) for
    /// rows of equal keys have equal layout inputs, so the list lays out one and gives the
    /// others its layout (behaviour.md §15.3). The default is nil: every row is measured.
    func list(_ list: ListNode, layoutKeyForRowAt index: Int) -> Int?
}

extension ListDataSource {
    public func list(_ list: ListNode, extentOfRowAt index: Int) -> Double? { nil }
    public func list(_ list: ListNode, reuse node: Node, forRowAt index: Int) -> Bool { false }
    public func list(_ list: ListNode, reuse node: Node, showing previous: Int, forRowAt index: Int) -> Bool {
        self.list(list, reuse: node, forRowAt: index)
    }
    public func list(_ list: ListNode, layoutKeyForRowAt index: Int) -> Int? { nil }
}

/// Decides and starts batch fetches (Texture's `shouldBatchFetch` and
/// `willBeginBatchFetch(with:)`).
public protocol ListBatchFetchingDelegate: AnyObject {
    /// Whether the list may fetch now; the default agrees.
    func shouldBatchFetch(for list: ListNode) -> Bool
    /// A fetch began: load more rows, add them (`appendRows`), then call
    /// `context.completeBatchFetching(true)`.
    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchContext)
}

extension ListBatchFetchingDelegate {
    public func shouldBatchFetch(for list: ListNode) -> Bool { true }
}

/// Something a list reports to its observers and the event log records.
public struct ListEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case batchFetchBegan, batchFetchCompleted
    }

    public var kind: Kind
    /// The input time, in milliseconds.
    public var time: Double
    /// The row count at that moment (after appending, for `batchFetchCompleted`).
    public var rows: Int

    public init(kind: Kind, time: Double, rows: Int) {
        self.kind = kind
        self.time = time
        self.rows = rows
    }
}
