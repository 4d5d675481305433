/// Which rects of a list overlap which, without comparing every pair: `counts` in
/// O(n log n) however many pairs overlap, and `overlapping(_:)` through a bounding-volume
/// tree, for the lists short enough to print. Overlap means a shared area of positive
/// size, as `Rect.intersects` has it. Every rect must be non-empty.
struct RectOverlaps {
    private let rects: [Rect]
    private var tree: [TreeNode] = []
    private var order: [Int] = []

    private struct TreeNode {
        var bounds: Rect
        /// `order[start ..< end]` are the rects below this node.
        var start: Int, end: Int
        /// Children's indexes in `tree`; -1 for a leaf.
        var left = -1, right = -1
    }

    init(_ rects: [Rect]) {
        self.rects = rects
        order = Array(rects.indices)
        if !rects.isEmpty { _ = build(0, rects.count, axis: 0) }
    }

    /// For each rect, how many others overlap it. A rect misses `r` exactly when it lies
    /// wholly left (L), right (R), above (A) or below (B) of it; L and R, A and B exclude
    /// each other, so by inclusion–exclusion the misses are L + R + A + B − LA − LB − RA − RB,
    /// each term a sorted-array or a two-dimensional dominance count.
    func counts() -> [Int] {
        let n = rects.count
        guard n > 1 else { return Array(repeating: 0, count: n) }
        let maxXs = rects.map(\.maxX).sorted(), minXs = rects.map(\.minX).sorted()
        let maxYs = rects.map(\.maxY).sorted(), minYs = rects.map(\.minY).sorted()
        // Points (p) dominated by queries (q): p.x <= q.x and p.y <= q.y; ">=" tests negate both sides.
        let la = Self.dominated(points: rects.map { ($0.maxX, $0.maxY) }, queries: rects.map { ($0.minX, $0.minY) })
        let lb = Self.dominated(points: rects.map { ($0.maxX, -$0.minY) }, queries: rects.map { ($0.minX, -$0.maxY) })
        let ra = Self.dominated(points: rects.map { (-$0.minX, $0.maxY) }, queries: rects.map { (-$0.maxX, $0.minY) })
        let rb = Self.dominated(points: rects.map { (-$0.minX, -$0.minY) }, queries: rects.map { (-$0.maxX, -$0.maxY) })
        return rects.indices.map { i in
            let r = rects[i]
            let left = Self.countAtMost(maxXs, r.minX), right = n - Self.countBelow(minXs, r.maxX)
            let above = Self.countAtMost(maxYs, r.minY), below = n - Self.countBelow(minYs, r.maxY)
            let misses = left + right + above + below - la[i] - lb[i] - ra[i] - rb[i]
            return n - 1 - misses
        }
    }

    /// Indexes of the rects other than `index` that overlap it, ascending.
    func overlapping(_ index: Int) -> [Int] {
        var found: [Int] = []
        let r = rects[index]
        var stack = [0]
        while let top = stack.popLast() {
            let node = tree[top]
            guard node.bounds.intersects(r) else { continue }
            if node.left < 0 {
                for k in node.start ..< node.end where order[k] != index && rects[order[k]].intersects(r) {
                    found.append(order[k])
                }
            } else {
                stack.append(node.left)
                stack.append(node.right)
            }
        }
        return found.sorted()
    }

    private static let leafSize = 8

    /// Builds the node over `order[start ..< end]`, split at the median center along `axis`.
    private mutating func build(_ start: Int, _ end: Int, axis: Int) -> Int {
        var bounds = rects[order[start]]
        for k in start + 1 ..< end { bounds = bounds.union(rects[order[k]]) }
        let index = tree.count
        tree.append(TreeNode(bounds: bounds, start: start, end: end))
        guard end - start > Self.leafSize else { return index }
        let rects = self.rects
        order[start ..< end].sort { a, b in
            axis == 0 ? rects[a].midX < rects[b].midX : rects[a].midY < rects[b].midY
        }
        let middle = (start + end) / 2
        let left = build(start, middle, axis: 1 - axis)
        let right = build(middle, end, axis: 1 - axis)
        tree[index].left = left
        tree[index].right = right
        return index
    }

    /// How many values of `sorted` are <= `value`.
    private static func countAtMost(_ sorted: [Double], _ value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many values of `sorted` are < `value`.
    private static func countBelow(_ sorted: [Double], _ value: Double) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// For each query, how many points have x <= the query's x and y <= its y: a sweep in x
    /// with a Fenwick tree over the points' y ranks.
    private static func dominated(points: [(Double, Double)], queries: [(Double, Double)]) -> [Int] {
        let ys = points.map(\.1).sorted()
        var fenwick = [Int](repeating: 0, count: ys.count + 1)
        let pointOrder = points.indices.sorted { points[$0].0 < points[$1].0 }
        let queryOrder = queries.indices.sorted { queries[$0].0 < queries[$1].0 }
        var result = [Int](repeating: 0, count: queries.count)
        var next = 0
        for q in queryOrder {
            while next < pointOrder.count, points[pointOrder[next]].0 <= queries[q].0 {
                // 1-based rank among equal ys: any slot of the run works, prefix sums count them all.
                var i = countBelow(ys, points[pointOrder[next]].1) + 1
                while i < fenwick.count {
                    fenwick[i] += 1
                    i += i & -i
                }
                next += 1
            }
            var i = countAtMost(ys, queries[q].1), sum = 0
            while i > 0 {
                sum += fenwick[i]
                i -= i & -i
            }
            result[q] = sum
        }
        return result
    }
}
