/// Where a list's rows lie along its axis: row extents (one fixed value, one per row kept
/// as running sums, or an estimate with the extents of the rows measured so far), and the
/// rows that meet a span of the content. Row 0 starts the content, or ends it when the
/// list is inverted.
struct ListLayout {
    /// The rows' extents: `fixed` needs no memory per row, so a million rows cost nothing.
    enum Extents {
        case fixed(Double)
        /// `ends[i]` is where row i ends, counted from the start of row 0.
        case variable(ends: [Double])
        /// Self-sizing rows (behaviour.md §15.3): the estimate for every row not measured yet.
        case estimated(MeasuredRowExtents)
    }

    private(set) var extents: Extents
    private(set) var count: Int
    var isInverted: Bool

    init(fixedExtent: Double, count: Int, inverted: Bool) {
        extents = .fixed(max(fixedExtent, 0))
        self.count = max(count, 0)
        isInverted = inverted
    }

    init(extents rowExtents: [Double], inverted: Bool) {
        var ends: [Double] = []
        ends.reserveCapacity(rowExtents.count)
        var total = 0.0
        for e in rowExtents {
            total += max(e, 0)
            ends.append(total)
        }
        extents = .variable(ends: ends)
        count = rowExtents.count
        isInverted = inverted
    }

    /// Self-sizing rows, `estimate` each until measured.
    init(estimate: Double, count: Int, inverted: Bool) {
        extents = .estimated(MeasuredRowExtents(estimate: max(estimate, 0)))
        self.count = max(count, 0)
        isInverted = inverted
    }

    /// Whether the rows size themselves (`setMeasuredExtent` applies).
    var isEstimated: Bool {
        if case .estimated = extents { return true }
        return false
    }

    /// Records row `i`'s measured extent (self-sizing rows only); returns by how much its
    /// extent changed.
    mutating func setMeasuredExtent(_ extent: Double, ofRow i: Int) -> Double {
        guard case .estimated(var measured) = extents, i >= 0, i < count else { return 0 }
        extents = .fixed(0)  // let go of the arrays so setting does not copy them
        let change = measured.set(max(extent, 0), forRow: i)
        extents = .estimated(measured)
        return change
    }

    /// Forgets every measured extent (the rows are measured again, at a new cross size).
    mutating func forgetMeasuredExtents() {
        guard case .estimated(let measured) = extents else { return }
        extents = .estimated(MeasuredRowExtents(estimate: measured.estimate))
    }

    /// The sum of every row's extent.
    var contentLength: Double {
        if case .estimated(let measured) = extents { return Double(count) * measured.estimate + measured.totalDifference }
        return end(ofRow: count - 1)
    }

    /// Adds rows after the last one (`extent(i)` for each new index when variable).
    mutating func append(_ added: Int, extent: (Int) -> Double) {
        guard added > 0 else { return }
        if case .variable(var ends) = extents {
            extents = .fixed(0)  // let go of the array so appending does not copy it
            var total = ends.last ?? 0
            for i in count..<(count + added) {
                total += max(extent(i), 0)
                ends.append(total)
            }
            extents = .variable(ends: ends)
        }
        count += added
    }

    /// Where row `i` ends, from the start of row 0 (0 before the first row).
    private func end(ofRow i: Int) -> Double {
        guard i >= 0 else { return 0 }
        switch extents {
        case .fixed(let e): return Double(i + 1) * e
        case .variable(let ends): return ends[i]
        case .estimated(let measured): return Double(i + 1) * measured.estimate + measured.difference(through: i)
        }
    }

    /// Row `i`'s start and length along the axis, in content coordinates.
    func span(ofRow i: Int) -> (start: Double, length: Double) {
        let from: Double, to: Double
        if case .estimated(let measured) = extents, i > 0 {
            (from, to) = measured.bounds(ofRow: i)
        } else {
            (from, to) = (end(ofRow: i - 1), end(ofRow: i))
        }
        return isInverted ? (contentLength - to, to - from) : (from, to - from)
    }

    /// The rows that meet `[lower, upper)` along the axis (content coordinates).
    func rows(meeting lower: Double, _ upper: Double) -> Range<Int> {
        guard count > 0, upper > lower else { return 0..<0 }
        let total = contentLength
        // In an inverted list, distances are counted from the content's far end.
        let a = isInverted ? total - upper : lower
        let b = isInverted ? total - lower : upper
        let first = firstRow(endingAfter: a)
        // The rows from `first` on that start before `b`: up to the first one ending at or after it.
        guard first < count, end(ofRow: first - 1) < b else { return first..<first }
        return first..<min(firstRow(endingAfter: b, orAt: true) + 1, count)
    }

    /// The first row whose end lies beyond `position`, or with `orAt` at or beyond it
    /// (count when none does).
    private func firstRow(endingAfter position: Double, orAt: Bool = false) -> Int {
        @inline(__always) func reaches(_ end: Double) -> Bool { orAt ? end >= position : end > position }
        switch extents {
        case .fixed(let e):
            guard e > 0 else { return count }
            let guess = position <= 0 ? 0 : Int(min((position / e).rounded(.down), Double(count)))
            // `end(ofRow:)` of fixed rows, without its switch on every step.
            var i = guess
            while i > 0, reaches(Double(i) * e) { i -= 1 }
            while i < count, !reaches(Double(i + 1) * e) { i += 1 }
            return i
        case .variable(let ends):
            var lo = 0, hi = ends.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if !reaches(ends[mid]) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        case .estimated(let measured):
            return measured.firstRow(endingAfter: position, orAt: orAt, count: count)
        }
    }
}
