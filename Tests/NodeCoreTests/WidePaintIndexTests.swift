import SeededRandom
import Testing
@testable import NodeCore

/// Painting among many subnodes asks `forEachSubnode(mayMeet:)` for the ones a damaged rect
/// may touch, through a grid of their subtree extents; these pin that it offers every
/// subnode whose placed extent meets the rect, back to front, whatever changed in between.
@Suite struct WidePaintIndexTests {
    private struct Scene {
        var rng: SplitMix64
        var counter = 0

        mutating func number(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 2 }

        mutating func frame() -> Rect {
            Rect(x: number(-40...1960), y: number(-40...1960), width: number(0...120), height: number(0...120))
        }

        mutating func makeChild() -> Node {
            counter += 1
            let node = Int.random(in: 0..<8, using: &rng) == 0
                ? ScrollNode(name: "scroll\(counter)", frame: frame()) : Node(name: "n\(counter)", frame: frame())
            if Int.random(in: 0..<3, using: &rng) == 0 { node.hitTestSlop = EdgeInsets(all: number(-30...6)) }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                node.addSubnode(Node(name: "inner\(counter)", frame: Rect(x: number(-200...200), y: number(-200...200),
                                                                        width: number(0...400), height: number(0...400))))
            }
            node.clipsToBounds = Int.random(in: 0..<4, using: &rng) == 0
            return node
        }
    }

    /// The subnodes whose subtree extent, placed in `parent`'s coordinates, meets `rect`
    /// (edges touching count), back to front.
    private func meeting(_ parent: Node, _ rect: Rect) -> [String] {
        parent.subnodes.filter { child in
            let e = child.subtreeExtent.offsetBy(dx: child.frame.minX - child.boundsOrigin.x, dy: child.frame.minY - child.boundsOrigin.y)
            return !e.isEmpty && e.maxX >= rect.minX && e.minX <= rect.maxX && e.maxY >= rect.minY && e.minY <= rect.maxY
        }.map(\.name)
    }

    @Test(arguments: 0..<12)
    func everySubnodeMeetingARectIsOfferedBackToFrontAfterRandomChanges(seed: Int) {
        var scene = Scene(rng: SplitMix64(seed: UInt64(seed)))
        let wide = Node(name: "wide", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        for _ in 0..<Int.random(in: 32...1200, using: &scene.rng) { wide.addSubnode(scene.makeChild()) }
        var usedTheGrid = false
        for round in 0..<10 {
            for _ in 0..<40 {
                let rect = Rect(x: scene.number(-100...2000), y: scene.number(-100...2000),
                                width: scene.number(0...200), height: scene.number(0...200))
                var offered: [Node] = []
                wide.forEachSubnode(mayMeet: rect) { offered.append($0) }
                usedTheGrid = usedTheGrid || wide.widePaintIndex != nil && offered.count < wide.subnodes.count
                let order = offered.map { child in wide.subnodes.firstIndex { $0 === child }! }
                #expect(order == order.sorted() && Set(order).count == order.count, "seed \(seed) round \(round): not back to front")
                let names = Set(offered.map(\.name))
                let missing = meeting(wide, rect).filter { !names.contains($0) }
                #expect(missing.isEmpty, "seed \(seed) round \(round) rect \(rect): \(missing) not offered")
                if !missing.isEmpty { return }
            }
            // Random moves, resizes, slop, scroll and clipping changes, changes deep inside
            // a subnode, inserts, removals and reorders.
            for _ in 0..<Int.random(in: 1...30, using: &scene.rng) {
                let children = wide.subnodes
                let child = children[Int.random(in: 0..<children.count, using: &scene.rng)]
                switch Int.random(in: 0..<8, using: &scene.rng) {
                case 0: child.frame = scene.frame()
                case 1: child.hitTestSlop = EdgeInsets(all: scene.number(-30...6))
                case 2: child.removeFromSupernode()
                case 3: wide.insertSubnode(scene.makeChild(), at: Int.random(in: 0...children.count, using: &scene.rng))
                case 4: wide.insertSubnode(child, at: Int.random(in: 0...children.count, using: &scene.rng))
                case 5: child.clipsToBounds.toggle()
                case 6: (child as? ScrollNode)?.contentOffset = Point(x: scene.number(-100...100), y: scene.number(-100...100))
                default: child.subnodes.first?.frame = scene.frame()
                }
            }
        }
        #expect(usedTheGrid)
    }

    /// Scrolling moves a scroll node's bounds origin, not its subnodes' extents in its own
    /// coordinates: the grid over them survives the scroll (a scroll frame costs the same with
    /// 100 or 100,000 rows), and a change to a subnode after a scroll still drops it.
    @Test(arguments: 0..<6)
    func scrollingKeepsTheContentGridWhichStaysExactAndAChangedSubnodeStillDropsIt(seed: Int) {
        var scene = Scene(rng: SplitMix64(seed: UInt64(500 + seed)))
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let scroll = ScrollNode(name: "scroll", frame: Rect(x: 0, y: 0, width: 800, height: 800))
        root.addSubnode(scroll)
        for _ in 0..<Int.random(in: 200...1200, using: &scene.rng) { scroll.addSubnode(scene.makeChild()) }
        func check(_ rect: Rect, _ context: String) {
            var offered: [String] = []
            scroll.forEachSubnode(mayMeet: rect) { offered.append($0.name) }
            let missing = meeting(scroll, rect).filter { !offered.contains($0) }
            #expect(missing.isEmpty, "seed \(seed) \(context): \(missing) not offered")
        }
        for round in 0..<8 {
            for _ in 0..<WideChildIndex.paintsBeforeBuilding + 1 {
                check(Rect(origin: scroll.contentOffset, size: scroll.frame.size), "round \(round) before the scroll")
            }
            #expect(scroll.widePaintIndex != nil)
            scroll.contentOffset = Point(x: scene.number(-200...1600), y: scene.number(-200...1600))
            _ = root.subtreeExtent
            #expect(scroll.widePaintIndex != nil, "seed \(seed) round \(round): a scroll dropped the grid")
            check(Rect(origin: scroll.contentOffset, size: scroll.frame.size), "round \(round) after the scroll")
            let child = scroll.subnodes[Int.random(in: 0..<scroll.subnodes.count, using: &scene.rng)]
            // A subnode moved, or a node inside one whose extent reaches out of it (a clipping
            // subnode's extent does not depend on what it holds, so its grid entry stays right).
            let direct = round.isMultiple(of: 2) || child.subnodes.isEmpty
            if direct { child.frame = scene.frame() } else { child.subnodes[0].frame = scene.frame() }
            if direct || !child.clipsToBounds {
                #expect(scroll.widePaintIndex == nil, "seed \(seed) round \(round): a changed subnode kept the grid")
            }
            check(Rect(origin: scroll.contentOffset, size: scroll.frame.size), "round \(round) after a change")
        }
    }
}

