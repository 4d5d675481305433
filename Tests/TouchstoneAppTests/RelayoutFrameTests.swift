import Render
import Testing
import WaylandClient
@testable import TouchstoneApp

/// Messages in rows that size themselves (behaviour.md §15.3): a padded row of one text each.
private final class Messages: ListDataSource {
    let texts: [String]
    init(_ texts: [String]) { self.texts = texts }
    func numberOfRows(in list: ListNode) -> Int { texts.count }
    func list(_ list: ListNode, nodeForRowAt index: Int) -> Node {
        let row = Node(name: "row-\(index)")
        row.layout = FlexLayout(padding: EdgeInsets(all: 6))
        row.backgroundColor = index % 2 == 0 ? Color(red: 220, green: 240, blue: 255) : Color(red: 255, green: 235, blue: 210)
        let text = TextNode(name: "text-\(index)")
        text.text = texts[index]
        row.addSubnode(text)
        return row
    }
}

/// A live window's layout and frame path without a compositor (`WindowLayout.update` before
/// each frame, as the app's idle work runs it, then `FramePainter` over a swap chain).
@Suite struct RelayoutFrameTests {
    @Test func aRowWhoseTextChangesInCodeIsMeasuredAgainAndTheNextFramePaintsOnlyWhatMovedAsAFullRepaintWould() throws {
        let root = Node(name: "root")
        root.layout = FlexLayout()
        let header = TextNode(name: "header")
        header.text = "Messages"
        header.fontSize = 20
        let list = ListNode(name: "list", rowExtent: 40, selfSizingRows: true)
        list.style.grow = 1
        list.dataSource = Messages((0 ..< 12).map { "Message \($0)" })
        root.addSubnode(header)
        root.addSubnode(list)
        let window = NodeCore.Window(root: root, size: Size(width: 240, height: 320))
        let layout = WindowLayout(root: root)
        #expect(layout.update(window))
        let painter = try FramePainter(window: window, background: .white) { _ in }
        painter.resize(to: Size(width: 240, height: 320), scale: .integer(1))
        var chain = SwapChain<ShmMemory>()
        let first = try #require(try painter.offscreenFrame(chain: &chain, poolSize: nil))
        chain.release(id: first.id, currentSize: nil)

        let row = try #require(list.nodeForRow(at: 1)), next = try #require(list.nodeForRow(at: 2))
        let (height, nextTop) = (row.frame.height, next.frame.minY)
        let text = try #require(row.subnodes.first as? TextNode)
        text.text = "A longer message that wraps onto more lines than the first one did in this window"
        #expect(layout.update(window))
        #expect(row.frame.height > height + 10)
        #expect(next.frame.minY == nextTop + row.frame.height - height)
        #expect(text.frame.height == row.frame.height - 12)
        // Painted over the first frame (the same buffer): only the damage is repainted.
        let second = try #require(try painter.offscreenFrame(chain: &chain, poolSize: nil))
        #expect(second.id == first.id)
        #expect(try painter.pixelsDiffering(from: second.memory) == 0)
    }
}
