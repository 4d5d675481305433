/// A grid over the subnodes of a wide node (`minimumChildren` or more), so that a hit
/// test among 100,000 siblings looks at the few whose hit extent holds the point, not at
/// every one. Built on the first hit test that needs it, dropped by any change that moves
/// a child's hit extent (its frame, slop or shape) or the list of children.
///
/// Cells are the size of a typical child's hit extent (the median width and height), so a
/// typical child lies in at most four cells and a point's cell holds about as many
/// children as overlap there, whatever their number; the cell count stays within a few
/// per child. A child of a class that may override `pointInside` (any class but
/// NodeCore's own) can answer anywhere, so it is a candidate everywhere; so is a child
/// whose extent covers too many cells (a background behind the rest). Candidates come
/// out frontmost first, and each is hit-tested exactly as the plain walk does, so the
/// result is the plain walk's whatever the index holds.
///
/// Painting keeps a second grid, over the subnodes' subtree extents (`Node.forEachSubnode(mayMeet:)`),
/// so a small damage among many siblings paints the few it meets.
final class WideChildIndex {
    /// Nodes with fewer subnodes walk them all: a grid would cost more than it saves.
    static let minimumChildren = 32
    /// Hit tests that walk every subnode before the grid is built, after each change that
    /// dropped it: building costs some thirty walks (per subnode, a set lookup and the grid
    /// against a frame test), and a list whose rows come and go as it scrolls drops it
    /// between most touches. However touches and changes alternate, walking first costs at
    /// most about twice what building at once would.
    static let walksBeforeBuilding = 16
    /// Damaged repaints that walk every subnode before the paint grid is built, after each
    /// change that dropped it: a list whose rows change every frame never builds one.
    static let paintsBeforeBuilding = 2
    /// A child spanning more cells than this is checked everywhere instead.
    static let maximumCellsPerChild = 36
    /// The median extent size is taken from evenly spread children: this many to twice as many.
    static let sizeSamples = 1024

    private let originX: Double, originY: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    /// One allocation, read with no reference counting on the hit-test path: `cells + 1`
    /// starts, then the cells' children (cell `c`'s are `items[starts[c] ..< starts[c + 1]]`,
    /// ascending), then the children checked at every point (ascending).
    private var table = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private var itemsBase = 0, everywhereBase = 0

