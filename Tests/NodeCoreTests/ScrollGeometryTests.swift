import Testing
@testable import NodeCore

// behaviour.md §1 and §9.1: a scroll node's bounds origin is its content offset, and hit
// testing, conversion, tappable areas and invalidation all see the content where it
// is on screen.

@Suite struct ScrollGeometryTests {
    /// root ── list(50,100 200×300, content 200×1000) ── row(0,400 200×60) ── label
    struct Scene {
        let window: Window
        let root = Node(name: "root", frame: rect(0, 0, 400, 600))
        let list = ScrollNode(name: "list", frame: rect(50, 100, 200, 300))
        let row = ButtonNode(name: "row", frame: rect(0, 400, 200, 60))

        init(offset: Point = pt(0, 350)) {
            list.contentSize = Size(width: 200, height: 1000)
            list.contentOffset = offset
            list.addSubnode(row)
            root.addSubnode(list)
            window = Window(root: root, size: Size(width: 400, height: 600))
        }
    }

    @Test func boundsOriginOfAPlainNodeIsZeroAndOfAScrollNodeIsItsContentOffset() {
        let s = Scene()
        #expect(s.row.bounds == rect(0, 0, 200, 60))
        #expect(s.list.bounds == rect(0, 350, 200, 300))
        #expect(s.list.slopRect == rect(0, 350, 200, 300))
    }

    @Test func hitTestingSeesScrolledContentWhereItIsOnScreen() {
        let s = Scene()
        // The row's content y 400...460 shows at window y 100 + 400 - 350 = 150.
        #expect(s.window.hitTest(pt(100, 150)) === s.row)
        #expect(s.window.hitTest(pt(100, 209)) === s.row)
        #expect(s.window.hitTest(pt(100, 210)) === s.list)
        #expect(s.window.hitTest(pt(100, 149)) === s.list)
        s.list.contentOffset = .zero
        #expect(s.window.hitTest(pt(100, 150)) === s.list)
    }

    @Test func contentOutsideTheVisibleAreaIsNotHit() {
        let s = Scene(offset: .zero)
        // The row at content y 400 is below the 300 pt tall list: the list's slopRect
        // (its visible area) stops the hit.
        #expect(s.window.hitTest(pt(100, 510)) === s.root)
    }

    @Test func conversionAddsTheBoundsOrigin() {
        let s = Scene()
        #expect(s.row.originInWindow == pt(50, 150))
        #expect(s.list.originInWindow == pt(50, -250))
        #expect(s.row.convert(pt(10, 10), to: nil) == pt(60, 160))
        #expect(s.list.convert(pt(100, 150), from: nil) == pt(50, 400))
        #expect(s.row.convert(pt(0, 0), to: s.list) == pt(0, 400))
        #expect(s.list.convert(s.list.bounds, to: nil) == rect(50, 100, 200, 300))
    }

    @Test func touchLocationInTheContentFollowsTheOffset() {
        let s = Scene()
        let touch = s.window.touchDown(.finger(1), at: pt(60, 160), time: 0)!
        #expect(touch.location(in: s.row) == pt(10, 10))
        #expect(touch.location(in: s.list) == pt(10, 410))
    }

    @Test func tappableAreaOfScrolledContentIsWhereItIsOnScreen() {
        let s = Scene(offset: pt(0, 380))
        let area = TappableArea(of: s.row)!
        // Row at window y 100 + 400 - 380 = 120 ... 180, all inside the list.
        #expect(area.slopRect == rect(50, 120, 200, 60))
        #expect(area.tappable == rect(50, 120, 200, 60))
        #expect(area.drawn == rect(50, 120, 200, 60))
        s.list.contentOffset = pt(0, 420)
        // Now 80 ... 140: the top 20 pt are above the list and cut by its slopRect.
        let cut = TappableArea(of: s.row)!
        #expect(cut.tappable == rect(50, 100, 200, 40))
        #expect(cut.limitedEdges == [.top])
    }

    @Test func aScrollNodeClipsToItsBoundsByDefault() {
        #expect(ScrollNode(name: "s").clipsToBounds)
    }

