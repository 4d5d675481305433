/// A grid over the subnodes of a wide node (`minimumChildren` or more), so that a hit
/// test among 100,000 siblings looks at the few whose hit extent holds the point, not at
/// every one. Built on the first hit test that needs it, dropped by any change that moves
/// a child's hit extent (its frame, slop or shape) or the list of children.
///
/// A child of a class that may override `pointInside` (any class but NodeCore's own) can
/// answer anywhere, so it is a candidate everywhere; so is a child whose extent covers too
/// many cells. Candidates come out frontmost first, and each is hit-tested exactly as the
/// plain walk does, so the result is the plain walk's whatever the index holds.
final class WideChildIndex {
    /// Nodes with fewer subnodes walk them all: a grid would cost more than it saves.
    static let minimumChildren = 32
    /// A child spanning more cells than this is checked everywhere instead.
    static let maximumCellsPerChild = 16

    private let originX: Double, originY: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    /// Cell `c`'s children are `items[starts[c] ..< starts[c + 1]]`, in ascending order.
    private var starts: [Int32] = []
    private var items: [Int32] = []
    /// Children checked at every point, ascending.
    private var everywhere: [Int32] = []

    init(children: [Node]) {
        var extents: [Rect?] = []
        extents.reserveCapacity(children.count)
        var bounds = Rect.zero
        var bounded = false
        for child in children {
            guard child.hasBaseHitTesting else { extents.append(nil); continue }
            let origin = child.frame.origin, inner = child.boundsOrigin
            let extent = child.hitTestExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y)
            // Finite or not at all: an extent that cannot be placed is checked everywhere.
            guard extent.minX.isFinite, extent.minY.isFinite, extent.maxX.isFinite, extent.maxY.isFinite else {
                extents.append(nil)
                continue
            }
            extents.append(extent)
            if !extent.isEmpty {
                bounds = bounded ? Rect(minX: min(bounds.minX, extent.minX), minY: min(bounds.minY, extent.minY),
                                        maxX: max(bounds.maxX, extent.maxX), maxY: max(bounds.maxY, extent.maxY)) : extent
                bounded = true
            }
        }
        let side = max(1, min(1024, Int(Double(children.count).squareRoot())))
        columns = side
        rows = side
        originX = bounds.minX
        originY = bounds.minY
        cellWidth = bounded ? max(bounds.width / Double(side), .leastNormalMagnitude) : 1
        cellHeight = bounded ? max(bounds.height / Double(side), .leastNormalMagnitude) : 1

        // Two passes: count per cell, then fill, children in ascending order.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var spans: [(c0: Int, r0: Int, c1: Int, r1: Int)?] = []
        spans.reserveCapacity(children.count)
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
        for c in 0..<(columns * rows) { counts[c + 1] += counts[c] }
        starts = counts
        var fill = counts
        items = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        for (i, span) in spans.enumerated() {
            guard let span else { continue }
            for r in span.r0...span.r1 {
                for c in span.c0...span.c1 {
                    let cell = r * columns + c
                    items[Int(fill[cell])] = Int32(i)
                    fill[cell] += 1
                }
            }
        }
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
    func forEachCandidate(at point: Point, _ body: (Int) -> Bool) {
        let cell = row(point.y) * columns + column(point.x)
        items.withUnsafeBufferPointer { items in
            everywhere.withUnsafeBufferPointer { everywhere in
                var a = Int(starts[cell + 1]) - 1
                let aEnd = Int(starts[cell])
                var b = everywhere.count - 1
                while a >= aEnd || b >= 0 {
                    let next: Int32
                    if b < 0 || (a >= aEnd && items[a] > everywhere[b]) {
                        next = items[a]
                        a -= 1
                    } else {
                        next = everywhere[b]
                        b -= 1
                    }
                    if body(Int(next)) { return }
                }
            }
        }
    }
}

extension Node {
    /// Whether this node hit-tests by NodeCore's own `pointInside` and `hitTestExtent`
    /// (its slopRect or its `hitShape`), so that its extent bounds where it can be hit.
    final var hasBaseHitTesting: Bool {
        Node.classesWithBasePointInside.contains(ObjectIdentifier(type(of: self)))
    }

    /// `hitTest`'s loop over many subnodes: only the index's candidates, frontmost first.
    final func hitTestWide(_ children: [Node], _ point: Point) -> Node? {
        let index: WideChildIndex
        if let built = wideChildIndex {
            index = built
        } else {
            index = WideChildIndex(children: children)
            wideChildIndex = index
        }
        var found: Node?
        index.forEachCandidate(at: point) { i in
            unowned(unsafe) let child = children[i]
            let origin = child.frame.origin, inner = child.boundsOrigin
            found = child.hitTest(Point(x: point.x - origin.x + inner.x, y: point.y - origin.y + inner.y))
            return found != nil
        }
        return found
    }
}
