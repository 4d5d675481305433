/// A trapezoid for pixman's rasterizer: the rows from `top` (included) to `bottom` (excluded),
/// between the lines through `left` and through `right` (16.16 fixed point, surface pixels).
struct FixedTrapezoid: Hashable {
    var top: Int32
    var bottom: Int32
    var left: (FixedPoint, FixedPoint)
    var right: (FixedPoint, FixedPoint)

    static func == (a: Self, b: Self) -> Bool {
        a.top == b.top && a.bottom == b.bottom && a.left == b.left && a.right == b.right
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(top)
        hasher.combine(bottom)
        for p in [left.0, left.1, right.0, right.1] { hasher.combine(p) }
    }
}

/// Closed polygons cut into trapezoids covering what lies inside them by the even-odd rule:
/// one trapezoid for each inside span of each band between two vertex heights.
///
/// Pixman counts each sample point of a pixel once, whichever trapezoid covers it (an edge
/// shared by two includes the sample in just one), and finds an edge's position at a sample
/// row from the edge's line alone, so this gives the coverage of any other tiling of the same
/// shape with the same outline — a fan or band of triangles — to the bit, while rasterizing
/// each row of the shape once instead of once per triangle that crosses it.
enum PolygonTrapezoids {
    private struct Edge {
        var top: FixedPoint
        var bottom: FixedPoint

        /// The edge's x (pixels) at `y` (fixed point), for ordering edges within a band.
        func x(at y: Double) -> Double {
            let t = (y - Double(top.y)) / Double(bottom.y - top.y)
            return Double(top.x) + t * Double(bottom.x - top.x)
        }
    }

    static func trapezoids(of polygons: [[FixedPoint]]) -> [FixedTrapezoid] {
        var chains: [[Edge]] = []
        for polygon in polygons where polygon.count > 1 {
            guard let (down, up) = monotoneChains(of: polygon) else { return anyTrapezoids(of: polygons) }
            chains.append(down)
            chains.append(up)
        }
        return monotoneTrapezoids(of: chains)
    }

    /// A polygon's edges (horizontal ones left out) as two chains from its topmost vertex to its
    /// bottommost, one each way round, each edge starting where the one before it ends; nil
    /// when the polygon is not y-monotone (a chain would turn back up).
    private static func monotoneChains(of polygon: [FixedPoint]) -> ([Edge], [Edge])? {
        let n = polygon.count
        var top = 0
        for i in 1..<n where polygon[i].y < polygon[top].y { top = i }
        var chains: ([Edge], [Edge]) = ([], [])
        chains.0.reserveCapacity(n)
        chains.1.reserveCapacity(n)
        // Forward from the top while y does not decrease, then backward from the top: the two
        // walks must meet, covering every vertex.
        var forward = 0
        while forward < n {
            let a = polygon[(top + forward) % n], b = polygon[(top + forward + 1) % n]
            guard b.y >= a.y else { break }
            if b.y > a.y { chains.0.append(Edge(top: a, bottom: b)) }
            forward += 1
        }
        var backward = 0
        while forward + backward < n {
            let a = polygon[(top - backward + n) % n], b = polygon[(top - backward - 1 + 2 * n) % n]
            guard b.y >= a.y else { return nil }
            if b.y > a.y { chains.1.append(Edge(top: a, bottom: b)) }
            backward += 1
        }
        return chains
    }

    /// The even-odd trapezoids of chains of edges, each running down without gaps.
    private static func monotoneTrapezoids(of chains: [[Edge]]) -> [FixedTrapezoid] {
        var result: [FixedTrapezoid] = []
        result.reserveCapacity(chains.reduce(0) { $0 + $1.count })
        var next = [Int](repeating: 0, count: chains.count)
        var crossing: [(x: Double, edge: Edge)] = []
        crossing.reserveCapacity(chains.count)
        // The band's top: the topmost vertex; each band ends at the nearest edge end below it.
        var y0 = chains.lazy.compactMap { $0.first?.top.y }.min() ?? 0
        while true {
            crossing.removeAll(keepingCapacity: true)
            var y1 = Int32.max
            for c in chains.indices {
                while next[c] < chains[c].count, chains[c][next[c]].bottom.y <= y0 { next[c] += 1 }
                guard next[c] < chains[c].count else { continue }
                let edge = chains[c][next[c]]
                if edge.top.y > y0 {
                    y1 = min(y1, edge.top.y)
                } else {
                    y1 = min(y1, edge.bottom.y)
                }
            }
            guard y1 != .max else { break }
            let middle = (Double(y0) + Double(y1)) / 2
            for c in chains.indices where next[c] < chains[c].count && chains[c][next[c]].top.y <= y0 {
                let edge = chains[c][next[c]]
                crossing.append((edge.x(at: middle), edge))
            }
            appendSpans(&crossing, top: y0, bottom: y1, into: &result)
            y0 = y1
        }
        return result
    }

    /// One trapezoid between each pair of the band's crossing edges, left to right.
    private static func appendSpans(_ crossing: inout [(x: Double, edge: Edge)], top: Int32, bottom: Int32,
                                    into result: inout [FixedTrapezoid]) {
        // A handful of edges: insertion sort.
        for i in crossing.indices.dropFirst() {
            var j = i
            while j > 0, crossing[j - 1].x > crossing[j].x {
                crossing.swapAt(j - 1, j)
                j -= 1
            }
        }
        for pair in stride(from: 0, to: crossing.count - 1, by: 2) {
            let left = crossing[pair].edge, right = crossing[pair + 1].edge
            result.append(FixedTrapezoid(top: top, bottom: bottom, left: (left.top, left.bottom),
                                         right: (right.top, right.bottom)))
        }
    }

    /// Any polygons: every edge sorted by its top, bands between all vertex heights.
    private static func anyTrapezoids(of polygons: [[FixedPoint]]) -> [FixedTrapezoid] {
        var edges: [Edge] = []
        var heights: [Int32] = []
        for polygon in polygons {
            for (i, a) in polygon.enumerated() {
                let b = polygon[(i + 1) % polygon.count]
                heights.append(a.y)
                // Horizontal edges bound no band from the side.
                guard a.y != b.y else { continue }
                edges.append(a.y < b.y ? Edge(top: a, bottom: b) : Edge(top: b, bottom: a))
            }
        }
        edges.sort { $0.top.y < $1.top.y }
        heights.sort()
        var result: [FixedTrapezoid] = []
        var active: [Edge] = [], crossing: [(x: Double, edge: Edge)] = []
        var next = 0, previous: Int32?
        for y1 in heights {
            defer { previous = y1 }
            guard let y0 = previous, y0 != y1 else { continue }
            // Every vertex height bounds a band, so each active edge spans the band [y0, y1).
            active.removeAll { $0.bottom.y <= y0 }
            while next < edges.count, edges[next].top.y <= y0 {
                active.append(edges[next])
                next += 1
            }
            let middle = (Double(y0) + Double(y1)) / 2
            crossing.removeAll(keepingCapacity: true)
            for edge in active { crossing.append((edge.x(at: middle), edge)) }
            appendSpans(&crossing, top: y0, bottom: y1, into: &result)
        }
        return result
    }
}
