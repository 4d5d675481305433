/// A scrolling list of rows from a data source, the way Texture's table node works
/// (docs/behaviour.md, Lists): only rows within the preload range exist as nodes, and
/// the list asks its batch-fetching delegate for more rows when the visible area
/// comes within `leadingScreensForBatching` screens of the fetching end.
///
/// Rows lie along the vertical axis, or the horizontal one when `isHorizontal`. An
/// inverted list puts row 0 at the far end (a chat's newest message at the bottom),
/// starts scrolled there, and fetches at the other end; rows added there leave the
/// visible rows where they are on screen.
open class ListNode: ScrollNode {
    /// Texture's `leadingScreensForBatching` default.
    public static let defaultLeadingScreensForBatching = BatchFetchRule.defaultLeadingScreens
    /// Screens of rows kept alive ahead of the visible area, in the scroll direction.
    public static let defaultPreloadLeadingScreens = 2.5
    /// Screens of rows kept alive behind the visible area.
    public static let defaultPreloadTrailingScreens = 1.5

    /// The smallest row extent a scene may give (a row less than a point tall is no row).
    public static let minimumRowExtent = 1.0
    /// At most this many row nodes exist at once, however small the rows: hostile or
    /// mistaken sizes cannot make a list build millions of nodes.
    public static let maximumLiveRows = 1024

    public final let isHorizontal: Bool
    public final let isInverted: Bool
    /// The extent of every row along the axis, unless the data source gives one per row;
    /// with `hasSelfSizingRows`, the estimate for rows not measured yet.
    public final let rowExtent: Double
    /// Whether each row's extent is its layout's size along the axis at the list's cross
    /// size (Texture's self-sizing cells, behaviour.md §15.3; the data source's extents are not asked).
    public final let hasSelfSizingRows: Bool
    /// The estimate of a self-sizing list's rows when none is given (UITableView's 44).
    public static let defaultEstimatedRowExtent = 44.0
    /// How close, in screens, the visible area may come to the fetching end before a fetch.
    public final var leadingScreensForBatching = ListNode.defaultLeadingScreensForBatching
    public final var preloadLeadingScreens = ListNode.defaultPreloadLeadingScreens {
        didSet { updateLiveRows() }
    }
    public final var preloadTrailingScreens = ListNode.defaultPreloadTrailingScreens {
        didSet { updateLiveRows() }
    }
    /// Where the rows come from; held strongly (it gets the list as an argument, so it
    /// need not hold the list).
    public final var dataSource: ListDataSource? {
        didSet { reloadData() }
    }
    public final var batchFetchingDelegate: ListBatchFetchingDelegate?
    /// The state of the current or last batch fetch.
    public final let batchFetchContext = BatchFetchContext()
    /// Called with each row node the list creates, before it joins the tree; not again
    /// when the data source reuses the node for another row.
    public final var rowNodeCreated: ((_ index: Int, _ node: Node) -> Void)?

    var rowLayout: ListLayout
    /// A row node alive now, with the row-relative origin it came with.
    struct LiveRow {
        let node: Node
        let origin: Point
        /// A self-sizing row was measured since it came (ListNode+SelfSizing.swift).
        var isMeasured = false
        /// The data source's layout key for the row as it came; nil once it may have changed.
        var layoutKey: Int?
    }
    /// The rows alive now: entry k is row `liveRange.lowerBound + k`; empty while there is
    /// no data source.
    var liveRows: [LiveRow] = []
    /// Row nodes that left the preload range with the row each showed, for the data source
    /// to reuse (behaviour.md §10.1); never more than there are live rows.
    private var reusableRows: [(node: Node, row: Int)] = []
    /// The index of each live row by its node, made when first asked for (the audit asks
    /// for every row control) and dropped when the rows change.
    private var rowIndexByNode: [ObjectIdentifier: Int]?
    var liveRange: Range<Int> = 0..<0
    /// +1 when the offset last moved toward higher offsets along the axis, -1 lower.
    var lastDirection: Double
    /// Set while self-sizing rows are measured, which may move the offset and make rows.
    var isMeasuringRows = false
    /// Self-sizing rows' layouts by layout key (RowLayoutCache.swift).
    var rowLayouts = RowLayoutCache()
    private var listObservers: [(ListNode, ListEvent) -> Void] = []
    private var hasAppeared = false

    /// The axis rows lie along.
    public final var axis: Axis { isHorizontal ? .horizontal : .vertical }

