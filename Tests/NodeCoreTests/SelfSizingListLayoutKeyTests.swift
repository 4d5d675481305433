import Testing
@testable import NodeCore

/// `SelfSizingRows` whose rows of equal word counts say they lay out alike (their layout key).
final class KeyedSelfSizingRows: ListDataSource {
    let rows: SelfSizingRows
    let words: (Int) -> Int
    init(count: Int, words: @escaping (Int) -> Int) {
        rows = SelfSizingRows(count: count, words: words)
        self.words = words
    }
    func numberOfRows(in list: ListNode) -> Int { rows.count }
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node { rows.list(list, nodeForRowAt: index) }
    func list(_ list: ListNode, layoutKeyForRowAt index: Int) -> Int? { words(index) }
}

extension SelfSizingListTests {
    /// Every live row's frame and its text's, by row index.
    private func frames(_ list: ListNode) -> [Int: [Rect]] {
        var frames: [Int: [Rect]] = [:]
        for index in list.liveRowIndices {
            guard let row = list.nodeForRow(at: index) else { continue }
            frames[index] = [row.frame] + row.subnodes.map(\.frame)
        }
        return frames
    }

    private static func words(_ index: Int) -> Int { [3, 20, 9][index % 3] }

    @Test func rowsOfOneLayoutKeyMadeAfterTheFirstPassAreMeasuredOnceAndLaidOutAsMeasuringEachWould() {
        let measurer = RecordingMeasurer()
        let (window, list) = makeList(KeyedSelfSizingRows(count: 200, words: Self.words), measurer: measurer)
        let (referenceWindow, reference) = makeList(SelfSizingRows(count: 200, words: Self.words), measurer: FakeMeasurer())
        #expect(list.liveRowIndices.count > 6)
        // Rows made before the first pass were each measured (code may have changed them).
        #expect(Set(measurer.measured).count > 3)
        measurer.measured = []
        #expect(frames(list) == frames(reference))
        // So after scrolling far, where every row came in by its key.
        for offset in [900.0, 2400, 5000] {
            list.contentOffset = Point(x: 0, y: offset)
            reference.contentOffset = Point(x: 0, y: offset)
            window.layoutIfNeeded(measurer: measurer)
            referenceWindow.layoutIfNeeded(measurer: FakeMeasurer())
            #expect(list.contentOffset == reference.contentOffset)
            #expect(frames(list) == frames(reference))
        }
        // Of the dozens of rows made since, at most one of each key was measured (none when
        // one came in the first pass's later rounds); the others took its layout.
        #expect((1...3).contains(Set(measurer.measured).count))
        #expect(list.contentSize == reference.contentSize)
    }

    @Test func aRowWhoseTextChangesInCodeIsMeasuredAgainNotGivenTheLayoutOfItsKey() throws {
        let measurer = RecordingMeasurer()
        let (window, list) = makeList(KeyedSelfSizingRows(count: 200, words: Self.words), measurer: measurer)
        let row = try #require(list.nodeForRow(at: 3))
        #expect(row.frame.height == 27)
        let text = try #require(row.subnodes.first as? TextNode)
        text.text = Array(repeating: "aaaaa", count: 20).joined(separator: " ")
        measurer.measured = []
        window.layoutIfNeeded(measurer: measurer)
        // 20 words: 60 points, as a row made with them; only it was measured.
        #expect(row.frame.height == 60)
        #expect(text.frame == rect(5, 5, 310, 50))
        #expect(measurer.measured.allSatisfy { $0 == "text-3" } && !measurer.measured.isEmpty)
        // Rows of its key that come in later still take the key's layout, not the changed row's.
        list.contentOffset = Point(x: 0, y: 2400)
        window.layoutIfNeeded(measurer: measurer)
        for index in list.liveRowIndices where index % 3 == 0 {
            #expect(list.nodeForRow(at: index)?.frame.height == 27)
        }
    }

    @Test func aRowChangedInCodeBeforeTheFirstPassIsMeasuredWithWhatItShows() throws {
        let list = ListNode(name: "list", frame: rect(0, 0, 320, 600), rowExtent: 44, selfSizingRows: true)
        list.dataSource = KeyedSelfSizingRows(count: 200, words: { _ in 3 })
        let root = Node(name: "root", frame: rect(0, 0, 320, 600))
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 320, height: 600))
        let text = try #require(list.nodeForRow(at: 2)?.subnodes.first as? TextNode)
        text.text = Array(repeating: "aaaaa", count: 20).joined(separator: " ")
        window.layoutIfNeeded(measurer: RecordingMeasurer())
        #expect(list.nodeForRow(at: 1)?.frame.height == 27)
        #expect(list.nodeForRow(at: 2)?.frame.height == 60)
        #expect(list.nodeForRow(at: 3)?.frame.height == 27)
    }

    @Test func anotherMeasurerOrWidthMeasuresRowsOfAKeyAgain() throws {
        let measurer = RecordingMeasurer()
        let (window, list) = makeList(KeyedSelfSizingRows(count: 200, words: Self.words), measurer: measurer)
        let other = RecordingMeasurer()
        window.layoutIfNeeded(measurer: other)
        list.contentOffset = Point(x: 0, y: 2400)
        #expect(Set(other.measured).count == 3)
        other.measured = []
        list.frame.size.width = 200
        window.layoutIfNeeded(measurer: other)
        #expect(Set(other.measured).count >= 3)
        // 20 words wrap to more lines in 190 points than the 3 of 310.
        let long = try #require(list.liveRowIndices.first { $0 % 3 == 1 })
        #expect(try #require(list.nodeForRow(at: long)).frame.height > 60)
    }
}
