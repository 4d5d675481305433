import Testing
@testable import NodeCore

// behaviour.md §15: a pass lays out only what changed, sets only the frames that change
// (so damage covers only what moved), and never cancels a touch.

/// Records which nodes it measured.
final class RecordingMeasurer: LayoutMeasuring {
    let inner = FakeMeasurer()
    var measured: [String] = []

    func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        measured.append(node.name)
        return inner.measure(node, offeredWidth: offeredWidth)
    }
}

/// Answers one size for every offer, and says so; counts the questions.
final class OfferIndependentMeasurer: LayoutMeasuring {
    var calls = 0

    func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        calls += 1
        return LayoutMeasurement(size: Size(width: 40, height: 20), sameFromOfferedWidth: 0)
    }
}

@Suite struct LayoutIncrementalTests {
    private func column(_ window: inout Window?) -> (Node, [TextNode]) {
        let root = container("root", FlexLayout(alignItems: .flexStart))
        let texts = (0..<3).map { index -> TextNode in
            let text = TextNode(name: "t\(index)")
            text.text = "aaaaa"
            root.addSubnode(text)
            return text
        }
        window = Window(root: root, size: Size(width: 200, height: 400))
        return (root, texts)
    }

    @Test func relayoutAfterATextChangeMeasuresOnlyThatText() {
        var window: Window?
        let (_, texts) = column(&window)
        let measurer = RecordingMeasurer()
        window!.layoutIfNeeded(measurer: measurer)
        #expect(Set(measurer.measured) == ["t0", "t1", "t2"])
        measurer.measured = []
        texts[1].text = "aaaaa aaaaa"
        window!.layoutIfNeeded(measurer: measurer)
        #expect(!measurer.measured.isEmpty)
        #expect(Set(measurer.measured) == ["t1"])
    }

    /// A node laid out by `layout`, growing by `grow` from `basis` (the style's defaults).
    private func container(_ name: String, _ layout: FlexLayout, grow: Double = 0, basis: LayoutDimension = .auto) -> Node {
        let node = Node(name: name)
        node.layout = layout
        node.style.grow = grow
        node.style.basis = basis
        return node
    }

    /// Sections of rows of cards of texts and spacers, as the layout benchmark's tree.
    private func nestedStacks() -> (Node, [TextNode]) {
        let root = container("root", FlexLayout(padding: EdgeInsets(all: 8), gap: 8))
        var texts: [TextNode] = []
        for s in 0..<3 {
            let section = container("s\(s)", FlexLayout(gap: 2), grow: 1)
            root.addSubnode(section)
            for r in 0..<3 {
                let row = container("s\(s)r\(r)", FlexLayout(direction: .row, alignItems: .center, gap: 4), grow: 1)
                section.addSubnode(row)
                for c in 0..<3 {
                    let card = container("s\(s)r\(r)c\(c)", FlexLayout(padding: EdgeInsets(all: 4), gap: 2), grow: 1, basis: 0)
                    row.addSubnode(card)
                    let text = TextNode(name: card.name + "t")
                    text.text = "aaaaa aaaaa"
                    card.addSubnode(text)
                    texts.append(text)
                    let spacer = Node(name: card.name + "g")
                    spacer.style.grow = 1
                    card.addSubnode(spacer)
                }
            }
        }
        return (root, texts)
    }

    @Test func relayoutAfterOneLeafChangeComputesOnlyThePathAboveIt() {
        let (root, texts) = nestedStacks()
        let window = Window(root: root, size: Size(width: 600, height: 400))
        window.layoutIfNeeded(measurer: FakeMeasurer())
        var before: [String: Int] = [:]
        root.forEachInSubtree { before[$0.name] = $0.layoutState.computations }
        let leaf = texts[13]
        leaf.text = "aaaaa aaaaa aaaaa"
        window.layoutIfNeeded(measurer: FakeMeasurer())
        var computed: Set<String> = []
        root.forEachInSubtree { if $0.layoutState.computations != before[$0.name] { computed.insert($0.name) } }
        var path: Set<String> = []
        var node: Node? = leaf
        while let current = node {
            path.insert(current.name)
            node = current.supernode
        }
        #expect(path.count == 5)
        #expect(computed == path)
        #expect(leaf.frame.width == leaf.supernode!.frame.width - 8)
    }

