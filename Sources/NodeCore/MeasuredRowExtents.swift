/// The extents of a self-sizing list's rows that have been measured (behaviour.md §15.3):
/// every other row counts as the estimate, so memory grows with the rows measured, never
/// with the row count. Kept sorted by row, with running sums of each measured row's
/// difference from the estimate, so a row's end is found by one binary search.
struct MeasuredRowExtents {
    let estimate: Double
    private var rows: [Int] = []
    private var extents: [Double] = []
    /// `differenceSums[k]`: the sum of `extents[j] - estimate` for j ≤ k.
    private var differenceSums: [Double] = []

    init(estimate: Double) {
        self.estimate = estimate
    }

    /// How many rows hold a measured extent.
    var count: Int { rows.count }

    /// The position in `rows` of the first entry at or after `row`.
    private func slot(of row: Int) -> Int {
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rows[mid] < row { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The sum of the measured rows' differences from the estimate, for rows up to `row`.
    func difference(through row: Int) -> Double {
        let k = slot(of: row + 1)
        return k == 0 ? 0 : differenceSums[k - 1]
    }

    /// Row `row`'s measured extent, if it has one.
    func extent(ofRow row: Int) -> Double? {
        let k = slot(of: row)
        return k < rows.count && rows[k] == row ? extents[k] : nil
    }

    /// The sum of every measured row's difference from the estimate.
    var totalDifference: Double { differenceSums.last ?? 0 }

    /// Where row `row` starts and ends, from the start of row 0, with one search (the sums
    /// as `difference(through:)` gives them for the row and the one before).
    func bounds(ofRow row: Int) -> (start: Double, end: Double) {
        let k = slot(of: row)
        let before = k == 0 ? 0 : differenceSums[k - 1]
        let through = k < rows.count && rows[k] == row ? differenceSums[k] : before
        return (Double(row) * estimate + before, Double(row + 1) * estimate + through)
    }

    /// The first of `count` rows whose end (from the start of row 0) lies beyond `position`,
    /// or with `orAt` at or beyond it; `count` when none does. Ends grow with the row, so one
    /// search over the measured rows finds the first of them that reaches; the rows between it
    /// and the measured row before are the estimate each, which places the answer among them.
    func firstRow(endingAfter position: Double, orAt: Bool, count: Int) -> Int {
        @inline(__always) func reaches(_ end: Double) -> Bool { orAt ? end >= position : end > position }
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reaches(Double(rows[mid] + 1) * estimate + differenceSums[mid]) { hi = mid } else { lo = mid + 1 }
        }
        // Rows `from..<to` are not measured and end at (i + 1) × estimate + `base`; row `to` is
        // the measured row found (it reaches), or `count`.
        let from = lo == 0 ? 0 : rows[lo - 1] + 1
        let to = lo < rows.count ? rows[lo] : count
        let base = lo == 0 ? 0 : differenceSums[lo - 1]
        let guess = estimate > 0 ? ((position - base) / estimate).rounded(.down) - 1 : Double(from)
        var i = !(guess > Double(from)) ? from : guess >= Double(to) ? to : Int(guess)
        while i > from, reaches(Double(i) * estimate + base) { i -= 1 }
        while i < to, !reaches(Double(i + 1) * estimate + base) { i += 1 }
        return i
    }

    /// Records row `row`'s measured extent; returns by how much the row's extent changed.
    mutating func set(_ extent: Double, forRow row: Int) -> Double {
        let k = slot(of: row)
        let change: Double
        if k < rows.count, rows[k] == row {
            change = extent - extents[k]
            // Measured again at the same extent (a row back in range): no sum moves.
            guard change != 0 else { return 0 }
            extents[k] = extent
        } else {
            change = extent - estimate
            rows.insert(row, at: k)
            extents.insert(extent, at: k)
            differenceSums.insert(0, at: k)
        }
        var sum = k == 0 ? 0 : differenceSums[k - 1]
        for j in k..<rows.count {
            sum += extents[j] - estimate
            differenceSums[j] = sum
        }
        return change
    }
}
