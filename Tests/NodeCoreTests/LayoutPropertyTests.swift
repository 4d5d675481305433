import Testing
import PropertyBased
import SeededRandom
@testable import NodeCore

// behaviour.md §15 under random trees, styles and window sizes: a layout is idempotent,
// an incremental layout after random changes equals a layout from scratch of the changed
// tree, and every frame is in whole points.

/// A random tree: each node picks its parent among those before it and draws its style,
/// container layout and text from its seed; changes redraw one node's from a new seed.
struct RandomLayoutTree {
    let nodes: [Node]

    init(_ specs: [(parent: Int, seed: Int)]) {
        var nodes: [Node] = []
        for (index, spec) in specs.enumerated() {
            var rng = SplitMix64(seed: UInt64(spec.seed))
            let node: Node = index > 0 && Int.random(in: 0..<4, using: &rng) == 0 ? TextNode(name: "n\(index)") : Node(name: "n\(index)")
            if index > 0 {
                let parent = nodes[spec.parent % nodes.count]
                // A parent without layout gives its children frames; most parents lay theirs out.
                if parent.layout == nil, !(parent is TextNode), Int.random(in: 0..<5, using: &rng) > 0 {
                    parent.layout = FlexLayout()
                }
                node.frame = Rect(x: Double(Int.random(in: 0...100, using: &rng)), y: Double(Int.random(in: 0...100, using: &rng)),
                                  width: Double(Int.random(in: 0...200, using: &rng)), height: Double(Int.random(in: 0...200, using: &rng)))
                parent.addSubnode(node)
            } else {
                node.layout = FlexLayout()
            }
            RandomLayoutTree.draw(node, seed: spec.seed &+ 1)
            nodes.append(node)
        }
        self.nodes = nodes
    }

    /// Redraws `node`'s style, layout parameters and text from `seed`.
    static func draw(_ node: Node, seed: Int) {
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: seed))
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
        func length(auto: Int = 40) -> LayoutDimension {
            if chance(auto) { return .auto }
            if chance(25) { return .percent(pick([25, 50, 75, 100, 33])) }
            return .points(Double(Int.random(in: 0...400, using: &rng)) / 2)
        }
        func limit() -> LayoutDimension { chance(85) ? .auto : .points(Double(Int.random(in: 0...300, using: &rng))) }
        var style = LayoutStyle()
        style.width = length()
        style.height = length()
        style.minWidth = limit()
        style.maxWidth = limit()
        style.minHeight = limit()
        style.maxHeight = limit()
        if chance(35) { style.grow = pick([1, 2, 0.5]) }
        if chance(30) { style.shrink = pick([1, 2]) }
        if chance(20) { style.basis = length(auto: 0) }
        if chance(20) { style.alignSelf = pick(AlignItems.allCases) }
        if chance(25) {
            let side = { () -> LayoutDimension in chance(10) ? .auto : .points(Double(Int.random(in: 0...20, using: &rng))) }
            style.margin = LayoutEdges(top: side(), left: side(), bottom: side(), right: side())
        }
        if chance(10) {
            style.position = .absolute
            style.left = chance(50) ? length(auto: 0) : .auto
            style.right = chance(50) ? length(auto: 0) : .auto
            style.top = chance(50) ? length(auto: 0) : .auto
            style.bottom = chance(50) ? length(auto: 0) : .auto
            if chance(30) { style.start = length(auto: 0) }
        } else if chance(10) {
            style.left = length(auto: 0)
        }
        if chance(10) { style.aspectRatio = pick([0.5, 1, 2, 1.5]) }
        if chance(5) { style.display = .none }
        node.style = style
        if node.layout != nil {
            var layout = FlexLayout()
            layout.direction = pick(FlexDirection.allCases)
            layout.justifyContent = pick(JustifyContent.allCases)
            layout.alignItems = pick(AlignItems.allCases)
            layout.alignContent = pick(AlignContent.allCases)
            if chance(30) { layout.wrap = pick([.wrap, .wrapReverse]) }
            if chance(25) { layout.padding = EdgeInsets(all: Double(Int.random(in: 0...12, using: &rng))) }
            if chance(25) { layout.gap = Double(Int.random(in: 0...10, using: &rng)) }
            if chance(15) { layout.rowGap = Double(Int.random(in: 0...10, using: &rng)) }
            if chance(15) { layout.writingDirection = pick([.ltr, .rtl]) }
            node.layout = layout
        }
        if let text = node as? TextNode {
            text.text = Array(repeating: "aaaaa", count: Int.random(in: 0...12, using: &rng)).joined(separator: " ")
            text.fontSize = pick([10, 14, 20, 13.5])
        } else if chance(10) {
            node.label = chance(50) ? "aaa" : "aaaaa aaaaa aa"
        }
    }

    /// Every node's frame, in order.
    var frames: [Rect] { nodes.map(\.frame) }
}

