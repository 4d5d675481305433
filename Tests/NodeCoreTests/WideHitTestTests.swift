import PropertyBased
import SeededRandom
import Testing
@testable import NodeCore

/// Hit testing among many siblings goes through a grid of their hit extents; these pin
/// that it answers exactly as the plain walk of behaviour.md §2 does, whatever changed.
@Suite struct WideHitTestTests {
    /// Touchable on a disc twice its size around its center: far past its slopRect.
    final class HaloNode: Node {
        override func pointInside(_ point: Point) -> Bool {
            let dx = point.x - bounds.midX, dy = point.y - bounds.midY
            return dx * dx + dy * dy < frame.width * frame.width + 1
        }
    }

    /// The plain walk: every subnode, frontmost first, through `pointInside`.
    private func plainHitTest(_ node: Node, _ p: Point) -> Node? {
        guard node.isHittable, node.pointInside(p) else { return nil }
        for child in node.subnodes.reversed() {
            let q = Point(x: p.x - child.frame.minX + child.boundsOrigin.x, y: p.y - child.frame.minY + child.boundsOrigin.y)
            if let hit = plainHitTest(child, q) { return hit }
        }
        return node
    }

    private struct Scene {
        var rng: SplitMix64
        var counter = 0

        mutating func number(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }

        mutating func frame() -> Rect {
            Rect(x: number(-20...980), y: number(-20...980), width: number(0...60), height: number(0...60))
        }

