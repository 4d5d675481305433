import Testing
@testable import NodeCore

/// A 200 × 200 window whose root holds `children`.
private func tree(_ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    for child in children { root.addSubnode(child) }
    return Window(root: root, size: Size(width: 200, height: 200))
}

private func node(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                  slop: EdgeInsets = .zero, clips: Bool = false, _ children: Node...) -> Node {
    let n = Node(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    n.hitTestSlop = slop
    n.clipsToBounds = clips
    for child in children { n.addSubnode(child) }
    return n
}

private func control(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                     slop: EdgeInsets = .zero) -> ButtonNode {
    let c = ButtonNode(name: name, frame: Rect(x: x, y: y, width: w, height: h))
    c.hitTestSlop = slop
    return c
}

@Suite struct TappableAreaTests {
    @Test func controlWithoutSlopIsTappableOverItsBoundsInWindowCoordinates() throws {
        let c = control("c", 10, 20, 30, 40)
        let window = tree(node("parent", 5, 5, 100, 100, c))
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(area.tappable == Rect(x: 15, y: 25, width: 30, height: 40))
        #expect(area.drawn == area.tappable)
        #expect(area.limitedEdges.isEmpty && area.clippedEdges.isEmpty)
    }

    @Test func nestedSlopGrowsTheControlWhereItsAncestorsAllowIt() throws {
        let c = control("c", 40, 40, 20, 20, slop: EdgeInsets(all: -10))
        let inner = node("inner", 0, 0, 100, 100, slop: EdgeInsets(all: -20), c)
        let window = tree(node("outer", 50, 50, 100, 100, slop: EdgeInsets(all: -5), inner))
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(area.slopRect == Rect(x: 80, y: 80, width: 40, height: 40))
        #expect(area.tappable == area.slopRect)
        #expect(area.limitedEdges.isEmpty)
    }

    @Test func parentSlopLimitsAChildSlopAndNamesTheParent() throws {
        let c = control("c", 0, 20, 20, 20, slop: EdgeInsets(all: -10))
        let parent = node("parent", 50, 50, 100, 100, slop: EdgeInsets(top: 0, left: -4, bottom: 0, right: 0), c)
        let window = tree(parent)
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(area.tappable == Rect(x: 46, y: 60, width: 34, height: 40))
        #expect(area.limitedEdges == .left)
        #expect(area.limitingAncestors[.left] === parent)
        #expect(area.clippedEdges.isEmpty)
    }

    @Test func tappableAreaMatchesWhereHitTestingReachesTheControl() throws {
        let c = control("c", 0, 20, 20, 20, slop: EdgeInsets(all: -10))
        let window = tree(node("parent", 50, 50, 100, 100, slop: EdgeInsets(top: 0, left: -4, bottom: 0, right: 0), c))
        let area = try #require(TappableArea(of: c))
        for y in stride(from: 40.0, through: 120, by: 1) {
            for x in stride(from: 30.0, through: 100, by: 1) {
                let p = Point(x: x + 0.5, y: y + 0.5)
                #expect((window.hitTest(p) === c) == area.tappable.contains(p), "at \(p)")
            }
        }
    }

    @Test func clippingParentWithSlopCutsTheDrawnPartButNotTheTappableArea() throws {
        let c = control("c", 90, 10, 20, 20, slop: EdgeInsets(all: -5))
        let parent = node("parent", 0, 0, 100, 100, slop: EdgeInsets(all: -20), clips: true, c)
        let window = tree(node("holder", 50, 50, 150, 150, parent))
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(area.tappable == Rect(x: 135, y: 55, width: 30, height: 30))
        #expect(area.drawn == Rect(x: 135, y: 55, width: 15, height: 30))
        #expect(area.limitedEdges.isEmpty)
        #expect(area.clippedEdges == .right)
        #expect(area.clippingAncestors[.right] === parent)
    }

    @Test func clippedAwayControlIsReachableButOutOfView() throws {
        let c = control("c", 110, 10, 20, 20)
        let parent = node("parent", 0, 0, 100, 100, slop: EdgeInsets(all: -50), clips: true, c)
        let window = tree(parent)
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(area.isReachable)
        #expect(!area.isInView)
        #expect(area.clippedEdges == .all)
    }

    @Test func controlOutsideItsParentSlopIsUnreachable() throws {
        let c = control("c", 120, 10, 20, 20)
        let window = tree(node("parent", 0, 0, 100, 100, c))
        defer { withExtendedLifetime(window) {} }
        let area = try #require(TappableArea(of: c))
        #expect(!area.isReachable)
        #expect(area.limitedEdges.isEmpty)
    }

    @Test func hiddenDisabledOrNonInteractiveControlsHaveNoTappableArea() {
        let hidden = control("hidden", 0, 0, 10, 10)
        hidden.isHidden = true
        let disabled = control("disabled", 0, 0, 10, 10)
        disabled.isEnabled = false
        let faint = control("faint", 0, 0, 10, 10)
        faint.alpha = 0.009
        let inside = control("inside", 0, 0, 10, 10)
        let inert = node("inert", 0, 0, 50, 50, inside)
        inert.isUserInteractionEnabled = false
        let visible = control("visible", 0, 0, 10, 10)
        let window = tree(hidden, disabled, faint, inert, visible)
        #expect(TappableArea(of: hidden) == nil)
        #expect(TappableArea(of: disabled) == nil)
        #expect(TappableArea(of: faint) == nil)
        #expect(TappableArea(of: inside) == nil)
        #expect(TappableArea.all(in: window).map(\.control.name) == ["visible"])
    }

    @Test func alphaOfExactlyTheMinimumIsStillHittable() {
        let c = control("c", 0, 0, 10, 10)
        c.alpha = minimumHittableAlpha
        let window = tree(c)
        defer { withExtendedLifetime(window) {} }
        #expect(TappableArea(of: c) != nil)
    }

    @Test func allListsControlsInHitTestOrderBackToFront() {
        let nested = control("nested", 0, 0, 10, 10)
        let outer = ButtonNode(name: "outer", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        outer.addSubnode(nested)
        let window = tree(control("first", 0, 0, 10, 10), outer, control("last", 0, 0, 10, 10))
        #expect(TappableArea.all(in: window).map(\.control.name) == ["first", "outer", "nested", "last"])
    }

    @Test func collectedAreasEqualTheOnesComputedOneByOne() throws {
        let c1 = control("c1", 90, 10, 20, 20, slop: EdgeInsets(all: -5))
        let c2 = control("c2", -8, 40, 20, 20, slop: EdgeInsets(top: -3, left: -9, bottom: 0, right: 0))
        let parent = node("parent", 30, 30, 100, 100, slop: EdgeInsets(all: -6), clips: true, c1, c2)
        let window = tree(parent)
        for area in TappableArea.all(in: window) {
            let single = try #require(TappableArea(of: area.control))
            #expect(single.tappable == area.tappable)
            #expect(single.drawn == area.drawn)
            #expect(single.limitedEdges == area.limitedEdges)
            #expect(single.clippedEdges == area.clippedEdges)
        }
    }
}

@Suite struct TappableAreaCullingTests {
    @Test func areasIntersectingARectAreExactlyTheFilteredFullList() {
        let window = Window(root: Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300)),
                            size: Size(width: 400, height: 300))
        for row in 0..<4 {
            let card = Node(name: "card\(row)", frame: Rect(x: 10, y: 10 + Double(row) * 70, width: 380, height: 60))
            card.clipsToBounds = row % 2 == 0
            card.hitTestSlop = EdgeInsets(all: row == 3 ? -15 : 0)
            for column in 0..<5 {
                let b = ButtonNode(name: "b\(row)_\(column)", frame: Rect(x: Double(column) * 75 - 5, y: 5, width: 70, height: 50))
                b.hitTestSlop = EdgeInsets(all: -8)
                card.addSubnode(b)
            }
            window.root.addSubnode(card)
        }
        for probe in [Rect(x: 0, y: 0, width: 30, height: 30), Rect(x: 150, y: 90, width: 10, height: 10),
                      Rect(x: 200, y: 215, width: 5, height: 80), Rect(x: 0, y: 0, width: 400, height: 300),
                      Rect(x: 390, y: 290, width: 10, height: 10)] {
            let expected = TappableArea.all(in: window).filter { $0.drawn.intersects(probe) }.map(\.control.name)
            #expect(TappableArea.all(in: window, intersecting: probe).map(\.control.name) == expected, "\(probe)")
        }
    }
}