/// The overlay collects the tappable areas a damaged rect meets through the same grid; it
/// must give exactly the areas of the full list whose drawn bound meets the rect.
@Suite struct WideTappableAreaCullingTests {
    @Test(arguments: 0..<8)
    func areasMeetingARectAmongManySiblingsAreExactlyTheFilteredFullList(seed: Int) {
        var rng = SplitMix64(seed: UInt64(100 + seed))
        func number(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 2 }
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let wide = ScrollNode(name: "wide", frame: Rect(x: 10, y: 10, width: 900, height: 900))
        wide.contentOffset = Point(x: number(-100...100), y: number(-100...100))
        wide.hitTestSlop = EdgeInsets(all: number(-40...0))
        root.addSubnode(wide)
        for i in 0..<Int.random(in: 40...600, using: &rng) {
            let frame = Rect(x: number(-100...1900), y: number(-100...1900), width: number(0...120), height: number(0...120))
            let node: Node = i % 3 == 0 ? Node(name: "n\(i)", frame: frame) : ButtonNode(name: "b\(i)", frame: frame)
            node.hitTestSlop = EdgeInsets(all: number(-30...4))
            if i % 5 == 0 { node.addSubnode(ButtonNode(name: "inner\(i)", frame: Rect(x: number(-60...60), y: number(-60...60), width: 30, height: 30))) }
            node.clipsToBounds = i % 7 == 0
            wide.addSubnode(node)
        }
        let window = Window(root: root, size: Size(width: 1000, height: 1000))
        for round in 0..<6 {
            for _ in 0..<12 {
                let probe = Rect(x: number(-100...2000), y: number(-100...2000), width: number(0...300), height: number(0...300))
                let expected = TappableArea.all(in: window).filter { !Box($0.drawnBound).intersecting(Box(probe)).isEmpty }
                #expect(TappableArea.all(in: window, intersecting: probe).map(\.control.name) == expected.map(\.control.name),
                        "seed \(seed) round \(round) probe \(probe)")
            }
            let children = wide.subnodes
            for _ in 0..<5 {
                let child = children[Int.random(in: 0..<children.count, using: &rng)]
                child.frame.origin = Point(x: number(-100...1900), y: number(-100...1900))
            }
        }
    }
}