    @Test func contentOffsetChangeInvalidatesOnlyTheScrollNodesArea() {
        let s = Scene()
        _ = s.window.takeInvalidations()
        s.list.contentOffset = pt(0, 10)
        let areas = s.window.takeInvalidations().compactMap { invalidation -> Rect? in
            if case .area(let r) = invalidation { return r }
            return nil
        }
        #expect(!areas.isEmpty)
        #expect(areas.allSatisfy { $0 == rect(50, 100, 200, 300) })
    }

    @Test func subtreeExtentOfAClippingNodeIsItsOwnArea() {
        let s = Scene()
        #expect(s.list.subtreeExtentInWindow() == rect(50, 100, 200, 300))
        s.list.clipsToBounds = false
        #expect(s.list.subtreeExtentInWindow() == rect(50, 100, 200, 300).union(rect(50, 150, 200, 60)))
    }
}

@Suite struct ScrollNodeDefaultsTests {
    @Test func everyPropertyHasUIKitsDefault() {
        let s = ScrollNode(name: "s", frame: rect(0, 0, 100, 200))
        #expect(s.contentSize == Size(width: 100, height: 200))
        #expect(s.contentOffset == .zero)
        #expect(s.contentInset == .zero)
        #expect(s.isScrollEnabled)
        #expect(s.bounces)
        #expect(!s.alwaysBounceVertical && !s.alwaysBounceHorizontal)
        #expect(s.delaysContentTouches)
        #expect(s.canCancelContentTouches)
        #expect(!s.cancelsControlTouches)
        #expect(s.decelerationRate == 0.998)
        #expect(ScrollNode.fastDecelerationRate == 0.99)
        #expect(s.scrollSlop == 10)
        #expect(s.contentTouchDelay == 150)
    }

    @Test func contentSizeDefaultsToTheNodesSizeUntilSet() {
        let s = ScrollNode(name: "s", frame: rect(0, 0, 100, 200))
        s.frame = rect(0, 0, 120, 240)
        #expect(s.contentSize == Size(width: 120, height: 240))
        s.contentSize = Size(width: 50, height: 50)
        s.frame = rect(0, 0, 10, 10)
        #expect(s.contentSize == Size(width: 50, height: 50))
    }

    @Test func restingRangeRunsFromMinusTheLeadingInsetToContentPlusTrailingInsetMinusSize() {
        let s = ScrollNode(name: "s", frame: rect(0, 0, 100, 200))
        s.contentSize = Size(width: 100, height: 1000)
        #expect(s.restingRange(on: .vertical) == 0...800)
        #expect(s.restingRange(on: .horizontal) == 0...0)
        s.contentInset = EdgeInsets(top: 20, left: 5, bottom: 30, right: 7)
        #expect(s.restingRange(on: .vertical) == -20...830)
        #expect(s.restingRange(on: .horizontal) == -5...7)
        s.contentSize = Size(width: 10, height: 10)
        // Content smaller than the node: the range is the single value -inset.min.
        #expect(s.restingRange(on: .vertical) == -20 ... -20)
    }

    @Test func anAxisCanScrollWhenItsRangeIsMoreThanOneValueOrItAlwaysBounces() {
        let s = ScrollNode(name: "s", frame: rect(0, 0, 100, 200))
        #expect(!s.canScroll(on: .vertical) && !s.canScroll(on: .horizontal) && !s.canScroll)
        s.alwaysBounceVertical = true
        #expect(s.canScroll(on: .vertical) && !s.canScroll(on: .horizontal))
        s.contentSize = Size(width: 300, height: 200)
        #expect(s.canScroll(on: .horizontal))
    }

    @Test func touchesShouldCancelDefaultIsFalseForAControlAndTrueForAPlainNode() {
        let s = ScrollNode(name: "s")
        #expect(!s.touchesShouldCancel(in: ButtonNode(name: "b")))
        #expect(!s.touchesShouldCancel(in: ControlNode(name: "c")))
        #expect(s.touchesShouldCancel(in: Node(name: "n")))
        s.cancelsControlTouches = true
        #expect(s.touchesShouldCancel(in: ButtonNode(name: "b")))
    }
}
