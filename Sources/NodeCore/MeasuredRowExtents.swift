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

    /// Records row `row`'s measured extent; returns by how much the row's extent changed.
    mutating func set(_ extent: Double, forRow row: Int) -> Double {
        let k = slot(of: row)
        let change: Double
        if k < rows.count, rows[k] == row {
            change = extent - extents[k]
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
