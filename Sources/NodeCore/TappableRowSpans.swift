/// How one node of a control's chain answers `pointInside` along a row of pixels
/// (behaviour.md §5.3): from its slopRect or `hitShape` when NodeCore knows the node's
/// `pointInside`, so a row costs a few operations whatever its width; by asking the node
/// pixel by pixel otherwise. Either way a span holds exactly the pixels whose centre the
/// node accepts: the analytic edges are settled with the node's own test.
struct RowTester {
    private enum Test {
        case rect(Rect)
        case ellipse(Rect)
        case bands([Rect])
        case node(Node)
    }

    private let test: Test
    /// What turns a window point into the node's coordinates.
    private let offset: Point

    init(_ node: Node, offset: Point) {
        self.offset = offset
        if node.hitTestsBySlopRect {
            test = .rect(node.slopRect)
        } else if let shape = node.hitShape, Node.classesWithBasePointInside.contains(ObjectIdentifier(type(of: node))) {
            switch shape {
            case .ellipse: test = .ellipse(node.slopRect)
            case let .bands(rects): test = .bands(rects)
            }
        } else {
            test = .node(node)
        }
    }

    /// A tester for a rect in window coordinates (the clip).
    init(rect: Rect) {
        test = .rect(rect)
        offset = .zero
    }

    /// The pixels of the row whose centre is at `y` (window points) that lie in `within`
    /// (sorted, disjoint pixel ranges) and whose centre the node accepts.
    func spans(y: Double, scale: Double, within: [Range<Int>]) -> [Range<Int>] {
        guard let first = within.first, let last = within.last else { return [] }
        let hull = first.lowerBound ..< last.upperBound
        let row = Row(y: y + offset.y, scale: scale, offsetX: offset.x)
        switch test {
        case let .rect(rect):
            return RowSpans.intersection(row.interval(in: rect, within: hull).map { [$0] } ?? [], within)
        case let .ellipse(rect):
            return RowSpans.intersection(row.interval(inEllipse: rect, within: hull).map { [$0] } ?? [], within)
        case let .bands(rects):
            let pieces = rects.compactMap { row.interval(in: $0, within: hull) }
            return RowSpans.intersection(RowSpans.union(pieces), within)
        case let .node(node):
            var result: [Range<Int>] = []
            for range in within {
                RowSpans.scan(range, into: &result) { node.pointInside(Point(x: row.x(of: $0), y: row.y)) }
            }
            return result
        }
    }
}

/// One row of pixels seen from a node: pixel `px` stands for the point at its centre.
private struct Row {
    let y: Double, scale: Double, offsetX: Double

    /// The node x of pixel `px`'s centre, with the arithmetic the sampled test uses.
    func x(of px: Int) -> Double { (Double(px) + 0.5) / scale + offsetX }

    /// The pixel where x (node points) falls, before settling.
    private func pixel(_ x: Double, _ rule: FloatingPointRoundingRule) -> Int {
        TappableShape.pixel((x - offsetX) * scale - 0.5, rule)
    }

    /// The pixels of `hull` whose centre `rect` contains (half-open, as `Rect.contains`).
    func interval(in rect: Rect, within hull: Range<Int>) -> Range<Int>? {
        guard y >= rect.minY, y < rect.maxY else { return nil }
        return settle(from: pixel(rect.minX, .up), to: pixel(rect.maxX, .up), within: hull) {
            rect.contains(Point(x: x(of: $0), y: y))
        }
    }

    /// The pixels of `hull` whose centre lies in the ellipse inscribed in `rect`.
    func interval(inEllipse rect: Rect, within hull: Range<Int>) -> Range<Int>? {
        guard !rect.isEmpty else { return nil }
        let dy = (y - rect.midY) / (rect.height / 2)
        let left = 1 - dy * dy
        // Well outside: nothing; near the tips rounding may still admit a pixel or two.
        guard left > -1e-9 else { return nil }
        let half = rect.width / 2 * max(left, 0).squareRoot()
        return settle(from: pixel(rect.midX - half, .down) - 1, to: pixel(rect.midX + half, .up) + 2, within: hull) {
            HitShape.ellipse.contains(Point(x: x(of: $0), y: y), slopRect: rect)
        }
    }

    /// The candidate pixels `start ..< end` (none when `end` is not past `start`: a rect
    /// whose edges cross, say) moved to exactly the pixels of `hull` that pass `inside`, given
    /// that they form one run near it: grown while the next pixel passes, then shrunk while
    /// an end pixel fails.
    private func settle(from start: Int, to end: Int, within hull: Range<Int>, _ inside: (Int) -> Bool) -> Range<Int>? {
        var low = min(max(start, hull.lowerBound), hull.upperBound)
        var high = min(max(end, low), hull.upperBound)
        if low < high {
            while low > hull.lowerBound, inside(low - 1) { low -= 1 }
            while high < hull.upperBound, inside(high) { high += 1 }
        }
        while low < high, !inside(low) { low += 1 }
        while high > low, !inside(high - 1) { high -= 1 }
        return low < high ? low ..< high : nil
    }
}

/// Sorted, disjoint pixel ranges of one row.
package enum RowSpans {
    /// The pixels in both `a` and `b`.
    package static func intersection(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let low = max(a[i].lowerBound, b[j].lowerBound), high = min(a[i].upperBound, b[j].upperBound)
            if low < high { result.append(low ..< high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// The ranges merged into sorted, disjoint ones.
    package static func union(_ pieces: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for piece in pieces.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, piece.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound ..< max(last.upperBound, piece.upperBound)
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// The pixels of `spans` not in `removed`.
    package static func subtracting(_ removed: [Range<Int>], from spans: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var j = 0
        for span in spans {
            var low = span.lowerBound
            while j < removed.count, removed[j].upperBound <= low { j += 1 }
            var k = j
            while k < removed.count, removed[k].lowerBound < span.upperBound {
                if removed[k].lowerBound > low { result.append(low ..< removed[k].lowerBound) }
                low = max(low, removed[k].upperBound)
                k += 1
            }
            if low < span.upperBound { result.append(low ..< span.upperBound) }
        }
        return result
    }

    /// Appends the runs of `range` whose pixels pass `inside`, testing each pixel.
    static func scan(_ range: Range<Int>, into result: inout [Range<Int>], _ inside: (Int) -> Bool) {
        var start: Int?
        for px in range {
            if inside(px) {
                if start == nil { start = px }
            } else if let begun = start {
                result.append(begun ..< px)
                start = nil
            }
        }
        if let begun = start { result.append(begun ..< range.upperBound) }
    }
}