@Suite struct LayoutPropertyTests {
    static let spec = zip(Gen.int(in: 0...1000), Gen.int(in: 0...1_000_000)).map { (parent: $0, seed: $1) }
    static let change = zip(Gen.int(in: 0...1000), Gen.int(in: 0...1_000_000), Gen.int(in: 0...5))
    static let size = zip(Gen.int(in: 40...1600), Gen.int(in: 40...1200))

    /// Makes two trees of `specs`, lays the first out at `first`, applies every change
    /// (`kind` 0 adds a word to a text, 1 toggles `display`, else the node is drawn again from
    /// `seed`) to both, laying the first out again after the changes `laysOutAfter` picks,
    /// then lays the first out at `second` with the same measurer. The second tree is not laid out.
    static func changedTrees(_ specs: [(parent: Int, seed: Int)], _ changes: [(pick: Int, seed: Int, kind: Int)],
                             first: Size, second: Size, laysOutAfter: (_ seed: Int) -> Bool)
        -> (live: RandomLayoutTree, other: RandomLayoutTree) {
        let measurer = FakeMeasurer()
        let live = RandomLayoutTree(specs), other = RandomLayoutTree(specs)
        live.nodes[0].layoutIfNeeded(size: first, measurer: measurer)
        for (pick, seed, kind) in changes {
            for tree in [live, other] {
                let node = tree.nodes[pick % tree.nodes.count]
                switch kind {
                case 0: (node as? TextNode)?.text += " aaa"
                case 1: node.style.display = node.style.display == .none ? .flex : .none
                default: RandomLayoutTree.draw(node, seed: seed)
                }
            }
            if laysOutAfter(seed) { live.nodes[0].layoutIfNeeded(size: first, measurer: measurer) }
        }
        live.nodes[0].layoutIfNeeded(size: second, measurer: measurer)
        return (live, other)
    }

    /// The nodes whose frames differ between two trees of the same specs, with both frames.
    /// A shrunk case's tree specs: `count` nodes under the root unless `set` says otherwise.
    static func shrunkSpecs(count: Int, _ set: [Int: (Int, Int)]) -> [(parent: Int, seed: Int)] {
        (0 ..< count).map { index in set[index].map { (parent: $0.0, seed: $0.1) } ?? (parent: 0, seed: 0) }
    }

