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
}