    /// A column over a wrapping row of cards (a picture, a wrapped name, a price, a row of a
    /// button, a spacer and a count), as the resize benchmark's product grid.
    private func cardGrid() -> Node {
        let root = container("root", FlexLayout(padding: EdgeInsets(all: 12), gap: 12))
        let grid = container("grid", FlexLayout(direction: .row, wrap: .wrap, gap: 8))
        root.addSubnode(grid)
        for index in 0..<12 {
            let card = container("card\(index)", FlexLayout(padding: EdgeInsets(all: 6), gap: 4), grow: 1, basis: 150)
            let picture = Node(name: "picture\(index)")
            picture.style.height = 40
            let name = TextNode(name: "name\(index)")
            name.text = Array(repeating: "aaaaa", count: 2 + index % 5).joined(separator: " ")
            let price = Node(name: "price\(index)")
            price.label = "aaa"
            let actions = container("actions\(index)", FlexLayout(direction: .row, alignItems: .center, gap: 4))
            let button = ButtonNode(name: "add\(index)")
            button.label = "aaa"
            let spacer = Node(name: "space\(index)")
            spacer.style.grow = 1
            let count = Node(name: "count\(index)")
            count.label = "aa"
            for child in [button, spacer, count] { actions.addSubnode(child) }
            for child in [picture, name, price, actions] { card.addSubnode(child) }
            grid.addSubnode(card)
        }
        return root
    }