    /// A list of rows `rowExtent` long, or with `selfSizingRows` of the length their layout
    /// gives them, `rowExtent` being the estimate for rows not measured yet.
    public init(name: String, frame: Rect = .zero, rowExtent: Double, selfSizingRows: Bool = false,
                horizontal: Bool = false, inverted: Bool = false) {
        isHorizontal = horizontal
        isInverted = inverted
        self.rowExtent = max(rowExtent, 0)
        hasSelfSizingRows = selfSizingRows
        rowLayout = selfSizingRows ? ListLayout(estimate: self.rowExtent, count: 0, inverted: inverted)
                                   : ListLayout(fixedExtent: self.rowExtent, count: 0, inverted: inverted)
        // Rows are preloaded toward the fetching end until the list scrolls.
        lastDirection = inverted ? -1 : 1
        super.init(name: name, frame: frame)
        batchFetchContext.onFinish = { [unowned self] in
            checkForBatchFetch(direction: .none, offset: contentOffset, at: window?.clock.now ?? 0)
        }
    }

    /// A list that goes away gives up its fetch in flight, so that a delegate completing it
    /// later sees `isFetching` false and need not hold the list weakly (a weak reference
    /// gives the list a refcount side table: every retain of it takes the slow path).
    deinit {
        batchFetchContext.onFinish = nil
        batchFetchContext.cancelBatchFetching()
    }

    /// How many rows the list has.
    public final var numberOfRows: Int { rowLayout.count }

    /// The node of row `index` if it is alive now.
    public final func nodeForRow(at index: Int) -> Node? {
        let k = index - liveRange.lowerBound
        return liveRange.contains(index) && k < liveRows.count ? liveRows[k].node : nil
    }

    /// The index of the live row whose node is `node`, if any.
    public final func rowIndex(of node: Node) -> Int? {
        guard node.supernode === self else { return nil }
        if rowIndexByNode == nil {
            var indices: [ObjectIdentifier: Int] = [:]
            for (k, row) in liveRows.enumerated() { indices[ObjectIdentifier(row.node)] = liveRange.lowerBound + k }
            rowIndexByNode = indices
        }
        return rowIndexByNode?[ObjectIdentifier(node)]
    }

    /// The indices of the rows alive now (at most a few screens of them).
    public final var liveRowIndices: Range<Int> { liveRange }

    /// Row `index`'s rect in content coordinates.
    public final func rectForRow(at index: Int) -> Rect {
        let span = rowLayout.span(ofRow: index)
        return isHorizontal
            ? Rect(x: span.start, y: 0, width: span.length, height: frame.height)
            : Rect(x: 0, y: span.start, width: frame.width, height: span.length)
    }

    /// Registers `handler` for the list's batch-fetch events.
    public final func addListObserver(_ handler: @escaping (ListNode, ListEvent) -> Void) {
        listObservers.append(handler)
    }

    // MARK: Data

    /// Drops every row (none is reused) and asks the data source again; checks for a batch fetch.
    public final func reloadData() {
        for row in liveRows { row.node.removeFromSupernode() }
        liveRows.removeAll()
        reusableRows.removeAll()
        rowIndexByNode = nil
        liveRange = 0..<0
        let count = dataSource?.numberOfRows(in: self) ?? 0
        if hasSelfSizingRows {
            rowLayout = ListLayout(estimate: rowExtent, count: count, inverted: isInverted)
        } else if let source = dataSource, (0..<min(count, 1)).contains(where: { source.list(self, extentOfRowAt: $0) != nil }) {
            rowLayout = ListLayout(extents: (0..<count).map { source.list(self, extentOfRowAt: $0) ?? rowExtent },
                                inverted: isInverted)
        } else {
            rowLayout = ListLayout(fixedExtent: rowExtent, count: count, inverted: isInverted)
        }
        updateContentSize()
        if isInverted { contentOffset[axis] = restingRange(on: axis).upperBound }
        updateLiveRows()
        dataDidChange()
    }

    /// Adds `count` rows after the last one (at the fetching end). In an inverted list
    /// they appear above the rows on screen, and the offset grows by their length so
    /// the visible rows stay where they are.
    public final func appendRows(_ count: Int) {
        guard count > 0 else { return }
        let before = rowLayout.contentLength
        let source = dataSource
        rowLayout.append(count) { source?.list(self, extentOfRowAt: $0) ?? self.rowExtent }
        let added = rowLayout.contentLength - before
        updateContentSize()
        if isInverted, added != 0 {
            // Every live row's span now starts `added` later (the new rows come before them
            // all): one shift each, no span looked up.
            var delta = Point.zero
            delta[axis] = added
            moveSubnodes(by: delta) { move in for row in liveRows { move(row.node) } }
            let direction = lastDirection
            shiftContent(along: axis, by: added)
            lastDirection = direction  // a shift is not a scroll
        }
        updateLiveRows()
        dataDidChange()
    }

    private func dataDidChange() {
        guard hasAppeared, !isDragging else { return }
        checkForBatchFetch(direction: .none, offset: contentOffset, at: window?.clock.now ?? 0)
    }

