import Testing
@testable import NodeCore

/// A control tappable in the disc inscribed in its bounds, by overriding `pointInside`.
private final class RoundControl: ControlNode {
    override func pointInside(_ point: Point) -> Bool {
        let dx = point.x - bounds.midX, dy = point.y - bounds.midY
        return dx * dx + dy * dy < (bounds.width / 2) * (bounds.width / 2)
    }
}

private func window(_ children: Node...) -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    for child in children { root.addSubnode(child) }
    return Window(root: root, size: Size(width: 200, height: 200))
}

// behaviour.md §5.3: the overlay and the audit follow a pointInside override or a hitShape.
@Suite struct CustomShapeTappableAreaTests {
    @Test func builtInClassesWithoutAShapeTakeTheRectanglePath() throws {
        let button = ButtonNode(name: "b", frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let w = window(button)
        defer { withExtendedLifetime(w) {} }
        #expect(button.hitTestsBySlopRect)
        #expect(try #require(TappableArea(of: button)).shape == nil)
        button.hitShape = .ellipse
        #expect(!button.hitTestsBySlopRect)
        #expect(try #require(TappableArea(of: button)).shape != nil)
    }

    @Test func anOverridingSubclassIsSampledFromItsRealShape() throws {
        let round = RoundControl(name: "round", frame: Rect(x: 20, y: 30, width: 60, height: 60))
        let w = window(round)
        defer { withExtendedLifetime(w) {} }
        let area = try #require(TappableArea(of: round))
        let shape = try #require(area.shape)
        #expect(area.tappable == Rect(x: 20, y: 30, width: 60, height: 60))
        // The centre reaches the control, the corner of its square bounds does not.
        #expect(shape.auditMask[50, 60].contains(.tappable))
        #expect(shape.auditMask[21, 31].isEmpty)
        #expect(area.limitedEdges.isEmpty && area.clippedEdges.isEmpty)
    }

    @Test func aCircleShapeIsTheEllipseInscribedInTheSlopRect() throws {
        let button = ButtonNode(name: "b", frame: Rect(x: 40, y: 40, width: 40, height: 20))
        button.hitTestSlop = EdgeInsets(all: -10)
        button.hitShape = .ellipse
        let w = window(button)
        defer { withExtendedLifetime(w) {} }
        #expect(button.pointInside(Point(x: 20, y: 10)))
        #expect(button.pointInside(Point(x: -9, y: 10)))       // inside the slop, on the long axis
        #expect(!button.pointInside(Point(x: -9, y: -9)))      // a corner of the slopRect
        let area = try #require(TappableArea(of: button))
        #expect(area.tappable == Rect(x: 30, y: 30, width: 60, height: 40))
    }

    @Test func bandsReachPastTheBoundsWithoutSlopAndAncestorsStillCutThem() throws {
        // The reference example: tappable only in two 40 pt bands centred on the left and right edges.
        let button = ButtonNode(name: "b", frame: Rect(x: 60, y: 20, width: 100, height: 44))
        button.hitTestSlop = EdgeInsets(all: -30)   // does not apply to bands
        button.hitShape = .bands([Rect(x: -20, y: 0, width: 40, height: 44), Rect(x: 80, y: 0, width: 40, height: 44)])
        let panel = Node(name: "panel", frame: Rect(x: 0, y: 0, width: 170, height: 100))
        panel.addSubnode(button)
        let w = window(panel)
        defer { withExtendedLifetime(w) {} }
        #expect(w.hitTest(Point(x: 45, y: 40)) === button)     // left band, outside the bounds
        #expect(w.hitTest(Point(x: 110, y: 40)) === panel)     // the middle of the button
        #expect(w.hitTest(Point(x: 60, y: 10)) === panel)      // the slop band does not count
        let area = try #require(TappableArea(of: button))
        // The right band reaches x = 180, but the panel's slopRect ends at 170.
        #expect(area.tappable == Rect(x: 40, y: 20, width: 130, height: 44))
        #expect(area.limitedEdges == .right)
        #expect(area.limitingAncestors[.right] === panel)
        let mask = try #require(area.shape).auditMask
        #expect(mask[45, 40].contains(.tappable))
        #expect(!mask[110, 40].contains(.own))
        #expect(mask[175, 40] == .own)                          // cut off by the panel
    }

    @Test func theAuditSizesAShapeByItsBoundingBoxAndFindsRealOverlapsOnly() throws {
        let left = RoundControl(name: "left", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        // Bounding boxes overlap in the corner square (30...40)², the discs do not.
        let right = RoundControl(name: "right", frame: Rect(x: 30, y: 30, width: 40, height: 40))
        let w = window(left, right)
        defer { withExtendedLifetime(w) {} }
        let report = Audit.run(window: w, minimumSize: 44)
        #expect(report.entries.map(\.tappable) == [Rect(x: 0, y: 0, width: 40, height: 40),
                                                   Rect(x: 30, y: 30, width: 40, height: 40)])
        #expect(report.entries.allSatisfy { $0.isUndersized && $0.overlaps.isEmpty })
        // Moved to overlap: the lens between the discs, on the audit's 1 pt grid.
        right.frame.origin = Point(x: 20, y: 0)
        let moved = Audit.run(window: w)
        #expect(moved.entries[0].overlaps.map(\.other) == ["right"])
        #expect(moved.entries[0].overlaps.first?.area == Rect(x: 20, y: 3, width: 20, height: 34))
    }

    @Test func clippingCutsASampledAreaAndMarksTheSide() throws {
        let round = RoundControl(name: "round", frame: Rect(x: 50, y: 0, width: 60, height: 60))
        let clip = Node(name: "clip", frame: Rect(x: 0, y: 0, width: 80, height: 100))
        clip.clipsToBounds = true
        clip.hitTestSlop = EdgeInsets(all: -50)
        clip.addSubnode(round)
        let w = window(clip)
        defer { withExtendedLifetime(w) {} }
        let area = try #require(TappableArea(of: round))
        #expect(area.tappable == Rect(x: 50, y: 0, width: 60, height: 60))
        #expect(area.drawn == Rect(x: 50, y: 0, width: 30, height: 60))
        #expect(area.clippedEdges == .right)
        #expect(area.clippingAncestors[.right] === clip)
    }
}