    /// A window dragged wider changes every card's width: each container in a card is
    /// computed once for its size and once for its layout, not again for each question its
    /// container asks (a percent base its style does not read is not part of the question),
    /// and each leaf at most once more (its flex base size, offered the new room).
    @Test func aWidthChangeComputesEachContainerOfACardOnceForItsSizeAndOnceForItsLayout() {
        let root = cardGrid()
        let window = Window(root: root, size: Size(width: 800, height: 600))
        let measurer = FakeMeasurer()
        window.layoutIfNeeded(measurer: measurer)
        for width in [802.0, 804, 806] {
            var before: [String: Int] = [:]
            root.forEachInSubtree { before[$0.name] = $0.layoutState.computations }
            window.size = Size(width: width, height: 600)
            window.layoutIfNeeded(measurer: measurer)
            var containers: [String: Int] = [:], leaves: [String: Int] = [:]
            for card in root.subnodes[0].subnodes {
                card.forEachInSubtree { node in
                    let count = node.layoutState.computations - before[node.name]!
                    if node.subnodes.isEmpty { leaves[node.name] = count } else { containers[node.name] = count }
                }
            }
            #expect(containers.count == 24 && containers.values.allSatisfy { $0 == 2 }, "\(containers)")
            #expect(leaves.count == 72 && leaves.values.allSatisfy { $0 <= 3 }, "\(leaves)")
        }
        let reference = cardGrid()
        reference.layOutWithoutCaches(size: Size(width: 806, height: 600), measurer: FakeMeasurer())
        var frames: [String: Rect] = [:]
        reference.forEachInSubtree { frames[$0.name] = $0.frame }
        root.forEachInSubtree { #expect($0.frame == frames[$0.name], "\($0.name)") }
    }

    @Test func aMeasurementThatHoldsForWiderOffersIsNotAskedForAgainWhenTheWindowWidens() {
        let root = container("root", FlexLayout(direction: .row, alignItems: .flexStart))
        let label = Node(name: "label")
        label.label = "Pay"
        root.addSubnode(label)
        let window = Window(root: root, size: Size(width: 200, height: 100))
        let measurer = OfferIndependentMeasurer()
        window.layoutIfNeeded(measurer: measurer)
        #expect(measurer.calls == 1)
        for width in [300.0, 260, 500] {
            window.size = Size(width: width, height: 100)
            window.layoutIfNeeded(measurer: measurer)
        }
        #expect(measurer.calls == 1)
        #expect(label.frame == rect(0, 0, 40, 20))
        label.label = "Pay now"
        window.layoutIfNeeded(measurer: measurer)
        #expect(measurer.calls == 2)
    }

    @Test func aPassWithNothingChangedMeasuresAndDamagesNothing() {
        var window: Window?
        _ = column(&window)
        let measurer = RecordingMeasurer()
        window!.layoutIfNeeded(measurer: measurer)
        _ = window!.takeInvalidations()
        measurer.measured = []
        window!.layoutIfNeeded(measurer: measurer)
        #expect(measurer.measured.isEmpty)
        #expect(window!.takeInvalidations().isEmpty)
        #expect(!window!.root.needsLayout)
    }

    @Test func aLayoutChangeDamagesOnlyWhatMoved() {
        var window: Window?
        let (_, texts) = column(&window)
        let measurer = FakeMeasurer()
        window!.layoutIfNeeded(measurer: measurer)
        let above = texts[0].frame
        _ = window!.takeInvalidations()
        texts[1].fontSize = 28
        window!.layoutIfNeeded(measurer: measurer)
        var areas: [Rect] = []
        for invalidation in window!.takeInvalidations() {
            if case .area(let area) = invalidation { areas.append(area) }
        }
        #expect(!areas.isEmpty)
        #expect(areas.allSatisfy { !$0.intersects(above) }, "\(areas) reach \(above)")
        #expect(texts[2].frame.minY == texts[1].frame.maxY)
    }

    @Test func aWindowResizeLaysTheRootOutAtTheNewSize() {
        let tree = LayoutTree("""
        root: direction row
          a: grow 1
          b: width 100
        """)
        let window = Window(root: tree.root, size: Size(width: 300, height: 100))
        window.layoutIfNeeded(measurer: nil)
        #expect(tree["a"].frame == rect(0, 0, 200, 100))
        window.size = Size(width: 500, height: 80)
        window.layoutIfNeeded(measurer: nil)
        #expect(tree.root.frame == rect(0, 0, 500, 80))
        #expect(tree["a"].frame == rect(0, 0, 400, 80))
        #expect(tree["b"].frame == rect(400, 0, 100, 80))
    }

    @Test func aLaidOutNodeUnderAFramedParentIsLaidOutAtItsFrame() {
        let root = Node(name: "root", frame: rect(0, 0, 400, 400))
        let card = Node(name: "card", frame: rect(50, 60, 100, 80))
        card.layout = FlexLayout(direction: .row)
        let a = Node(name: "a"), b = Node(name: "b")
        a.style.grow = 1
        b.style.width = 30
        card.addSubnode(a)
        card.addSubnode(b)
        root.addSubnode(card)
        let window = Window(root: root, size: Size(width: 400, height: 400))
        window.layoutIfNeeded(measurer: nil)
        #expect(card.frame == rect(50, 60, 100, 80))
        #expect(a.frame == rect(0, 0, 70, 80))
        card.frame = rect(50, 60, 200, 40)
        #expect(root.needsLayout)
        window.layoutIfNeeded(measurer: nil)
        #expect(a.frame == rect(0, 0, 170, 40))
        #expect(b.frame == rect(170, 0, 30, 40))
    }

    @Test func aSubnodeAddedOrRemovedLaysItsParentOutAgain() {
        let tree = LayoutTree("""
        root: direction row
          a: grow 1
        """)
        let window = Window(root: tree.root, size: Size(width: 300, height: 100))
        window.layoutIfNeeded(measurer: nil)
        let b = Node(name: "b")
        b.style.grow = 1
        tree.root.addSubnode(b)
        window.layoutIfNeeded(measurer: nil)
        #expect(tree["a"].frame == rect(0, 0, 150, 100))
        #expect(b.frame == rect(150, 0, 150, 100))
        b.removeFromSupernode()
        window.layoutIfNeeded(measurer: nil)
        #expect(tree["a"].frame == rect(0, 0, 300, 100))
    }

    @Test func aRelayoutKeepsATrackingButtonsTouch() {
        let root = container("root", FlexLayout(alignItems: .flexStart))
        let spacer = Node(name: "spacer")
        spacer.style.height = 10
        let button = ButtonNode(name: "pay")
        button.style.width = 100
        button.style.height = 44
        root.addSubnode(spacer)
        root.addSubnode(button)
        let window = Window(root: root, size: Size(width: 300, height: 300))
        window.layoutIfNeeded(measurer: nil)
        var fired = 0
        button.addAction(for: .primaryActionTriggered) { _, _ in fired += 1 }
        window.touchDown(.finger(1), at: pt(50, 30), time: 0)
        #expect(button.isTracking)
        spacer.style.height = 100
        window.layoutIfNeeded(measurer: nil)
        #expect(button.frame == rect(0, 100, 100, 44))
        #expect(button.isTracking)
        // The finger follows the button to its new place and lifts inside it.
        window.touchMoved(.finger(1), to: pt(50, 120), time: 16)
        window.touchUp(.finger(1), time: 32)
        #expect(fired == 1)
    }

    @Test func calculatedSizeFollowsTheLastLayout() {
        let tree = LayoutTree("""
        root: direction row
          a: grow 1
        """)
        tree.root.layoutIfNeeded(size: Size(width: 120, height: 30), measurer: nil)
        #expect(tree["a"].calculatedSize == Size(width: 120, height: 30))
    }
}