    /// The grid over `children`'s hit extents (a child that may override `pointInside` is
    /// checked everywhere).
    convenience init(children: [Node]) {
        self.init(extents: children.map { child in
            guard child.hasBaseHitTesting else { return nil }
            let origin = child.frame.origin, inner = child.boundsOrigin
            return child.hitTestExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y)
        })
    }

    /// The grid over one extent per child (the wide node's coordinates); nil, or an extent
    /// that is not finite, makes that child a candidate everywhere.
    init(extents given: [Rect?]) {
        var extents: [Rect?] = []
        extents.reserveCapacity(given.count)
        var bounds = Rect.zero
        var placed = 0
        for extent in given {
            // Finite or not at all: an extent that cannot be placed is checked everywhere.
            guard let extent, extent.minX.isFinite, extent.minY.isFinite, extent.maxX.isFinite, extent.maxY.isFinite else {
                extents.append(nil)
                continue
            }
            extents.append(extent)
            if !extent.isEmpty {
                bounds = placed > 0 ? Rect(minX: min(bounds.minX, extent.minX), minY: min(bounds.minY, extent.minY),
                                           maxX: max(bounds.maxX, extent.maxX), maxY: max(bounds.maxY, extent.maxY)) : extent
                placed += 1
            }
        }
        let (columns, rows) = Self.gridSize(bounds: bounds, typical: Self.typicalSize(of: extents, placed: placed),
                                            cellLimit: max(64, 4 * placed))
        self.columns = columns
        self.rows = rows
        originX = bounds.minX
        originY = bounds.minY
        cellWidth = placed > 0 ? max(bounds.width / Double(columns), .leastNormalMagnitude) : 1
        cellHeight = placed > 0 ? max(bounds.height / Double(rows), .leastNormalMagnitude) : 1

        // Two passes: count per cell, then fill, children in ascending order.
        var everywhere: [Int32] = []
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var spans: [(c0: Int, r0: Int, c1: Int, r1: Int)?] = []
        spans.reserveCapacity(extents.count)
        for (i, extent) in extents.enumerated() {
            guard let extent else {
                everywhere.append(Int32(i))
                spans.append(nil)
                continue
            }
            // An empty extent contains no point: such a child is never hit.
            guard !extent.isEmpty else { spans.append(nil); continue }
            let c0 = column(extent.minX), c1 = column(extent.maxX)
            let r0 = row(extent.minY), r1 = row(extent.maxY)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > WideChildIndex.maximumCellsPerChild {
                everywhere.append(Int32(i))
                spans.append(nil)
                continue
            }
            spans.append((c0, r0, c1, r1))
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        let cells = columns * rows
        for c in 0..<cells { counts[c + 1] += counts[c] }
        itemsBase = cells + 1
        everywhereBase = itemsBase + Int(counts[cells])
        table = .allocate(capacity: everywhereBase + everywhere.count)
        _ = table.initialize(from: counts)
        _ = table[everywhereBase...].initialize(from: everywhere)
        var fill = counts
        for (i, span) in spans.enumerated() {
            guard let span else { continue }
            for r in span.r0...span.r1 {
                for c in span.c0...span.c1 {
                    let cell = r * columns + c
                    table[itemsBase + Int(fill[cell])] = Int32(i)
                    fill[cell] += 1
                }
            }
        }
    }

    deinit { table.deallocate() }

    /// The median width and height of the non-empty extents (a sample of them when many).
    private static func typicalSize(of extents: [Rect?], placed: Int) -> Size {
        guard placed > 0 else { return Size(width: 1, height: 1) }
        let step = max(1, placed / sizeSamples)
        var widths: [Double] = [], heights: [Double] = []
        widths.reserveCapacity(min(placed, 2 * sizeSamples))
        heights.reserveCapacity(min(placed, 2 * sizeSamples))
        var seen = 0
        for case let extent? in extents where !extent.isEmpty {
            if seen % step == 0 {
                widths.append(extent.width)
                heights.append(extent.height)
            }
            seen += 1
        }
        widths.sort()
        heights.sort()
        return Size(width: widths[widths.count / 2], height: heights[heights.count / 2])
    }

    /// Columns and rows of cells about `typical` in size over `bounds`, at most about
    /// `cellLimit` cells in all (larger cells where the children are sparse).
    private static func gridSize(bounds: Rect, typical: Size, cellLimit: Int) -> (columns: Int, rows: Int) {
        let limit = Double(cellLimit)
        func count(_ length: Double, _ cell: Double) -> Double {
            let n = length / cell
            return n.isFinite ? min(max(n, 1), limit) : (length > 0 ? limit : 1)
        }
        var columns = count(bounds.width, typical.width), rows = count(bounds.height, typical.height)
        if columns * rows > limit {
            let shrink = (columns * rows / limit).squareRoot()
            columns = max(columns / shrink, 1)
            rows = max(rows / shrink, 1)
            // One side reached a single cell: the other takes the whole limit.
            if columns * rows > limit { if columns > rows { columns = limit / rows } else { rows = limit / columns } }
        }
        // Rounded down: cells never smaller than typical, so a typical child spans two a side at most.
        return (Int(columns.rounded(.down)), Int(rows.rounded(.down)))
    }

    private func column(_ x: Double) -> Int {
        let c = ((x - originX) / cellWidth).rounded(.down)
        return c.isNaN ? 0 : Int(min(max(c, 0), Double(columns - 1)))
    }

    private func row(_ y: Double) -> Int {
        let r = ((y - originY) / cellHeight).rounded(.down)
        return r.isNaN ? 0 : Int(min(max(r, 0), Double(rows - 1)))
    }

    /// Calls `body` with the index of every child that may contain `point` (the wide
    /// node's coordinates), frontmost first, until it returns true.
    @inline(__always)
    func forEachCandidate(at point: Point, _ body: (Int) -> Bool) {
        let cell = row(point.y) * columns + column(point.x)
        let table = table
        var a = itemsBase + Int(table[cell + 1]) - 1
        let aEnd = itemsBase + Int(table[cell])
        var b = table.count - 1
        let bEnd = everywhereBase
        while a >= aEnd || b >= bEnd {
            let next: Int32
            if b < bEnd || (a >= aEnd && table[a] > table[b]) {
                next = table[a]
                a -= 1
            } else {
                next = table[b]
                b -= 1
            }
            if body(Int(next)) { return }
        }
    }
}

