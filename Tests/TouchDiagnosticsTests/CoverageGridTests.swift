import Testing
import NodeCore
@testable import TouchDiagnostics

@Suite struct CoverageGridTests {
    private func filledCells(_ grid: CoverageGrid) -> Set<[Int]> {
        var cells: Set<[Int]> = []
        for row in 0..<grid.rows { for column in 0..<grid.columns where grid.isFilled(column: column, row: row) { cells.insert([column, row]) } }
        return cells
    }

    @Test func gridCoversTheWindowWithTheLastCellsCutShort() {
        let grid = CoverageGrid(size: Size(width: 105, height: 40), cellSize: 20)
        #expect(grid.columns == 6 && grid.rows == 2)
        #expect(grid.rect(column: 5, row: 1) == Rect(minX: 100, minY: 20, maxX: 105, maxY: 40))
    }

    @Test func aShallowDiagonalFillsEveryCellItCrosses() {
        var grid = CoverageGrid(size: Size(width: 100, height: 100), cellSize: 20)
        // From (5, 5) to (95, 35): slope 1/3, crosses y = 20 at x = 50.
        var newly: [[Int]] = []
        grid.fill(from: Point(x: 5, y: 5), to: Point(x: 95, y: 35)) { newly.append([$0, $1]) }
        #expect(filledCells(grid) == [[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [4, 1]])
        #expect(newly.count == 6)
        #expect(grid.filledCount == 6)
    }

    @Test func aDiagonalThroughCellCornersFillsOnlyTheCellsThatOwnItsPoints() {
        var grid = CoverageGrid(size: Size(width: 60, height: 60), cellSize: 20)
        grid.fill(from: Point(x: 10, y: 10), to: Point(x: 50, y: 50))
        #expect(filledCells(grid) == [[0, 0], [1, 1], [2, 2]])
        var anti = CoverageGrid(size: Size(width: 60, height: 60), cellSize: 20)
        // Going down-left through the corner (20, 20): that corner belongs to cell (1, 1).
        anti.fill(from: Point(x: 30, y: 10), to: Point(x: 10, y: 30))
        #expect(filledCells(anti) == [[1, 0], [1, 1], [0, 1]])
    }

    @Test func segmentsLeavingTheWindowFillOnlyCellsInside() {
        var grid = CoverageGrid(size: Size(width: 40, height: 40), cellSize: 20)
        grid.fill(from: Point(x: -50, y: 10), to: Point(x: 30, y: 10))
        #expect(filledCells(grid) == [[0, 0], [1, 0]])
        grid.fill(from: Point(x: 30, y: 10), to: Point(x: .nan, y: 10))
        #expect(grid.filledCount == 2)
    }

    @Test func coverageAndUntouchedCells() {
        var grid = CoverageGrid(size: Size(width: 40, height: 20), cellSize: 20)
        grid.fill(at: Point(x: 25, y: 5))
        #expect(grid.coveragePercent == 50)
        #expect(grid.untouchedCells.map { [$0.column, $0.row] } == [[0, 0]])
    }
}

@Suite struct ReportRateTests {
    @Test func aSteady120HzStreamWithMillisecondTimestampsReads120Hz() {
        // wl_touch stamps whole milliseconds: 8.33 ms intervals arrive as 8 or 9.
        let times = (0..<240).map { (Double($0) * 1000 / 120 + 3.7).rounded(.down) }
        let rate = ReportRate(times: times)
        #expect(abs(rate.medianHz - 120) <= 1)
        #expect(rate.medianIntervalMs == 8)
        #expect(rate.p95IntervalMs == 9)
        #expect(rate.motionCount == 240)
    }

    @Test func jitterIsTheStandardDeviationOfIntervals() {
        let rate = ReportRate(times: [0, 10, 30, 40, 60])
        #expect(rate.jitterMs == 5)
        #expect(rate.medianIntervalMs == 15)
        #expect(rate.p95IntervalMs == 20)
        // Shorter than one window: the whole-stream rate.
        #expect(rate.medianHz == 4.0 * 1000 / 60)
    }

    @Test func fewerThanTwoEventsHaveNoRate() {
        #expect(ReportRate(times: [5]).medianHz == 0)
        #expect(ReportRate(times: []).p95IntervalMs == 0)
    }
}
