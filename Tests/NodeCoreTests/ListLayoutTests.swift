import SeededRandom
import Testing
@testable import NodeCore

@Suite struct ListLayoutTests {
    @Test func fixedRowsLieEndToEnd() {
        let layout = ListLayout(fixedExtent: 60, count: 1_000_000, inverted: false)
        #expect(layout.contentLength == 60_000_000)
        #expect(layout.span(ofRow: 0) == (0, 60))
        #expect(layout.span(ofRow: 17) == (1020, 60))
    }

    @Test func rowsMeetingASpanAreHalfOpen() {
        let layout = ListLayout(fixedExtent: 60, count: 100, inverted: false)
        #expect(layout.rows(meeting: 0, 60) == 0..<1)
        #expect(layout.rows(meeting: 59, 61) == 0..<2)
        #expect(layout.rows(meeting: 60, 120) == 1..<2)
        #expect(layout.rows(meeting: -500, 10) == 0..<1)
        #expect(layout.rows(meeting: 5990, 9000) == 99..<100)
        #expect(layout.rows(meeting: 6000, 9000).isEmpty)
        #expect(layout.rows(meeting: 100, 100).isEmpty)
    }

    @Test func aMillionRowsAreFoundWithoutWalkingThem() {
        let layout = ListLayout(fixedExtent: 60, count: 1_000_000, inverted: false)
        let end = layout.contentLength
        #expect(layout.rows(meeting: end - 1080, end) == 999_982..<1_000_000)
    }

    @Test func invertedListsPutRowZeroAtTheFarEnd() {
        let layout = ListLayout(fixedExtent: 50, count: 10, inverted: true)
        #expect(layout.span(ofRow: 0) == (450, 50))
        #expect(layout.span(ofRow: 9) == (0, 50))
        #expect(layout.rows(meeting: 400, 500) == 0..<2)
        #expect(layout.rows(meeting: 0, 10) == 9..<10)
    }

    @Test func variableExtentsUseRunningSums() {
        var layout = ListLayout(extents: [10, 20, 30], inverted: false)
        #expect(layout.contentLength == 60)
        #expect(layout.span(ofRow: 2) == (30, 30))
        #expect(layout.rows(meeting: 15, 31) == 1..<3)
        layout.append(2) { Double($0) * 100 }
        #expect(layout.count == 5)
        #expect(layout.span(ofRow: 4) == (360, 400))
        #expect(layout.rows(meeting: 359, 361) == 3..<5)
    }

    @Test func appendingToAnInvertedListGrowsItAtTheStart() {
        var layout = ListLayout(fixedExtent: 50, count: 2, inverted: true)
        #expect(layout.span(ofRow: 0) == (50, 50))
        layout.append(3) { _ in 50 }
        // Row 0 keeps its distance from the content's far end; new rows come first.
        #expect(layout.span(ofRow: 0) == (200, 50))
        #expect(layout.span(ofRow: 4) == (0, 50))
    }
    @Test func rowsMeetingASpanAreTheRowsAWalkFoundOnRandomLayouts() {
        // Lengths in quarter points, so that every sum and difference below is exact.
        var random = SplitMix64(seed: 0x11_57_0F)
        func number(_ below: UInt64) -> Double { Double(random.next() % below) }
        for round in 0 ..< 400 {
            let count = Int(random.next() % 40)
            let inverted = random.next() % 2 == 0
            // Fixed extents (zero included), or per row with zero-length rows among them.
            let layout = round % 2 == 0
                ? ListLayout(fixedExtent: [0, 0.25, 1, 7, 64, 33.5][round / 2 % 6], count: count, inverted: inverted)
                : ListLayout(extents: (0 ..< count).map { _ in random.next() % 4 == 0 ? 0 : number(90) / 4 }, inverted: inverted)
            let total = layout.contentLength
            for _ in 0 ..< 20 {
                // Spans on row edges too, where a half-open comparison decides.
                let edges = (0 ..< count).map { layout.span(ofRow: $0).start } + [total]
                let pick = { random.next() % 3 == 0 && !edges.isEmpty ? edges[Int(random.next() % UInt64(edges.count))] : number(11_200) / 4 - 200 }
                let lower = pick(), upper = random.next() % 5 == 0 ? lower : pick()
                #expect(layout.rows(meeting: lower, upper) == walkedRows(layout, lower, upper),
                        "\(count) rows, inverted \(inverted), [\(lower), \(upper))")
            }
        }
    }
}

extension ListLayoutTests {
    @Test func selfSizingRowsLieAsRowsOfTheirMeasuredOrEstimatedExtents() {
        // Lengths in quarter points, so that every sum below is exact.
        var random = SplitMix64(seed: 0x5E_1F512E)
        func number(_ below: UInt64) -> Double { Double(random.next() % below) / 4 }
        for round in 0 ..< 300 {
            let count = Int(random.next() % 40)
            let inverted = random.next() % 2 == 0
            let estimate = [0, 0.25, 44, 64][round % 4]
            var layout = ListLayout(estimate: estimate, count: count, inverted: inverted)
            var extents = Array(repeating: estimate, count: count)
            // Rows measured in random order, some twice, some at zero, some at the estimate.
            for _ in 0 ..< Int(random.next() % UInt64(count + 1)) * 2 {
                let row = Int(random.next() % UInt64(count))
                let extent = random.next() % 5 == 0 ? [0, estimate][Int(random.next() % 2)] : number(400)
                #expect(layout.setMeasuredExtent(extent, ofRow: row) == extent - extents[row])
                extents[row] = extent
            }
            let reference = ListLayout(extents: extents, inverted: inverted)
            #expect(layout.contentLength == reference.contentLength)
            for row in 0 ..< count { #expect(layout.span(ofRow: row) == reference.span(ofRow: row), "row \(row) of \(extents)") }
            let edges = (0 ..< count).map { reference.span(ofRow: $0).start } + [reference.contentLength]
            for _ in 0 ..< 20 {
                let pick = { random.next() % 3 == 0 ? edges[Int(random.next() % UInt64(edges.count))] : number(60_000) - 200 }
                let lower = pick(), upper = random.next() % 5 == 0 ? lower : pick()
                #expect(layout.rows(meeting: lower, upper) == reference.rows(meeting: lower, upper),
                        "\(extents), inverted \(inverted), [\(lower), \(upper))")
            }
        }
    }
}

/// The rows meeting `[lower, upper)` as the list found them before it searched: the first
/// row ending after the span's start, then a walk over the rows starting before its end.
private func walkedRows(_ layout: ListLayout, _ lower: Double, _ upper: Double) -> Range<Int> {
    let count = layout.count
    guard count > 0, upper > lower else { return 0 ..< 0 }
    let total = layout.contentLength
    let a = layout.isInverted ? total - upper : lower, b = layout.isInverted ? total - lower : upper
    var ends: [Double] = []
    for i in 0 ..< count { ends.append((ends.last ?? 0) + layout.span(ofRow: i).length) }
    func end(_ i: Int) -> Double { i < 0 ? 0 : ends[i] }
    var first = 0
    if case .fixed(let e) = layout.extents, e <= 0 {
        first = count
    } else {
        while first < count, end(first) <= a { first += 1 }
    }
    var last = first
    while last < count, end(last - 1) < b { last += 1 }
    return first ..< max(first, last)
}