    // MARK: Appearing

    /// The list was first shown (time 0 of a replay, the first configure of a live
    /// window): lays out its rows and checks for a batch fetch.
    public final func didAppear(at time: Double) {
        guard !hasAppeared else { return }
        hasAppeared = true
        updateLiveRows()
        checkForBatchFetch(direction: .none, offset: contentOffset, at: time)
    }

    // MARK: Batch fetching

    /// Applies the batch-fetch rule at `offset` and begins a fetch when it says so.
    private func checkForBatchFetch(direction: BatchFetchScrollDirection, offset: Point, at time: Double) {
        guard hasAppeared else { return }
        let visible = frame.size[axis]
        let content = rowLayout.contentLength
        let remaining = isInverted ? offset[axis] : content - visible - offset[axis]
        let agrees = batchFetchingDelegate.map { $0.shouldBatchFetch(for: self) } ?? false
        guard BatchFetchRule.shouldFetch(isFetching: batchFetchContext.isFetching, delegateAgrees: agrees,
                                         leadingScreens: leadingScreensForBatching, visibleSize: frame.size,
                                         visibleLength: visible, contentLength: content,
                                         remainingDistance: remaining, direction: direction),
              let delegate = batchFetchingDelegate
        else { return }
        batchFetchContext.beginBatchFetching()
        batchFetchContext.beginTime = time
        report(.batchFetchBegan, at: time)
        delegate.list(self, willBeginBatchFetchWith: batchFetchContext)
    }

    /// Tells the observers; a data source that completes its fetch reports
    /// `batchFetchCompleted` through this after appending its rows.
    public final func report(_ kind: ListEvent.Kind, at time: Double) {
        let event = ListEvent(kind: kind, time: time, rows: numberOfRows)
        for observer in listObservers { observer(self, event) }
    }

    /// Which way `delta` along the axis moved relative to the fetching end.
    private func direction(of delta: Double) -> BatchFetchScrollDirection {
        if delta == 0 { return .none }
        return (delta > 0) != isInverted ? .towardFetchingEnd : .awayFromFetchingEnd
    }

    override func didReport(_ event: ScrollEvent) {
        // An axis event that moved the offset (drags report their touch; lifts check below).
        guard case .scrolled = event.kind, event.touch == nil, !isDragging else { return }
        checkForBatchFetch(direction: direction(of: lastAxisDelta), offset: contentOffset, at: event.time)
    }

    override func didEndDragging(velocity: Point, targetOffset: Point, at time: Double) {
        checkForBatchFetch(direction: direction(of: velocity[axis]), offset: targetOffset, at: time)
    }

    // MARK: Rows

    var lastAxisDelta = 0.0

    override func sizeDidChange(from old: Size) {
        listSizeDidChange(from: old)
    }

    override func contentOffsetDidChange(from old: Point) {
        lastAxisDelta = contentOffset[axis] - old[axis]
        if lastAxisDelta != 0 { lastDirection = lastAxisDelta > 0 ? 1 : -1 }
        updateLiveRows()
    }

    /// Creates the rows that entered the preload range and releases those that left it,
    /// then measures the new ones of a self-sizing list (ListNode+SelfSizing.swift).
    func updateLiveRows() {
        updateLiveRange()
        measureRowsIfNeeded()
        if !isMeasuringRows { forgetLayoutKeysOfUnmeasuredRows() }
    }

    /// Creates the rows that entered the preload range and releases those that left it.
    func updateLiveRange() {
        let visible = frame.size[axis]
        let start = contentOffset[axis]
        let ahead = preloadLeadingScreens * visible, behind = preloadTrailingScreens * visible
        let lower = lastDirection > 0 ? start - behind : start - ahead
        let upper = lastDirection > 0 ? start + visible + ahead : start + visible + behind
        var wanted = visible > 0 ? rowLayout.rows(meeting: lower, upper) : 0..<0
        if wanted.count > ListNode.maximumLiveRows {
            // Keep the rows nearest the visible area's start.
            let first = rowLayout.rows(meeting: start, start + visible).lowerBound
            let from = min(max(first - ListNode.maximumLiveRows / 4, wanted.lowerBound), wanted.upperBound - ListNode.maximumLiveRows)
            wanted = from..<(from + ListNode.maximumLiveRows)
        }
        guard wanted != liveRange else { return }
        let old = liveRange
        let kept = old.clamped(to: wanted)
        // Rows that left, in index order (leaving the tree cancels their tracking, §10.1):
        // the entries of `liveRows` before those that stay, then those after them (every
        // entry when the ranges do not meet).
        let staying = kept.isEmpty || liveRows.isEmpty ? 0..<0 : (kept.lowerBound - old.lowerBound)..<(kept.upperBound - old.lowerBound)
        let window = self.window
        for k in liveRows.indices where !staying.contains(k) {
            let node = liveRows[k].node
            node.removeFromSupernode()
            if let window { keepForReuse(node, row: old.lowerBound + k, in: window) }
        }
        if staying.isEmpty {
            liveRows.removeAll(keepingCapacity: true)
        } else {
            liveRows.removeSubrange(staying.upperBound...)
            liveRows.removeSubrange(..<staying.lowerBound)
        }
        // Then the rows that came in, in index order, each made frontmost.
        if let source = dataSource {
            if liveRows.isEmpty {
                for index in wanted { liveRows.append(addRow(index, from: source)) }
            } else {
                // Made in index order, and shifted in once.
                let before = (wanted.lowerBound..<kept.lowerBound).map { addRow($0, from: source) }
                liveRows.insert(contentsOf: before, at: 0)
                for index in kept.upperBound..<wanted.upperBound { liveRows.append(addRow(index, from: source)) }
            }
        }
        liveRange = wanted
        rowIndexByNode = nil
        if reusableRows.count > wanted.count { reusableRows.removeLast(reusableRows.count - wanted.count) }
    }

