import Testing
@testable import NodeCore

/// Rows of one button each, named `row-{i}`; counts the nodes it made.
final class ButtonRows: ListDataSource {
    var count: Int
    var made = 0
    init(count: Int) { self.count = count }
    func numberOfRows(in list: ListNode) -> Int { count }
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        made += 1
        let row = ButtonNode(name: "row-\(index)", frame: rect(0, 0, list.isHorizontal ? 60 : 320, 60))
        return row
    }
}

/// A delegate that records fetches and completes them when told.
final class RecordingFetcher: ListBatchFetchingDelegate {
    var agrees = true
    var begun: [Double] = []
    var context: BatchFetchContext?
    func shouldBatchFetch(for list: ListNode) -> Bool { agrees }
    func list(_ list: ListNode, willBeginBatchFetchWith context: BatchFetchContext) {
        begun.append(context.beginTime)
        self.context = context
    }
}

@Suite struct ListNodeTests {
    /// A 320 × 600 list of 60 pt rows in a window.
    func makeList(rows: Int, inverted: Bool = false, horizontal: Bool = false) -> (Window, ListNode, ButtonRows) {
        let list = ListNode(name: "list", frame: rect(0, 0, 320, 600), rowExtent: 60, horizontal: horizontal,
                            inverted: inverted)
        let source = ButtonRows(count: rows)
        list.dataSource = source
        let root = Node(name: "root", frame: rect(0, 0, 320, 600))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 320, height: 600))
        return (window, list, source)
    }

    @Test func defaultsAreTexturesRanges() {
        #expect(ListNode.defaultLeadingScreensForBatching == 2)
        #expect(ListNode.defaultPreloadLeadingScreens == 2.5)
        #expect(ListNode.defaultPreloadTrailingScreens == 1.5)
    }

    @Test func onlyRowsWithinThePreloadRangeExist() {
        let (_, list, _) = makeList(rows: 1000)
        // Visible 0..<600 plus 2.5 screens ahead (down): rows 0 ..< 35.
        #expect(list.liveRowIndices == 0..<35)
        #expect(list.subnodes.count == 35)
        #expect(list.contentSize.height == 60_000)
    }

    @Test func scrollingAMillionRowsEndToEndKeepsTheLiveRowsBounded() {
        let (_, list, source) = makeList(rows: 1_000_000)
        var most = 0
        let end = list.restingRange(on: .vertical).upperBound
        var y = 0.0
        // Jumps of ~1,700 rows: every stop makes only the rows around it.
        while y < end {
            y = min(y + 99_991, end)
            list.contentOffset.y = y
            most = max(most, list.subnodes.count)
        }
        #expect(list.liveRowIndices.upperBound == 1_000_000)
        // 1.5 screens behind + the visible screen + 2.5 ahead, in 60 pt rows, plus partial rows.
        #expect(most <= 52)
        #expect(list.subnodes.count == list.liveRowIndices.count)
        #expect(source.made < 40_000)
    }

    @Test func rowsPreloadAheadInTheScrollDirection() {
        let (_, list, _) = makeList(rows: 1000)
        list.contentOffset.y = 6000
        // Moving down: 1.5 screens behind (900 pt), 2.5 ahead (1500 pt).
        #expect(list.liveRowIndices == 85..<135)
        list.contentOffset.y = 5990
        // Moving up: 2.5 screens ahead above, 1.5 below.
        #expect(list.liveRowIndices == 74..<125)
    }

    @Test func rowsAreHitWhereTheyAreOnScreen() {
        let (window, list, _) = makeList(rows: 1000)
        list.contentOffset.y = 6000 + 30
        #expect(window.hitTest(pt(10, 0))?.name == "row-100")
        #expect(window.hitTest(pt(10, 31))?.name == "row-101")
    }

    @Test func aControlTrackingATouchInARowThatLeavesTheRangeIsCancelled() {
        let (window, list, _) = makeList(rows: 1000)
        list.delaysContentTouches = false
        window.touchDown(.finger(1), at: pt(10, 10), time: 0)
        let row0 = list.nodeForRow(at: 0) as! ButtonNode
        let log = EventLog(row0)
        #expect(row0.isTracking)
        list.contentOffset.y = 3000
        #expect(list.nodeForRow(at: 0) == nil)
        #expect(!row0.isTracking)
        #expect(log.lines == ["row-0.touchCancel"])
    }

    @Test func invertedListsStartAtTheFarEndWithRowZeroAtTheBottom() {
        let (window, list, _) = makeList(rows: 100, inverted: true)
        #expect(list.contentOffset.y == 6000 - 600)
        #expect(window.hitTest(pt(10, 599))?.name == "row-0")
        #expect(window.hitTest(pt(10, 0))?.name == "row-9")
    }

    @Test func rowsAddedToAnInvertedListLeaveTheVisibleRowsInPlace() {
        let (window, list, source) = makeList(rows: 100, inverted: true)
        source.count = 120
        list.appendRows(20)
        #expect(list.contentOffset.y == 7200 - 600)
        #expect(window.hitTest(pt(10, 599))?.name == "row-0")
        #expect(window.hitTest(pt(10, 0))?.name == "row-9")
    }

    @Test func rowsShiftedByAppendsToAnInvertedListStayOnTheirRows() {
        // Fractional extents along x: each append shifts the live rows instead of placing
        // them again, and they must still sit where their rows are.
        let list = ListNode(name: "list", frame: rect(0, 0, 600, 100), rowExtent: 33.3, horizontal: true, inverted: true)
        // Longer than the list: it starts at its far end, row 0 at the right edge.
        let source = ButtonRows(count: 30)
        list.dataSource = source
        let root = Node(name: "root", frame: rect(0, 0, 600, 100))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 600, height: 100))
        for _ in 0..<200 {
            source.count += 3
            list.appendRows(3)
        }
        #expect(list.liveRowIndices.count > 20)
        for index in list.liveRowIndices {
            let node = list.nodeForRow(at: index)
            #expect(node.map { abs($0.frame.minX - list.rectForRow(at: index).minX) < 1e-6 } == true, "row \(index)")
        }
        #expect(window.hitTest(pt(599, 50))?.name == "row-0")
    }

    @Test func horizontalListsLayRowsAlongX() {
        let (window, list, _) = makeList(rows: 100, horizontal: true)
        #expect(list.contentSize.width == 6000)
        #expect(window.hitTest(pt(130, 10))?.name == "row-2")
    }

    // MARK: Batch fetching

    @Test func shortContentFetchesWhenTheListAppears() {
        let (window, list, _) = makeList(rows: 3)
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        #expect(fetcher.begun.isEmpty)
        window.appear(at: 0)
        #expect(fetcher.begun == [0])
        #expect(list.batchFetchContext.isFetching)
    }

    @Test func anotherFetchWaitsForTheOneInFlight() {
        let (window, list, source) = makeList(rows: 3)
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        window.appear(at: 0)
        source.count = 4
        list.appendRows(1)
        #expect(fetcher.begun == [0])
        window.clock.advance(to: 40)
        fetcher.context?.completeBatchFetching(true)
        // Completing is a data change: the content is still short, so it fetches again.
        #expect(fetcher.begun == [0, 40])
    }

    @Test func noCheckDuringADragAndTheLiftChecksWhereTheDecelerationEnds() {
        let (window, list, _) = makeList(rows: 40)  // 2400 pt of content, 600 visible
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        list.leadingScreensForBatching = 1
        window.appear(at: 0)
        #expect(fetcher.begun.isEmpty)  // 1800 pt from the end
        // Drag up by 1300 pt in 10 pt steps (the content moves down toward the end).
        window.touchDown(.finger(1), at: pt(100, 580), time: 0)
        var y = 580.0, t = 0.0
        while y > -720 {
            y -= 10; t += 1
            window.touchMoved(.finger(1), to: pt(100, y), time: t)
        }
        #expect(list.isDragging)
        #expect(list.contentOffset.y > 1200)
        #expect(fetcher.begun.isEmpty)  // within a screen of the end, but dragging
        window.touchUp(.finger(1), time: t)
        // Fast lift: the deceleration ends at the bottom edge, within the leading screen.
        #expect(list.isDecelerating)
        #expect(fetcher.begun == [t])
    }

    @Test func aSlowLiftFarFromTheEndDoesNotFetch() {
        let (window, list, _) = makeList(rows: 100)
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        list.leadingScreensForBatching = 1
        window.appear(at: 0)
        window.touchDown(.finger(1), at: pt(100, 300), time: 0)
        window.touchMoved(.finger(1), to: pt(100, 250), time: 10)
        window.touchUp(.finger(1), time: 500)
        #expect(!list.isDecelerating)
        #expect(fetcher.begun.isEmpty)
    }

    @Test func axisScrollsTowardTheEndCheckAndAwayDoNot() {
        let (window, list, _) = makeList(rows: 30)  // 1800 pt, 600 visible: the end at 1200
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        list.leadingScreensForBatching = 0.5
        window.appear(at: 0)
        fetcher.agrees = false
        window.scroll(.vertical, by: 1150, source: .wheel, at: pt(10, 10), time: 10)
        fetcher.agrees = true
        window.scroll(.vertical, by: -10, source: .wheel, at: pt(10, 10), time: 20)
        #expect(fetcher.begun.isEmpty)  // 60 pt from the end, but scrolling away from it
        window.scroll(.vertical, by: 0, source: .wheel, at: pt(10, 10), time: 30)
        #expect(fetcher.begun.isEmpty)  // did not move: no check
        window.scroll(.vertical, by: 5, source: .wheel, at: pt(10, 10), time: 40)
        #expect(fetcher.begun == [40])
        window.clock.advance(to: 70)
        fetcher.context?.completeBatchFetching(true)
        #expect(fetcher.begun == [40, 70])  // a data change checks with no direction
    }

    @Test func invertedListsFetchAtTheTop() {
        let (window, list, _) = makeList(rows: 100, inverted: true)
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        window.appear(at: 0)
        #expect(fetcher.begun.isEmpty)
        // Scroll up (toward offset 0, the top) to within two screens of it.
        window.scroll(.vertical, by: -(5400 - 1100), source: .wheel, at: pt(10, 10), time: 5)
        #expect(list.contentOffset.y == 1100)
        #expect(fetcher.begun == [5])
    }

    @Test func aDelegateThatRefusesNeverFetches() {
        let (window, list, _) = makeList(rows: 2)
        let fetcher = RecordingFetcher()
        fetcher.agrees = false
        list.batchFetchingDelegate = fetcher
        window.appear(at: 0)
        #expect(fetcher.begun.isEmpty)
    }

    @Test func rowControlsTappableAreasFollowTheScroll() {
        let (window, list, _) = makeList(rows: 1000)
        for offset in [0.0, 6030, 123.5] {
            list.contentOffset.y = offset
            let areas = TappableArea.all(in: window)
            let row = Int(offset / 60)
            let area = areas.first { $0.control.name == "row-\(row)" }
            #expect(area?.tappable == Rect(x: 0, y: Double(row) * 60 - offset, width: 320, height: 60).intersection(rect(0, 0, 320, 600)))
        }
    }

    @Test func tinyRowsNeverMakeMoreThanTheLiveRowLimit() {
        let list = ListNode(name: "list", frame: rect(0, 0, 320, 600), rowExtent: 0.001)
        list.dataSource = ButtonRows(count: 10_000_000)
        #expect(list.subnodes.count == ListNode.maximumLiveRows)
        list.contentOffset.y = 5000
        #expect(list.subnodes.count == ListNode.maximumLiveRows)
        #expect(list.liveRowIndices.contains(5_000_000))
    }

    // MARK: Audit

    @Test func theAuditReportsRowControlsOncePerTemplateWithTheirRowCount() {
        let (window, _, _) = makeList(rows: 1_000_000)
        let report = Audit.run(window: window)
        #expect(report.entries.count == 1)
        #expect(report.entries.first?.name == "row-{i}")
        #expect(report.entries.first?.rowCount == 1_000_000)
    }

    @Test func templateNamesWriteTheRowIndexAsAPlaceholder() {
        #expect(Audit.templateName("row-17-like", row: 17) == "row-{i}-like")
        #expect(Audit.templateName("like", row: 17) == "like")
    }
}
