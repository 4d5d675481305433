import NodeCore
import Testing
import TouchstoneApp

/// behaviour.md §15.1: a laid-out window without a scene `minSize` asks for its root's
/// minimum layout size, in whole points rounded up.
@Suite struct WindowMinimumSizeTests {
    @Test func aLaidOutRootsMinimumIsItsMinimumLayoutSizeRoundedUp() {
        let root = Node(name: "root")
        root.layout = FlexLayout(direction: .row, alignItems: .flexStart,
                                 padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), gap: 10)
        let title = TextNode(name: "title")
        title.text = "Checkout total"
        let pay = Node(name: "pay")
        pay.style.width = .points(100.5)
        pay.style.height = .points(40)
        root.addSubnode(title)
        root.addSubnode(pay)
        let layout = WindowLayout(root: root)
        let exact = root.minimumLayoutSize(measurer: layout.measurer)
        let minimum = layout.minimumSize(of: root)
        #expect(minimum == Size(width: exact.width.rounded(.up), height: exact.height.rounded(.up)))
        // The title wraps to its widest word at the minimum: narrower than on one line.
        let oneLine = layout.measurer.measure(title, offeredWidth: nil)!.size.width
        let word = layout.measurer.measure(title, offeredWidth: 0)!.size.width
        #expect(word < oneLine)
        #expect(exact.width == 10 + word + 10 + 100.5 + 10)
        #expect(minimum.height == 60)
    }
}
