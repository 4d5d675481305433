import Testing
@testable import NodeCore

// behaviour.md §15.2: a scroll node with `layout` and no `contentSize` takes its content
// size from its layout, at least its own size, on the axes it scrolls; its own size
// comes from its parent's layout, never from its content.

@Suite struct ScrollContentLayoutTests {
    /// A screen: a 50 pt header above a scroll node that takes the rest, holding `rows`
    /// rows 60 pt tall, 8 pt apart, inside 10 pt of padding.
    private func screen(rows: Int, size: Size = Size(width: 300, height: 400)) -> (Window, ScrollNode) {
        let root = Node(name: "root")
        root.layout = FlexLayout()
        let header = Node(name: "header")
        header.style.height = .points(50)
        let scroll = ScrollNode(name: "scroll")
        scroll.style.grow = 1
        scroll.layout = FlexLayout(padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), gap: 8)
        for index in 0..<rows {
            let row = Node(name: "row\(index)")
            row.style.height = .points(60)
            scroll.addSubnode(row)
        }
        root.addSubnode(header)
        root.addSubnode(scroll)
        let window = Window(root: root, size: size)
        window.layoutIfNeeded(measurer: nil)
        return (window, scroll)
    }

    @Test func contentSizeIsTheLayoutsSizeAndTheNodeKeepsTheSizeItsParentGives() {
        let (_, scroll) = screen(rows: 10)
        #expect(scroll.frame == Rect(x: 0, y: 50, width: 300, height: 350))
        // 10 rows of 60, 9 gaps of 8, 20 of padding.
        #expect(scroll.contentSize == Size(width: 300, height: 692))
        #expect(scroll.subnodes[9].frame == Rect(x: 10, y: 10 + 9 * 68, width: 280, height: 60))
        #expect(scroll.restingRange(on: .vertical) == 0...342)
        #expect(scroll.canScroll(on: .vertical) && !scroll.canScroll(on: .horizontal))
    }

    @Test func contentShorterThanTheNodeIsTheNodesSize() {
        let (_, scroll) = screen(rows: 2)
        #expect(scroll.contentSize == Size(width: 300, height: 350))
        #expect(!scroll.canScroll(on: .vertical))
    }

    @Test func aResizeLaysTheContentOutAgainAndKeepsTheOffsetInTheRestingRange() {
        let (window, scroll) = screen(rows: 10)
        scroll.contentOffset = Point(x: 0, y: 342)
        window.size = Size(width: 500, height: 600)
        window.layoutIfNeeded(measurer: nil)
        #expect(scroll.frame.size == Size(width: 500, height: 550))
        #expect(scroll.contentSize == Size(width: 500, height: 692))
        #expect(scroll.subnodes[0].frame.width == 480)
        // The end moved up by 200: the offset stays at the end, not beyond it.
        #expect(scroll.contentOffset == Point(x: 0, y: 142))
    }

    @Test func addingARowGrowsTheContentOnTheNextPassOnly() {
        let (window, scroll) = screen(rows: 10)
        let extra = Node(name: "extra")
        extra.style.height = .points(100)
        scroll.addSubnode(extra)
        #expect(window.root.needsLayout)
        window.layoutIfNeeded(measurer: nil)
        #expect(scroll.contentSize.height == 692 + 8 + 100)
        #expect(extra.frame == Rect(x: 10, y: 692 - 10 + 8, width: 280, height: 100))
        #expect(!window.root.needsLayout)
    }

    @Test func horizontalDirectionsGrowTheContentSidewaysAndKeepTheNodesHeight() {
        let carousel = ScrollNode(name: "carousel", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        carousel.layout = FlexLayout(direction: .row, gap: 10)
        carousel.scrollableDirections = .horizontal
        for index in 0..<5 {
            let card = Node(name: "card\(index)")
            card.style.width = .points(80)
            carousel.addSubnode(card)
        }
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.addSubnode(carousel)
        let window = Window(root: root, size: Size(width: 200, height: 100))
        window.layoutIfNeeded(measurer: nil)
        #expect(carousel.contentSize == Size(width: 440, height: 100))
        #expect(carousel.subnodes[4].frame == Rect(x: 360, y: 0, width: 80, height: 100))
        carousel.scrollableDirections = .vertical
        window.layoutIfNeeded(measurer: nil)
        // Scrolling vertically only, the cards that overflow sideways are not content.
        #expect(carousel.contentSize == Size(width: 200, height: 100))
    }

    @Test func anExplicitContentSizeWins() {
        let (window, scroll) = screen(rows: 10)
        scroll.contentSize = Size(width: 300, height: 2000)
        window.size = Size(width: 300, height: 500)
        window.layoutIfNeeded(measurer: nil)
        #expect(scroll.contentSize == Size(width: 300, height: 2000))
    }

    @Test func theScrollNodesOwnHeightDoesNotBoundItsContent() {
        let (window, scroll) = screen(rows: 10)
        scroll.style.maxHeight = .points(100)
        window.layoutIfNeeded(measurer: nil)
        #expect(scroll.frame.height == 100)
        #expect(scroll.contentSize.height == 692)
    }
}

@Suite struct MinimumLayoutSizeTests {
    /// A header row with a title and a button, above a list that grows, above a footer.
    @Test func theMinimumIsTheMinContentWidthAndTheHeightAtTheWidestWidth() {
        let root = Node(name: "root")
        root.layout = FlexLayout(padding: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), gap: 10)
        let header = Node(name: "header")
        header.layout = FlexLayout(direction: .row, gap: 20)
        let title = TextNode(name: "title")
        title.text = "aaaaa aaaaa aaaaa"  // 17 glyphs of 7 pt: 119 wide on one line, 35 at its widest word
        header.addSubnode(title)
        let pay = Node(name: "pay")
        pay.style.width = .points(120)
        pay.style.height = .points(44)
        header.addSubnode(pay)
        let list = Node(name: "list")
        list.style.grow = 1
        root.addSubnode(header)
        root.addSubnode(list)
        let measurer = FakeMeasurer()
        let minimum = root.minimumLayoutSize(measurer: measurer)
        // Width: padding 20 + widest word 35 + gap 20 + pay 120. Height: padding 20 + the
        // header 44 (the title on one line is 16.8) + gap 10 + the list 0.
        #expect(minimum == Size(width: 195, height: 74))
        // It sets no frame, and the window's pass still lays everything out.
        #expect(pay.frame == .zero)
        let window = Window(root: root, size: Size(width: 400, height: 300))
        window.layoutIfNeeded(measurer: measurer)
        #expect(pay.frame == Rect(x: 139, y: 0, width: 120, height: 44))
        #expect(root.minimumLayoutSize(measurer: measurer) == minimum)
    }
}
