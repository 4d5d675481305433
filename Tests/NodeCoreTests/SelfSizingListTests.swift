import Testing
@testable import NodeCore

/// Rows laid out as a column holding one block whose height the row's index gives, or a
/// text of `words[i]` words (measured by `FakeMeasurer`, wrapping at the list's width).
final class SelfSizingRows: ListDataSource {
    var count: Int
    let height: (Int) -> Double
    let words: ((Int) -> Int)?
    init(count: Int, words: ((Int) -> Int)? = nil, height: @escaping (Int) -> Double = { _ in 100 }) {
        self.count = count
        self.height = height
        self.words = words
    }
    func numberOfRows(in list: ListNode) -> Int { count }
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        let row = Node(name: "row-\(index)")
        row.layout = FlexLayout(padding: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        if let words {
            let text = TextNode(name: "text-\(index)")
            text.text = Array(repeating: "aaaaa", count: words(index)).joined(separator: " ")
            row.addSubnode(text)
        } else {
            let block = ButtonNode(name: "button-\(index)")
            block.style.height = .points(height(index) - 10)
            row.addSubnode(block)
        }
        return row
    }
}

@Suite struct SelfSizingListTests {
    /// A 320 × 600 self-sizing list in a window (estimate 44), laid out once.
    func makeList(_ source: any ListDataSource, inverted: Bool = false, measurer: (any LayoutMeasuring)? = nil)
        -> (Window, ListNode) {
        let list = ListNode(name: "list", frame: rect(0, 0, 320, 600), rowExtent: 44, selfSizingRows: true,
                            inverted: inverted)
        list.dataSource = source
        let root = Node(name: "root", frame: rect(0, 0, 320, 600))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 320, height: 600))
        window.layoutIfNeeded(measurer: measurer)
        return (window, list)
    }

    @Test func rowsTakeTheExtentTheirLayoutGivesAtTheListsWidth() {
        let (window, list) = makeList(SelfSizingRows(count: 100, height: { 30 + Double($0 % 3) * 20 }))
        #expect(list.nodeForRow(at: 0)?.frame == rect(0, 0, 320, 30))
        #expect(list.nodeForRow(at: 1)?.frame == rect(0, 30, 320, 50))
        #expect(list.nodeForRow(at: 2)?.frame == rect(0, 80, 320, 70))
        #expect(list.nodeForRow(at: 3)?.frame == rect(0, 150, 320, 30))
        // The row's own children are laid out at its size.
        #expect(list.nodeForRow(at: 2)?.subnodes.first?.frame == rect(5, 5, 310, 60))
        // Measured rows count as measured (those made by the estimate stay measured when
        // they leave), the rest as the estimate.
        guard case .estimated(let extents) = list.rowLayout.extents else { Issue.record("not estimated"); return }
        #expect(extents.count > list.liveRowIndices.upperBound)
        var measured = 0.0
        for index in 0..<extents.count { measured += 30 + Double(index % 3) * 20 }
        let estimated = Double(100 - extents.count) * 44
        #expect(list.contentSize.height == measured + estimated)
        #expect(window.root === list.supernode)
    }

    @Test func withoutAnyTextRowsAreMeasuredAtTheFirstPassOnlyNotBefore() {
        let list = ListNode(name: "list", frame: rect(0, 0, 320, 600), rowExtent: 44, selfSizingRows: true)
        list.dataSource = SelfSizingRows(count: 20)
        #expect(list.contentSize.height == 20 * 44)
        let root = Node(name: "root", frame: rect(0, 0, 320, 600))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 320, height: 600))
        #expect(list.contentSize.height == 20 * 44)
        window.layoutIfNeeded(measurer: nil)
        #expect(list.contentSize.height == 20 * 100)
    }

    @Test func measuringRowsBeforeTheVisibleAreaMovesTheOffsetSoNothingOnScreenMoves() {
        let (window, list) = makeList(SelfSizingRows(count: 1000))
        // Jump far into rows that were never measured: those the jump brings in before the
        // visible area are measured 100 instead of 44.
        let target = 20_000.0
        let anchorRow = (0..<1000).first { list.rectForRow(at: $0).maxY > target }!
        let onScreen = list.rectForRow(at: anchorRow).minY - target
        list.contentOffset.y = target
        #expect(list.contentOffset.y != target)
        #expect(list.rectForRow(at: anchorRow).minY - list.contentOffset.y == onScreen)
        #expect(list.nodeForRow(at: anchorRow).map { $0.frame.minY - list.contentOffset.y } == onScreen)
        #expect(list.nodeForRow(at: anchorRow)?.frame.height == 100)
        #expect(window.root === list.supernode)
    }

    @Test func aChatOfMessagesOfAnyLengthStartsAtItsBottomAndStaysThereWhileRowsAboveAreMeasured() {
        let (window, list) = makeList(SelfSizingRows(count: 200, words: { 1 + ($0 * 7) % 23 }), inverted: true,
                                      measurer: FakeMeasurer())
        window.appear(at: 0)
        let bottom = list.restingRange(on: .vertical).upperBound
        #expect(list.contentOffset.y == bottom)
        let newest = try! #require(list.nodeForRow(at: 0))
        #expect(newest.frame.maxY - list.contentOffset.y == 600)
        // Scrolling up to show the last measured row 100 pt from the top: the rows above it
        // come in and are measured, and it stays where it is.
        let row = list.liveRowIndices.upperBound - 1
        list.contentOffset.y = list.rectForRow(at: row).minY - 100
        #expect(list.liveRowIndices.upperBound > row + 1)
        #expect(list.rectForRow(at: row).minY - list.contentOffset.y == 100)
        #expect(list.nodeForRow(at: row).map { $0.frame.minY - list.contentOffset.y } == 100)
    }

    /// A self-sizing list (estimate 44) of `count` rows of `words` words, sized by the
    /// layout of a 320 × 600 window's root, laid out once with the returned measurer.
    func flexRootList(count: Int, words: Int) -> (Window, ListNode, FakeMeasurer) {
        let root = Node(name: "root")
        root.layout = FlexLayout()
        let list = ListNode(name: "list", rowExtent: 44, selfSizingRows: true)
        list.style.grow = 1
        list.dataSource = SelfSizingRows(count: count, words: { _ in words })
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 320, height: 600))
        let measurer = FakeMeasurer()
        window.layoutIfNeeded(measurer: measurer)
        return (window, list, measurer)
    }

    @Test func aRowThatWrapsIsMeasuredAgainWhenTheListsWidthChanges() {
        let (window, list, measurer) = flexRootList(count: 10, words: 12)
        // 12 words of 35 pt with 7 pt spaces in 310 pt: 7 a line, two lines of 16.8, and 10 of padding.
        #expect(list.nodeForRow(at: 0)?.frame == rect(0, 0, 320, 44))
        window.size = Size(width: 600, height: 600)
        window.layoutIfNeeded(measurer: measurer)
        // In 590 pt: 12 words on one line.
        #expect(list.nodeForRow(at: 0)?.frame == rect(0, 0, 600, 27))
        #expect(list.nodeForRow(at: 1)?.frame.minY == 27)
        #expect(list.contentSize.height == 270)
    }

    /// The areas damaged since the last call.
    private func damagedAreas(_ window: Window) -> [Rect] {
        window.takeInvalidations().compactMap { if case .area(let rect) = $0 { rect } else { nil } }
    }

    @Test func aRowWhoseTextChangesInCodeIsMeasuredAgainAtTheNextPassAndTheRowsAfterItMove() throws {
        let measurer = RecordingMeasurer()
        let (window, list) = makeList(SelfSizingRows(count: 40, words: { _ in 3 }), measurer: measurer)
        // 3 words of 35 pt on one line: 16.8 + 10 of padding, 27 whole points.
        let row = try #require(list.nodeForRow(at: 2))
        let next = try #require(list.nodeForRow(at: 3))
        #expect(row.frame == rect(0, 54, 320, 27))
        #expect(next.frame == rect(0, 81, 320, 27))
        let content = list.contentSize.height
        _ = window.takeInvalidations()
        measurer.measured = []
        let text = try #require(row.subnodes.first as? TextNode)
        text.text = Array(repeating: "aaaaa", count: 20).joined(separator: " ")
        #expect(list.needsLayout)
        window.layoutIfNeeded(measurer: measurer)
        // 20 words, 7 a line in 310 pt: 3 lines of 16.8 and the padding, 60 whole points.
        #expect(row.frame == rect(0, 54, 320, 60))
        #expect(next.frame == rect(0, 114, 320, 27))
        #expect(list.rectForRow(at: 3) == rect(0, 114, 320, 27))
        #expect(list.contentSize.height == content + 33)
        // The row's text is laid out at the new height, and only it was measured again.
        #expect(text.frame == rect(5, 5, 310, 50))
        #expect(Set(measurer.measured) == ["text-2"])
        // The old and the new frames of what moved are damaged.
        let damaged = damagedAreas(window)
        for frame in [rect(0, 54, 320, 27), rect(0, 54, 320, 60), rect(0, 81, 320, 27), rect(0, 114, 320, 27)] {
            #expect(damaged.contains { $0.minX <= frame.minX && $0.minY <= frame.minY && $0.maxX >= frame.maxX && $0.maxY >= frame.maxY })
        }
        // Nothing left to do: the next pass damages nothing.
        window.layoutIfNeeded(measurer: measurer)
        #expect(!list.needsLayout)
        #expect(damagedAreas(window).isEmpty)
    }

    @Test func aRowAboveTheVisibleAreaThatGrowsInCodeMovesTheOffsetSoNothingOnScreenMoves() throws {
        let measurer = FakeMeasurer()
        let (window, list) = makeList(SelfSizingRows(count: 100, words: { _ in 3 }), measurer: measurer)
        list.contentOffset.y = 27 * 10
        let first = try #require(list.nodeForRow(at: 10))
        let onScreen = first.frame.minY - list.contentOffset.y
        let above = try #require(list.nodeForRow(at: 8)?.subnodes.first as? TextNode)
        above.text = Array(repeating: "aaaaa", count: 20).joined(separator: " ")
        window.layoutIfNeeded(measurer: measurer)
        #expect(list.nodeForRow(at: 8)?.frame.height == 60)
        #expect(list.contentOffset.y == 27 * 10 + 33)
        #expect(first.frame.minY - list.contentOffset.y == onScreen)
    }

    @Test func aRowInAListSizedByTheLayoutIsMeasuredAgainWhenItsLabelChanges() throws {
        let (window, list, measurer) = flexRootList(count: 10, words: 1)
        let row = try #require(list.nodeForRow(at: 0))
        #expect(row.frame.height == 27)
        let text = try #require(row.subnodes.first as? TextNode)
        text.fontSize = 28
        window.layoutIfNeeded(measurer: measurer)
        // One line of 1.2 × 28 = 33.6 and 10 of padding: 44 whole points.
        #expect(row.frame.height == 44)
        #expect(list.nodeForRow(at: 1)?.frame.minY == 44)
    }

    @Test func batchFetchingUsesTheMeasuredExtents() {
        // 30 rows of 100 (estimated 44: 1320 pt, within two screens of the end at once).
        let (window, list) = makeList(SelfSizingRows(count: 30))
        let fetcher = RecordingFetcher()
        list.batchFetchingDelegate = fetcher
        window.appear(at: 0)
        #expect(list.contentSize.height == 3000)
        #expect(fetcher.begun.isEmpty)  // 2400 pt from the end
        window.scroll(.vertical, by: 1150, source: .wheel, at: pt(10, 10), time: 10)
        #expect(fetcher.begun.isEmpty)  // 1250 pt from the end
        window.scroll(.vertical, by: 100, source: .wheel, at: pt(10, 10), time: 20)
        #expect(fetcher.begun == [20])  // 1150 pt: within two screens
    }

    @Test func memoryHoldsOnlyTheMeasuredRowsExtents() {
        let (window, list) = makeList(SelfSizingRows(count: 1_000_000))
        list.contentOffset.y = 50_000_000
        guard case .estimated(let measured) = list.rowLayout.extents else { Issue.record("not estimated"); return }
        // The rows made at the start and at the jump: a few screens' worth of each.
        #expect(measured.count >= 2 * list.liveRowIndices.count && measured.count < 150)
        #expect(window.root === list.supernode)
    }
}