        mutating func makeChild() -> Node {
            counter += 1
            let node: Node
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: node = HaloNode(name: "halo\(counter)", frame: frame())
            case 1:
                let scroll = ScrollNode(name: "scroll\(counter)", frame: frame())
                for _ in 0..<3 { scroll.addSubnode(Node(name: "content\(counter)-\(scroll.subnodes.count)", frame: frame())) }
                scroll.contentOffset = Point(x: number(-30...30), y: number(-30...30))
                node = scroll
            case 2: node = ButtonNode(name: "button\(counter)", frame: frame())
            case 3:
                node = Node(name: "shape\(counter)", frame: frame())
                node.hitShape = Bool.random(using: &rng) ? .ellipse
                    : .bands([Rect(x: number(-40...0), y: number(-40...0), width: number(0...90), height: number(0...20))])
            default: node = Node(name: "n\(counter)", frame: frame())
            }
            if Int.random(in: 0..<4, using: &rng) == 0 { node.hitTestSlop = EdgeInsets(all: number(-15...5)) }
            switch Int.random(in: 0..<30, using: &rng) {
            case 0: node.isHidden = true
            case 1: node.isUserInteractionEnabled = false
            case 2: node.alpha = 0.005
            case 3: node.addSubnode(Node(name: "inner\(counter)", frame: Rect(x: 5, y: 5, width: 200, height: 200)))
            default: break
            }
            return node
        }
    }

    @Test(arguments: 0..<12)
    func theIndexedWalkHitsWhatThePlainWalkHitsAfterRandomChanges(seed: Int) {
        var scene = Scene(rng: SplitMix64(seed: UInt64(seed)))
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let wide = Node(name: "wide", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        wide.hitTestSlop = EdgeInsets(all: -40)
        root.addSubnode(wide)
        for _ in 0..<Int.random(in: 100...1500, using: &scene.rng) { wide.addSubnode(scene.makeChild()) }
        let window = Window(root: root, size: Size(width: 1000, height: 1000))
        for round in 0..<8 {
            for _ in 0..<300 {
                let p = Point(x: scene.number(-60...1060) + 0.5, y: scene.number(-60...1060) + 0.25)
                let expected = plainHitTest(root, p)
                let actual = window.hitTest(p)
                #expect(actual === expected, "seed \(seed) round \(round) at \(p): \(actual?.name ?? "nil") instead of \(expected?.name ?? "nil")")
                if actual !== expected { return }
            }
            // Random moves, resizes, slop and shape changes, inserts, removals and reorders.
            for _ in 0..<Int.random(in: 1...40, using: &scene.rng) {
                let children = wide.subnodes
                let child = children[Int.random(in: 0..<children.count, using: &scene.rng)]
                switch Int.random(in: 0..<7, using: &scene.rng) {
                case 0: child.frame = scene.frame()
                case 1: child.frame.origin = Point(x: scene.number(-20...980), y: scene.number(-20...980))
                case 2: child.hitTestSlop = EdgeInsets(all: scene.number(-25...5))
                case 3: child.removeFromSupernode()
                case 4: wide.insertSubnode(scene.makeChild(), at: Int.random(in: 0...children.count, using: &scene.rng))
                case 5: wide.insertSubnode(child, at: Int.random(in: 0...children.count, using: &scene.rng))
                default: child.hitShape = child.hitShape == nil ? .ellipse : nil
                }
            }
        }
    }

    @Test func aWideContainerBuildsItsIndexAfterAFewWalksAndDropsItOnAChange() {
        let wide = Node(name: "wide", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for i in 0..<WideChildIndex.minimumChildren {
            wide.addSubnode(Node(name: "n\(i)", frame: Rect(x: Double(i), y: 0, width: 1, height: 1)))
        }
        for _ in 0..<WideChildIndex.walksBeforeBuilding {
            #expect(wide.hitTest(Point(x: 5.5, y: 0.5))?.name == "n5")
            #expect(wide.wideChildIndex == nil, "the first hit tests walk the subnodes")
        }
        #expect(wide.hitTest(Point(x: 5.5, y: 0.5))?.name == "n5")
        let index = wide.wideChildIndex
        #expect(index != nil)
        #expect(wide.hitTest(Point(x: 7.5, y: 0.5))?.name == "n7")
        #expect(wide.wideChildIndex === index, "kept while nothing changes")
        wide.subnodes[7].frame.origin = Point(x: 50, y: 50)
        #expect(wide.wideChildIndex == nil, "a moved child drops it")
        #expect(wide.hitTest(Point(x: 7.5, y: 0.5))?.name == "wide")
        #expect(wide.hitTest(Point(x: 50.5, y: 50.5))?.name == "n7")
        for _ in 0..<WideChildIndex.walksBeforeBuilding { _ = wide.hitTest(Point(x: 1.5, y: 0.5)) }
        #expect(wide.wideChildIndex != nil, "built again after as many walks")
        #expect(wide.hitTest(Point(x: 50.5, y: 50.5))?.name == "n7")
    }
    /// How many children the index offers at `point` (the wide node's coordinates).
    private func candidateCount(_ index: WideChildIndex, at point: Point) -> Int {
        var count = 0
        index.forEachCandidate(at: point) { _ in
            count += 1
            return false
        }
        return count
    }

    @Test func aPointInAGridOfButtonsHasAtMostFourCandidatesWhateverTheirNumber() {
        for side in [10, 100, 300] {
            let wide = Node(name: "wide", frame: Rect(x: 0, y: 0, width: Double(side) * 48, height: Double(side) * 48))
            for i in 0..<(side * side) {
                wide.addSubnode(ButtonNode(name: "b\(i)", frame: Rect(x: Double(i % side) * 48 + 4, y: Double(i / side) * 48 + 4,
                                                                      width: 40, height: 40)))
            }
            let index = WideChildIndex(children: wide.subnodes)
            var rng = SplitMix64(seed: UInt64(side))
            for _ in 0..<500 {
                let p = Point(x: Double.random(in: 0..<wide.frame.width, using: &rng),
                              y: Double.random(in: 0..<wide.frame.height, using: &rng))
                #expect(candidateCount(index, at: p) <= 4, "\(side * side) buttons, at \(p)")
            }
        }
    }

    @Test func scatteredChildrenOfOneSizeGiveAsManyCandidatesAsOverlapThereNotAsManyAsThereAre() {
        // 100,000 squares of 4–40 pt over 1024 × 1024 pt: about 46 cover a point on average.
        var rng = SplitMix64(seed: 7)
        let wide = Node(name: "wide", frame: Rect(x: 0, y: 0, width: 1024, height: 1024))
        for i in 0..<100_000 {
            wide.addSubnode(Node(name: "c\(i)", frame: Rect(x: Double.random(in: 0..<1024, using: &rng),
                                                            y: Double.random(in: 0..<1024, using: &rng),
                                                            width: Double.random(in: 4...40, using: &rng),
                                                            height: Double.random(in: 4...40, using: &rng))))
        }
        let index = WideChildIndex(children: wide.subnodes)
        var total = 0
        for _ in 0..<1000 {
            total += candidateCount(index, at: Point(x: Double.random(in: 0..<1024, using: &rng),
                                                     y: Double.random(in: 0..<1024, using: &rng)))
        }
        #expect(total / 1000 < 400, "\(total / 1000) candidates per point on average")
    }

    /// Children of very different sizes and places (specks, rows, backgrounds, far-off
    /// nodes), resized, moved, inserted and removed between hit tests: the grid's cells
    /// follow the children's sizes, and the answer is always the plain walk's.
    @Test func theIndexedWalkHitsWhatThePlainWalkHitsForAnyMixOfSizes() async {
        // (x, y, log2 width, log2 height, slop) per child, then the changes.
        let child = zip(Gen.int(in: -2000...2000), Gen.int(in: -2000...2000), Gen.int(in: -6...12),
                        Gen.int(in: -6...12), Gen.int(in: -8...2))
        let change = zip(Gen.int(in: 0...3), Gen.int(in: 0...100_000), Gen.int(in: -2000...2000), Gen.int(in: -2000...2000))
        await propertyCheck(count: 60, input: child.array(of: 32...400), change.array(of: 0...20)) { specs, changes in
            func frame(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Rect {
                Rect(x: 1000 + Double(x) / 2, y: 1000 + Double(y) / 2, width: Double(1 << (w + 6)) / 64, height: Double(1 << (h + 6)) / 64)
            }
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 3000, height: 3000))
            for (i, spec) in specs.enumerated() {
                let node = i % 7 == 0 ? ButtonNode(name: "n\(i)", frame: .zero) : Node(name: "n\(i)", frame: .zero)
                node.frame = frame(spec.0, spec.1, spec.2, spec.3)
                node.hitTestSlop = EdgeInsets(all: Double(spec.4))
                root.addSubnode(node)
            }
            let window = Window(root: root, size: Size(width: 3000, height: 3000))
            var rng = SplitMix64(seed: UInt64(specs.count * 31 + changes.count))
            func check(_ when: String) -> Bool {
                for _ in 0..<100 {
                    let p = Point(x: Double.random(in: 0..<3000, using: &rng), y: Double.random(in: 0..<3000, using: &rng))
                    let expected = plainHitTest(root, p), actual = window.hitTest(p)
                    #expect(actual === expected, "\(when) at \(p): \(actual?.name ?? "nil") instead of \(expected?.name ?? "nil")")
                    if actual !== expected { return false }
                }
                return true
            }
            guard check("built") else { return }
            for (op, pick, x, y) in changes {
                let children = root.subnodes
                let node = children[pick % children.count]
                switch op {
                case 0: node.frame = frame(x, y, pick % 19 - 6, (pick / 19) % 19 - 6)
                case 1: node.removeFromSupernode()
                case 2: root.insertSubnode(Node(name: "new\(pick)", frame: frame(x, y, pick % 19 - 6, pick % 13 - 6)),
                                           at: pick % (children.count + 1))
                default: node.hitTestSlop = EdgeInsets(all: Double(x % 9))
                }
                guard check("after \(op) on \(node.name)") else { return }
            }
        }
    }
}