extension WideChildIndex {
    /// Calls `body` with the index of every child whose extent may meet `rect` (the wide
    /// node's coordinates), ascending, and returns true; returns false without calling it
    /// when `rect` covers more than a quarter of the cells (walking every child is then cheaper)
    /// or is not a finite rect of non-negative size.
    func forEachCandidate(in rect: Rect, _ body: (Int) -> Void) -> Bool {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite,
              rect.width >= 0, rect.height >= 0 else { return false }
        let c0 = column(rect.minX), c1 = column(rect.maxX), r0 = row(rect.minY), r1 = row(rect.maxY)
        guard (c1 - c0 + 1) * (r1 - r0 + 1) * 4 <= columns * rows else { return false }
        var count = table.count - everywhereBase
        for r in r0...r1 {
            for c in c0...c1 { count += Int(table[r * columns + c + 1] - table[r * columns + c]) }
        }
        // Gathered in temporary storage (on the stack when small): a paint walk allocates nothing.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(count, 1)) { found in
            var n = 0
            for r in r0...r1 {
                for c in c0...c1 {
                    let cell = r * columns + c
                    for k in (itemsBase + Int(table[cell]))..<(itemsBase + Int(table[cell + 1])) {
                        found[n] = table[k]
                        n += 1
                    }
                }
            }
            for k in everywhereBase..<table.count {
                found[n] = table[k]
                n += 1
            }
            var gathered = UnsafeMutableBufferPointer(rebasing: found[..<n])
            gathered.sort()
            var last: Int32 = -1
            for i in gathered where i != last {
                body(Int(i))
                last = i
            }
        }
        return true
    }
}

extension Node {
    /// Whether this node hit-tests by NodeCore's own `pointInside` and `hitTestExtent`
    /// (its slopRect or its `hitShape`), so that its extent bounds where it can be hit.
    final var hasBaseHitTesting: Bool {
        Node.classesWithBasePointInside.contains(ObjectIdentifier(type(of: self)))
    }

    /// `hitTest`'s loop over many subnodes: only the index's candidates, frontmost first;
    /// every subnode while the index is not built (`WideChildIndex.walksBeforeBuilding`).
    final func hitTestWide(_ children: [Node], _ point: Point) -> Node? {
        if wideChildIndex == nil {
            guard wideWalks >= WideChildIndex.walksBeforeBuilding else {
                wideWalks += 1
                return hitTestFrontmost(children, point)
            }
            wideWalks = 0
            wideChildIndex = WideChildIndex(children: children)
        }
        // Held for the call (a child's override could drop it), not per candidate.
        guard let index = wideChildIndex else { return nil }
        var found: Node?
        index.forEachCandidate(at: point) { i in
            found = hitTest(children, i, at: point)
            return found != nil
        }
        return found
    }

    /// The first of `children`, frontmost first, whose `hitTest` at `point` (the parent's
    /// coordinates) finds a node.
    @inline(__always)
    final func hitTestFrontmost(_ children: [Node], _ point: Point) -> Node? {
        var i = children.count
        while i > 0 {
            i -= 1
            if let hit = hitTest(children, i, at: point) { return hit }
        }
        return nil
    }

    /// `children[i].hitTest` at `point` (the parent's coordinates) with no retain of the
    /// child (`with(_:_:_:)`: the caller's copy of the subnodes array keeps it alive).
    @inline(__always)
    final func hitTest(_ children: [Node], _ i: Int, at point: Point) -> Node? {
        with(children, i) { child in
            let origin = child.frame.origin, inner = child.boundsOrigin
            return child.hitTest(Point(x: point.x - origin.x + inner.x, y: point.y - origin.y + inner.y))
        }
    }
}
