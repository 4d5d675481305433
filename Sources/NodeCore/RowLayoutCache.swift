/// Self-sizing rows' layouts by their data source's layout key (behaviour.md §15.3): a row
/// whose key was laid out before at the same cross size, measurer and writing direction
/// takes that layout's frames and layout state instead of being measured again, which is
/// what measuring it would give (equal keys promise equal layout inputs).
struct RowLayoutCache {
    /// One row's layout: its whole-point size and what the layout gave each node, in the
    /// order `forEachInSubtree` visits them (the root's origin is the list's to set).
    private struct Entry {
        var size: Size
        var nodes: [NodeLayout]
    }

    /// What laying a row out leaves in one node besides its caches, which a node given a
    /// kept layout starts without (they fill again if it is ever laid out).
    private struct NodeLayout {
        var frame: Rect
        var calculatedSize: Size?
        var unroundedFrame: Rect
        var appliedAbsoluteOrigin: Point?
        var frameBeforeHiding: Rect?
        var hidesSubtree: Bool

        init(_ node: Node) {
            let state = node.layoutState
            frame = node.frame
            calculatedSize = state.calculatedSize
            unroundedFrame = state.unroundedFrame
            appliedAbsoluteOrigin = state.appliedAbsoluteOrigin
            frameBeforeHiding = state.frameBeforeHiding
            hidesSubtree = state.hidesSubtree
        }
    }

    /// What every entry was laid out with: the cross size, the measurer (held, so that
    /// no other one can take its place) and the writing direction.
    private var cross = 0.0, isRTL = false
    private var measurer: AnyObject?
    /// Entries by key: keys from 0 up to `limit` by position (a scene's keys are the
    /// positions of its texts), other keys by hash.
    private var entries: [Entry?] = []
    private var otherEntries: [Int: Entry] = [:]
    private var count = 0
    /// Entries kept at most: keys are few (a list's distinct texts), this bounds the rest.
    static let limit = 256

    private func entry(_ key: Int) -> Entry? {
        key >= 0 && key < entries.count ? entries[key] : key >= 0 && key < RowLayoutCache.limit ? nil : otherEntries[key]
    }

    private mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        otherEntries.removeAll()
        count = 0
    }

    /// Whether layouts can be kept for rows laid out with these: not with a measurer that
    /// is not a class (no identity to tell it from another). Entries of other ones are dropped.
    mutating func prepare(cross: Double, measurer: (any LayoutMeasuring)?, isRTL: Bool) -> Bool {
        if let measurer, !(type(of: measurer) is AnyObject.Type) {
            removeAll()
            return false
        }
        let object = measurer.map { $0 as AnyObject }
        if cross != self.cross || isRTL != self.isRTL || object !== self.measurer {
            removeAll()
            (self.cross, self.isRTL, self.measurer) = (cross, isRTL, object)
        }
        return true
    }

    /// Gives `node` the layout kept for `key`; its size, or nil when none is kept or the
    /// node's tree is not the kept one's shape.
    func apply(_ key: Int, to node: Node) -> Size? {
        guard let entry = entry(key) else { return nil }
        var count = 0
        guard RowLayoutCache.matches(node, entry.nodes.count, &count), count == entry.nodes.count else { return nil }
        entry.nodes.withUnsafeBufferPointer { nodes in
            var k = 0
            RowLayoutCache.give(node, nodes, &k, rootSize: entry.size)
        }
        return entry.size
    }

    /// Counts `node`'s subtree into `count`; false as soon as it exceeds `limit`.
    private static func matches(_ node: Node, _ limit: Int, _ count: inout Int) -> Bool {
        count += 1
        guard count <= limit else { return false }
        var fits = true
        Node.forEachUnretained(in: node.subnodes) { child in
            if fits { fits = matches(child, limit, &count) }
        }
        return fits
    }

    private static func give(_ node: Node, _ nodes: UnsafeBufferPointer<NodeLayout>, _ k: inout Int, rootSize: Size?) {
        let kept = nodes[k]
        k += 1
        node.layoutState.clearCaches()
        node.layoutState.isDirty = false
        node.layoutState.hasDirtyDescendant = false
        node.layoutState.needsApply = false
        node.layoutState.calculatedSize = kept.calculatedSize
        node.layoutState.unroundedFrame = kept.unroundedFrame
        node.layoutState.appliedAbsoluteOrigin = kept.appliedAbsoluteOrigin
        node.layoutState.frameBeforeHiding = kept.frameBeforeHiding
        node.layoutState.hidesSubtree = kept.hidesSubtree
        let frame = rootSize.map { Rect(origin: node.frame.origin, size: $0) } ?? kept.frame
        if node.frame != frame {
            node.layoutState.isApplying = true
            node.frame = frame
            node.layoutState.isApplying = false
        }
        Node.forEachUnretained(in: node.subnodes) { give($0, nodes, &k, rootSize: nil) }
    }

    /// Keeps the layout `node` was just given, of size `size`, for `key`.
    mutating func store(_ key: Int, from node: Node, size: Size) {
        let isNew = entry(key) == nil
        guard !isNew || count < RowLayoutCache.limit else { return }
        var nodes: [NodeLayout] = []
        node.forEachInSubtree { nodes.append(NodeLayout($0)) }
        let made = Entry(size: size, nodes: nodes)
        if key >= 0 && key < RowLayoutCache.limit {
            if key >= entries.count { entries.append(contentsOf: repeatElement(nil, count: key + 1 - entries.count)) }
            entries[key] = made
        } else {
            otherEntries[key] = made
        }
        if isNew { count += 1 }
    }
}