    /// Row `index`'s node, placed in its row and added as the frontmost subnode: a node
    /// that left the range, when the data source can reuse it, else a new one.
    private func addRow(_ index: Int, from source: ListDataSource) -> LiveRow {
        let node: Node
        if let reusable = takeReusableRow(for: index),
           source.list(self, reuse: reusable.node, showing: reusable.row, forRowAt: index) {
            node = reusable.node
        } else {
            node = source.list(self, nodeForRowAt: index)
            rowNodeCreated?(index, node)
        }
        let key = hasSelfSizingRows ? source.list(self, layoutKeyForRowAt: index) : nil
        let row = LiveRow(node: node, origin: node.frame.origin, layoutKey: key)
        node.frame.origin = origin(of: row, at: index)
        addSubnode(node)
        return row
    }

    /// Keeps a row node that left the tree for reuse, unless a touch is still bound into it:
    /// that touch's later events go to its node, which must stay out of the tree as a
    /// dropped node would. A tap sequence it ended is forgotten (a new node never continues
    /// one). Outside a window nothing is kept.
    private func keepForReuse(_ node: Node, row: Int, in window: Window) {
        guard !window.hasTouch(boundInto: node) else { return }
        window.tapCounter.forgetNodes(in: node)
        reusableRows.append((node, row))
    }

    /// A node to make over into row `index`: the one that showed that row if it is kept (rows
    /// that scroll out and back come back to their own nodes, which a data source makes
    /// over with the least to change), else the one that left last.
    private func takeReusableRow(for index: Int) -> (node: Node, row: Int)? {
        guard let last = reusableRows.indices.last else { return nil }
        var k = last
        while k >= 0, reusableRows[k].row != index { k -= 1 }
        return reusableRows.remove(at: k >= 0 ? k : last)
    }

    /// Moves a row node to its row (ListNode+SelfSizing.swift).
    func place(_ row: LiveRow, at index: Int) {
        row.node.frame.origin = origin(of: row, at: index)
    }

    /// Where a row node goes: its row-relative origin plus the row's start.
    private func origin(of row: LiveRow, at index: Int) -> Point {
        var origin = row.origin
        origin[axis] += rowLayout.span(ofRow: index).start
        return origin
    }

    func updateContentSize() {
        let length = rowLayout.contentLength
        // Nothing to scroll across the axis, whatever the list's size.
        contentSize = isHorizontal ? Size(width: length, height: 0) : Size(width: 0, height: length)
    }
}

extension ScrollNode {
    /// Moves the content and everything in flight by `delta` along `axis`: the offset,
    /// a drag's raw offsets and a running deceleration or bounce, so that nothing on
    /// screen jumps when content is added before what is shown.
    final func shiftContent(along axis: Axis, by delta: Double) {
        if let drag {
            drag.raw[axis] += delta
            drag.rawStart[axis] += delta
        }
        if let running = animation, let motion = running.motions[axis] {
            var motions = running.motions
            motions[axis] = motion.shifted(by: delta)
            animation = ScrollAnimation(motions: motions, clock: running.clock, timer: running.timer)
        }
        contentOffset[axis] += delta
    }
}

extension AxisMotion {
    /// The same motion with every offset moved by `delta`.
    func shifted(by delta: Double) -> AxisMotion {
        let moved: Kind
        switch kind {
        case let .deceleration(origin, velocity, rate): moved = .deceleration(origin: origin + delta, velocity: velocity, rate: rate)
        case let .bounce(edge, excess): moved = .bounce(edge: edge + delta, excess: excess)
        }
        return AxisMotion(kind: moved, start: start, end: end, endOffset: endOffset + delta)
    }
}
