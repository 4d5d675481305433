import Testing
@testable import NodeCore

/// A scroll frame's cost must not grow with the number of nodes in the scroll node (issue 30):
/// a moved bounds origin keeps the grid painting uses over the subnodes, so each frame looks
/// at the rows it shows. These count the subnodes the frame's walks visit (`subnodeVisits`,
/// debug builds) and fail if scrolling walks every row again.
@Suite struct ScrollFrameVisitTests {
    /// Subnode visits of the scroll node per frame while a finger drags 7 pt a frame through a
    /// 400 × 800 window filled by a scroll node over `rows` buttons 50 pt apart. Each frame
    /// does what a live frame asks of the tree besides the input: the invalidations and the
    /// extents behind the damage, the subnodes painting may meet in the node's area, and the
    /// tappable areas the overlay draws there.
    private func visitsPerFrame(rows: Int, frames: Int) -> [Int] {
        let root = Node(name: "root", frame: rect(0, 0, 400, 800))
        let list = ScrollNode(name: "list", frame: rect(0, 0, 400, 800))
        list.contentSize = Size(width: 400, height: Double(rows) * 50)
        for i in 0..<rows { list.addSubnode(ButtonNode(name: "b\(i)", frame: rect(10, Double(i) * 50 + 5, 380, 40))) }
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 400, height: 800))
        let input = InputDispatcher(window: window)
        func frame() {
            for invalidation in window.takeInvalidations() {
                if case .node(let node) = invalidation { _ = node.subtreeExtentInWindow() }
            }
            _ = root.subtreeExtent
            list.forEachSubnode(mayMeet: list.bounds) { _ = $0.subtreeExtent }
            _ = TappableArea.all(in: window, intersecting: rect(0, 0, 400, 800))
        }
        input.handle(.touchDown(id: 1, location: pt(200, 780)), at: 0)
        input.handle(.touchFrame, at: 0)
        frame()
        var visits: [Int] = []
        for i in 1...frames {
            let t = Double(i) * 16
            input.handle(.touchMotion(id: 1, location: pt(200, 780 - 12 - 7 * Double(i))), at: t)
            input.handle(.touchFrame, at: t)
            let before = list.subnodeVisits
            frame()
            visits.append(list.subnodeVisits - before)
        }
        #expect(list.contentOffset.y > 7 * Double(frames - 2), "the finger dragged the content")
        return visits
    }

    @Test func aScrollFrameVisitsTheRowsItShowsWhateverTheRowCount() {
        let frames = 60
        let small = visitsPerFrame(rows: 200, frames: frames)
        let large = visitsPerFrame(rows: 20_000, frames: frames)
        // The first frames may walk every row before the grids are built; then each frame
        // visits about the rows in view (16 here, a few more at the grid's cell edges), twice.
        let settled = WideChildIndex.paintsBeforeBuilding + 1
        let shown = 800 / 50 + 2
        let many = large.dropFirst(settled), few = small.dropFirst(settled)
        #expect(many.max()! <= 4 * shown, "frames visited up to \(many.max()!) subnodes among 20,000 rows: \(many)")
        #expect(zip(many, few).allSatisfy { $0 <= $1 + shown / 2 }, "visits per frame among 20,000 rows \(many), among 200 \(few)")
    }
}
