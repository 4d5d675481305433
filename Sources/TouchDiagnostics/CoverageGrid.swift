public import NodeCore

/// The touch-test grid: square cells of `cellSize` points over a window, each filled once
/// a touch passes over it. Cell (column, row) covers the half-open rect
/// `[column × cellSize, (column + 1) × cellSize) × [row × cellSize, (row + 1) × cellSize)`;
/// the last column and row may be cut short by the window's edge.
public struct CoverageGrid: Sendable, Equatable {
    public let cellSize: Double
    public let size: Size
    public let columns: Int
    public let rows: Int
    /// Filled flags, row-major.
    public private(set) var filled: [Bool]
    public private(set) var filledCount = 0

    /// Grids larger than this many cells are refused by the commands (a 16k × 16k window at 1 pt).
    public static let maximumCells = 16_384 * 16_384

    /// A grid over `size` points; `cellSize` must be positive and finite.
    public init(size: Size, cellSize: Double) {
        precondition(cellSize > 0 && cellSize.isFinite, "cell size must be positive")
        self.cellSize = cellSize
        self.size = size
        columns = max(Int((max(size.width, 0) / cellSize).rounded(.up)), 0)
        rows = max(Int((max(size.height, 0) / cellSize).rounded(.up)), 0)
        filled = Array(repeating: false, count: columns * rows)
    }

    public var cellCount: Int { columns * rows }

    /// Filled cells as a percentage of all cells (100 for an empty grid).
    public var coveragePercent: Double {
        cellCount == 0 ? 100 : Double(filledCount) * 100 / Double(cellCount)
    }

    public func isFilled(column: Int, row: Int) -> Bool { filled[row * columns + column] }

    /// The rect of a cell in window points, cut by the window's edge.
    public func rect(column: Int, row: Int) -> Rect {
        let x = Double(column) * cellSize, y = Double(row) * cellSize
        return Rect(minX: x, minY: y, maxX: min(x + cellSize, size.width), maxY: min(y + cellSize, size.height))
    }

    /// Cells never touched, row by row.
    public var untouchedCells: [(column: Int, row: Int)] { untouchedCells(limit: .max) }

    /// The first `limit` cells never touched, row by row: a report lists a bounded number
    /// of them, whatever the grid's size (behaviour.md §20).
    public func untouchedCells(limit: Int) -> [(column: Int, row: Int)] {
        var cells: [(column: Int, row: Int)] = []
        for row in 0..<rows {
            for column in 0..<columns where !filled[row * columns + column] {
                guard cells.count < limit else { return cells }
                cells.append((column, row))
            }
        }
        return cells
    }

    /// Fills the cell containing `p`; calls `newlyFilled` when it was empty.
    public mutating func fill(at p: Point, newlyFilled: (Int, Int) -> Void = { _, _ in }) {
        guard let (column, row) = cell(containing: p) else { return }
        let index = row * columns + column
        guard !filled[index] else { return }
        filled[index] = true
        filledCount += 1
        newlyFilled(column, row)
    }

    /// Fills every cell the segment from `a` to `b` crosses: every cell that contains one of
    /// its points (so a segment through a cell corner fills the cell that owns the corner,
    /// not its two side neighbours). Calls `newlyFilled` for each cell that was empty.
    public mutating func fill(from a: Point, to b: Point, newlyFilled: (Int, Int) -> Void = { _, _ in }) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        // The parameters where the segment crosses a grid line split it into pieces that
        // each lie inside one cell; the crossing points themselves belong to the cell on
        // their far side (half-open cells), so both are filled.
        var crossings: [Double] = [0, 1]
        func addCrossings(_ from: Double, _ to: Double, limit: Int) {
            guard from != to else { return }
            let lo = max(min(from, to) / cellSize, 0), hi = min(max(from, to) / cellSize, Double(limit))
            guard lo <= hi else { return }
            var k = lo.rounded(.up)
            while k <= hi {
                let t = (k * cellSize - from) / (to - from)
                if t > 0 && t < 1 { crossings.append(t) }
                k += 1
            }
        }
        addCrossings(a.x, b.x, limit: columns)
        addCrossings(a.y, b.y, limit: rows)
        crossings.sort()
        func point(_ t: Double) -> Point {
            if t == 0 { return a }
            if t == 1 { return b }
            var p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            // A crossing lands exactly on its grid line, whatever the rounding of the sum.
            let gx = (p.x / cellSize).rounded(), gy = (p.y / cellSize).rounded()
            if abs(p.x - gx * cellSize) < 1e-9 * max(cellSize, 1) { p.x = gx * cellSize }
            if abs(p.y - gy * cellSize) < 1e-9 * max(cellSize, 1) { p.y = gy * cellSize }
            return p
        }
        var previous = -1.0
        for t in crossings where t != previous {
            if previous >= 0 { fill(at: point((previous + t) / 2), newlyFilled: newlyFilled) }
            fill(at: point(t), newlyFilled: newlyFilled)
            previous = t
        }
    }

    /// The cell containing `p`, or nil outside the window.
    public func cell(containing p: Point) -> (column: Int, row: Int)? {
        guard p.x >= 0, p.y >= 0, p.x < size.width, p.y < size.height else { return nil }
        let column = min(Int(p.x / cellSize), columns - 1), row = min(Int(p.y / cellSize), rows - 1)
        return (column, row)
    }

    public static func == (lhs: CoverageGrid, rhs: CoverageGrid) -> Bool {
        lhs.cellSize == rhs.cellSize && lhs.size == rhs.size && lhs.filled == rhs.filled
    }
}