    static func differingFrames(_ a: RandomLayoutTree, _ b: RandomLayoutTree) -> [String] {
        zip(a.frames, b.frames).enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "n\($0.offset): \($0.element.0) vs \($0.element.1)" }
    }

    static func windowSize(_ pair: (Int, Int)) -> Size { Size(width: Double(pair.0), height: Double(pair.1)) }

    /// A case the property test below found (shrunk): a cache entry shared by two inputs that
    /// differ in what a percent or basis of the style reads gave the incremental pass a
    /// stale size.
    @Test func incrementalLayoutEqualsALayoutFromScratchWhereAStyleReadsPercents() {
        var specs: [(parent: Int, seed: Int)] = Array(repeating: (parent: 0, seed: 0), count: 8)
        specs += [(parent: 12, seed: 0), (parent: 0, seed: 0), (parent: 748, seed: 1), (parent: 0, seed: 0),
                  (parent: 0, seed: 0), (parent: 0, seed: 0)]
        let second = Size(width: 43, height: 40)
        let (live, scratch) = Self.changedTrees(specs, [(704, 830701, 2), (372, 493412, 2)],
                                                first: Size(width: 40, height: 40), second: second) { $0 % 2 == 0 }
        scratch.nodes[0].layoutIfNeeded(size: second, measurer: FakeMeasurer())
        #expect(Self.differingFrames(live, scratch).isEmpty)
    }

    /// A case the property test below found (shrunk): sizing a baseline-aligned row laid its
    /// item out at the sizing's size, and the next pass, answering the row's full layout from
    /// its cache, applied the item's child at that size.
    @Test func incrementalLayoutEqualsALayoutFromScratchWhereSizingABaselineRowLaysAnItemOut() {
        let specs = Self.shrunkSpecs(count: 25, [1: (0, 483569), 3: (658, 0), 21: (885, 631169), 24: (525, 0)])
        let second = Size(width: 164, height: 141)
        let (live, scratch) = Self.changedTrees(specs, [(453, 609042, 2), (49, 22714, 2)],
                                                first: Size(width: 163, height: 141), second: second) { $0 % 2 == 0 }
        scratch.nodes[0].layoutIfNeeded(size: second, measurer: FakeMeasurer())
        #expect(Self.differingFrames(live, scratch).isEmpty)
    }

    /// A case the property test below found (shrunk): showing a node again laid out a
    /// layout root whose text parent the same pass hid, so a node under it kept a frame.
    @Test func cachedLayoutEqualsALayoutWithoutCachesWhereShowingANodeLaysOutARootUnderAHiddenOne() {
        let specs = Self.shrunkSpecs(count: 32, [12: (13, 7), 15: (162, 300151), 25: (915, 0), 29: (924, 1)])
        let size = Self.windowSize((40, 40))
        let (live, reference) = Self.changedTrees(specs, [(481, 0, 1)], first: size, second: size) { _ in true }
        reference.nodes[0].layOutWithoutCaches(size: size, measurer: FakeMeasurer())
        let differing = Self.differingFrames(live, reference)
        #expect(differing.isEmpty, "\(differing)")
    }

    /// A case the property test below found (shrunk): hiding a node, then its ancestor.
    @Test func cachedLayoutEqualsALayoutWithoutCachesWhereANodeAndThenItsAncestorAreHidden() {
        let specs = Self.shrunkSpecs(count: 30, [7: (668, 14506), 11: (876, 0), 15: (11, 1)])
        let size = Self.windowSize((40, 40))
        let (live, reference) = Self.changedTrees(specs, [(127, 0, 1), (423, 0, 1)], first: size, second: size) { _ in true }
        reference.nodes[0].layOutWithoutCaches(size: size, measurer: FakeMeasurer())
        let differing = Self.differingFrames(live, reference)
        #expect(differing.isEmpty, "\(differing)")
    }

    /// A case the property test below found (shrunk): a parent shown again while a child that
    /// hid the layout root below it was shown in the same pass.
    @Test func incrementalLayoutEqualsALayoutFromScratchWhereAParentAndAHiddenChildAreShownAgain() {
        let specs: [(parent: Int, seed: Int)] = [(0, 0), (0, 0), (0, 1), (323, 0), (891, 4270), (0, 0), (928, 1)]
        let size = Self.windowSize((40, 40))
        let (live, scratch) = Self.changedTrees(specs, [(324, 0, 1), (220, 0, 1), (891, 0, 1)], first: size, second: size) { $0 % 2 == 0 }
        scratch.nodes[0].layoutIfNeeded(size: size, measurer: FakeMeasurer())
        let differing = Self.differingFrames(live, scratch)
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test func incrementalLayoutAfterRandomChangesEqualsALayoutFromScratch() async {
        await propertyCheck(count: 300, input: Self.spec.array(of: 1...40), Self.change.array(of: 1...8), Self.size, Self.size) {
            specs, changes, firstSize, secondSize in
            // Half the changes are laid out one by one, the rest together.
            let (live, scratch) = Self.changedTrees(specs, changes.map { ($0.0, $0.1, $0.2) }, first: Self.windowSize(firstSize),
                                                    second: Self.windowSize(secondSize)) { $0 % 2 == 0 }
            scratch.nodes[0].layoutIfNeeded(size: Self.windowSize(secondSize), measurer: FakeMeasurer())
            let differing = Self.differingFrames(live, scratch)
            #expect(differing.isEmpty, "\(differing)")
        }
    }

    @Test func cachedLayoutAfterRandomChangesEqualsALayoutWithoutCaches() async {
        await propertyCheck(count: 300, input: Self.spec.array(of: 1...40), Self.change.array(of: 1...8), Self.size, Self.size) {
            specs, changes, firstSize, secondSize in
            let (live, reference) = Self.changedTrees(specs, changes.map { ($0.0, $0.1, $0.2) }, first: Self.windowSize(firstSize),
                                                      second: Self.windowSize(secondSize)) { _ in true }
            reference.nodes[0].layOutWithoutCaches(size: Self.windowSize(secondSize), measurer: FakeMeasurer())
            let differing = Self.differingFrames(live, reference)
            #expect(differing.isEmpty, "\(differing)")
        }
    }

    @Test func layoutIsIdempotentAndFramesAreWholePoints() async {
        await propertyCheck(count: 300, input: Self.spec.array(of: 1...40), Self.size) { specs, size in
            let tree = RandomLayoutTree(specs)
            let window = Size(width: Double(size.0), height: Double(size.1))
            tree.nodes[0].layoutIfNeeded(size: window, measurer: FakeMeasurer())
            let first = tree.frames
            for node in tree.nodes { node.setNeedsLayout() }
            tree.nodes[0].layoutIfNeeded(size: window, measurer: FakeMeasurer())
            #expect(tree.frames == first)
            let fractional = tree.nodes.filter { node in
                let f = node.frame
                return [f.minX, f.minY, f.width, f.height].contains { $0 != $0.rounded() }
            }
            // Frames the layout did not set (children of nodes without layout) are whole in this test too.
            #expect(fractional.isEmpty, "\(fractional.map { "\($0.name) \($0.frame)" })")
        }
    }
}
