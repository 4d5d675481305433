import Testing
@testable import NodeCore

// behaviour.md §2: slopRect, pointInside, hitTest and what makes a node unreachable.

@Suite struct SlopTests {
    @Test func slopRectIsBoundsInsetBySlop() {
        let node = Node(name: "n", frame: rect(100, 100, 40, 20))
        node.hitTestSlop = EdgeInsets(top: -1, left: -2, bottom: -3, right: -4)
        #expect(node.slopRect == rect(-2, -1, 46, 24))
    }

    @Test func negativeSlopGrowsTheTouchableArea() {
        let node = Node(name: "n", frame: rect(0, 0, 20, 20))
        #expect(node.hitTest(pt(-5, 10)) == nil)
        node.hitTestSlop = EdgeInsets(all: -10)
        #expect(node.hitTest(pt(-5, 10)) === node)
        #expect(node.hitTest(pt(-10, -10)) === node)
        #expect(node.hitTest(pt(29.999, 29.999)) === node)
    }

    @Test func positiveSlopShrinksTheTouchableArea() {
        let node = Node(name: "n", frame: rect(0, 0, 20, 20))
        node.hitTestSlop = EdgeInsets(all: 5)
        #expect(node.hitTest(pt(2, 10)) == nil)
        #expect(node.hitTest(pt(5, 5)) === node)
        #expect(node.hitTest(pt(15, 10)) == nil)
    }

    @Test func slopEdgesAreHalfOpen() {
        let node = Node(name: "n", frame: rect(0, 0, 20, 20))
        node.hitTestSlop = EdgeInsets(top: -4, left: -3, bottom: -2, right: -1)
        #expect(node.hitTest(pt(-3, -4)) === node)      // min corner is inside
        #expect(node.hitTest(pt(-3.001, 0)) == nil)
        #expect(node.hitTest(pt(0, -4.001)) == nil)
        #expect(node.hitTest(pt(21, 5)) == nil)         // maxX is outside
        #expect(node.hitTest(pt(5, 22)) == nil)         // maxY is outside
        #expect(node.hitTest(pt(20.999, 21.999)) === node)
    }

    @Test func boundsEdgesAreHalfOpenWithoutSlop() {
        let (window, _) = makeWindow(Node(name: "a", frame: rect(10, 10, 10, 10)))
        #expect(window.hitTest(pt(10, 10))?.name == "a")
        #expect(window.hitTest(pt(20, 15))?.name == "root")
        #expect(window.hitTest(pt(15, 20))?.name == "root")
        #expect(window.hitTest(pt(19.999, 19.999))?.name == "a")
    }

    @Test func zeroSizedNodeWithoutSlopIsNeverHit() {
        let node = Node(name: "n", frame: rect(0, 0, 0, 0))
        #expect(node.hitTest(.zero) == nil)
        node.hitTestSlop = EdgeInsets(all: -5)
        #expect(node.hitTest(.zero) === node)
    }
}

@Suite struct AncestorRuleTests {
    @Test func childBeyondParentBoundsIsUnreachable() {
        let parent = Node(name: "parent", frame: rect(100, 100, 50, 50))
        let child = Node(name: "child", frame: rect(40, 0, 30, 30))   // pokes out to the right
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(145, 110))?.name == "child")  // inside both
        #expect(window.hitTest(pt(155, 110))?.name == "root")   // inside child, outside parent
    }

    @Test func childBeyondParentSlopIsUnreachable() {
        let parent = Node(name: "parent", frame: rect(100, 100, 50, 50))
        parent.hitTestSlop = EdgeInsets(all: -10)
        let child = Node(name: "child", frame: rect(40, 0, 40, 30))
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(159.999, 110))?.name == "child") // inside parent's slop band
        #expect(window.hitTest(pt(160, 110))?.name == "root")      // parent's slopRect maxX
        #expect(window.hitTest(pt(175, 110))?.name == "root")
    }

    @Test func childSlopBeyondParentSlopIsUnreachable() {
        let parent = Node(name: "parent", frame: rect(100, 100, 100, 100))
        let child = Node(name: "child", frame: rect(0, 0, 20, 20))
        child.hitTestSlop = EdgeInsets(all: -30)
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(100, 100))?.name == "child")
        #expect(window.hitTest(pt(140, 140))?.name == "child")   // child's own slop, inside parent
        #expect(window.hitTest(pt(95, 110))?.name == "root")      // child's slop, outside parent
    }

    @Test func everyAncestorCutsNotJustTheParent() {
        let grand = Node(name: "grand", frame: rect(0, 0, 100, 100))
        let parent = Node(name: "parent", frame: rect(50, 0, 100, 100))
        parent.hitTestSlop = EdgeInsets(all: -100)
        let child = Node(name: "child", frame: rect(40, 0, 20, 20))
        grand.addSubnode(parent)
        parent.addSubnode(child)
        let (window, _) = makeWindow(grand)
        #expect(window.hitTest(pt(95, 5))?.name == "child")
        #expect(window.hitTest(pt(105, 5))?.name == "root")   // grandparent's bounds end at 100
    }

    @Test func parentSlopLetsAChildOutsideParentBoundsBeReached() {
        // Texture: to extend a child's tap area beyond its parent, extend the parent's slop.
        let parent = Node(name: "parent", frame: rect(100, 100, 50, 50))
        let child = Node(name: "child", frame: rect(0, 0, 50, 50))
        child.hitTestSlop = EdgeInsets(all: -20)
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(90, 120))?.name == "root")
        parent.hitTestSlop = EdgeInsets(all: -20)
        #expect(window.hitTest(pt(90, 120))?.name == "child")
    }

    @Test func clipsToBoundsDoesNotAffectHitTesting() {
        let parent = Node(name: "parent", frame: rect(100, 100, 50, 50))
        parent.hitTestSlop = EdgeInsets(all: -20)
        parent.clipsToBounds = true
        let child = Node(name: "child", frame: rect(55, 0, 10, 10))   // wholly clipped away
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(160, 105))?.name == "child")
        parent.clipsToBounds = false
        #expect(window.hitTest(pt(160, 105))?.name == "child")
    }

    @Test func pointInParentSlopBandButMissingEveryChildHitsTheParent() {
        let parent = Node(name: "parent", frame: rect(100, 100, 50, 50))
        parent.hitTestSlop = EdgeInsets(all: -20)
        parent.addSubnode(Node(name: "child", frame: rect(0, 0, 10, 10)))
        let (window, _) = makeWindow(parent)
        #expect(window.hitTest(pt(85, 160))?.name == "parent")
    }
}

@Suite struct HittabilityTests {
    func scene() -> (Window, Node, Node) {
        let back = Node(name: "back", frame: rect(0, 0, 100, 100))
        let front = Node(name: "front", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(back, front)
        return (window, back, front)
    }

    @Test func hiddenNodeIsSkipped() {
        let (window, _, front) = scene()
        front.isHidden = true
        #expect(window.hitTest(pt(50, 50))?.name == "back")
    }

    @Test func alphaJustBelowOnePercentIsSkipped() {
        let (window, _, front) = scene()
        front.alpha = 0.0099
        #expect(window.hitTest(pt(50, 50))?.name == "back")
    }

    @Test func alphaExactlyOnePercentIsHittable() {
        let (window, _, front) = scene()
        front.alpha = 0.01
        #expect(window.hitTest(pt(50, 50))?.name == "front")
        #expect(minimumHittableAlpha == 0.01)
    }

    @Test func alphaZeroIsSkipped() {
        let (window, _, front) = scene()
        front.alpha = 0
        #expect(window.hitTest(pt(50, 50))?.name == "back")
    }

    @Test func userInteractionDisabledIsSkipped() {
        let (window, _, front) = scene()
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(pt(50, 50))?.name == "back")
    }

    @Test(arguments: ["hidden", "alpha", "interaction"])
    func unhittableNodeHidesItsWholeSubtree(_ reason: String) {
        let (window, _, front) = scene()
        let child = Node(name: "child", frame: rect(10, 10, 20, 20))
        front.addSubnode(child)
        #expect(window.hitTest(pt(15, 15))?.name == "child")
        switch reason {
        case "hidden": front.isHidden = true
        case "alpha": front.alpha = 0.005
        default: front.isUserInteractionEnabled = false
        }
        #expect(window.hitTest(pt(15, 15))?.name == "back")
    }

    @Test func transparentParentDoesNotMakeAHittableChildUnhittable() {
        // Only a node's own alpha counts; the product down the tree is for painting.
        let (window, _, front) = scene()
        front.alpha = 0.5
        let child = Node(name: "child", frame: rect(10, 10, 20, 20))
        child.alpha = 0.015
        front.addSubnode(child)
        #expect(window.hitTest(pt(15, 15))?.name == "child")
    }

    @Test func disabledControlPassesTheTouchToWhatIsBehind() {
        let back = Node(name: "back", frame: rect(0, 0, 100, 100))
        let button = ButtonNode(name: "button", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(back, button)
        #expect(window.hitTest(pt(50, 50))?.name == "button")
        button.isEnabled = false
        #expect(window.hitTest(pt(50, 50))?.name == "back")
        button.isEnabled = true
        #expect(window.hitTest(pt(50, 50))?.name == "button")
    }

    @Test func disabledControlReturnsNilForItsWholeSubtree() {
        let control = ControlNode(name: "control", frame: rect(0, 0, 100, 100))
        let inner = Node(name: "inner", frame: rect(10, 10, 30, 30))
        let innerButton = ButtonNode(name: "innerButton", frame: rect(50, 50, 30, 30))
        control.addSubnode(inner)
        control.addSubnode(innerButton)
        control.isEnabled = false
        #expect(control.hitTest(pt(15, 15)) == nil)
        #expect(control.hitTest(pt(55, 55)) == nil)
        #expect(control.hitTest(pt(95, 95)) == nil)
        let (window, _) = makeWindow(control)
        #expect(window.hitTest(pt(15, 15))?.name == "root")
    }

    @Test func disabledControlDeliversNoEventsForATouchOnIt() {
        let button = ButtonNode(name: "button", frame: rect(0, 0, 100, 100))
        let log = EventLog(button)
        let (window, _) = makeWindow(button)
        button.isEnabled = false
        window.tap(at: pt(50, 50))
        #expect(log.lines.isEmpty)
    }
}

@Suite struct SiblingOrderTests {
    @Test func frontmostSiblingWins() {
        let a = Node(name: "a", frame: rect(0, 0, 60, 60))
        let b = Node(name: "b", frame: rect(40, 40, 60, 60))
        let (window, root) = makeWindow(a, b)
        #expect(window.hitTest(pt(50, 50))?.name == "b")
        #expect(window.hitTest(pt(10, 10))?.name == "a")
        root.addSubnode(a)   // bring a to front
        #expect(window.hitTest(pt(50, 50))?.name == "a")
    }

    @Test func frontSiblingSlopBeatsBackSiblingBounds() {
        let back = Node(name: "back", frame: rect(0, 0, 50, 50))
        let front = Node(name: "front", frame: rect(60, 0, 50, 50))
        front.hitTestSlop = EdgeInsets(all: -15)
        let (window, _) = makeWindow(back, front)
        #expect(window.hitTest(pt(48, 10))?.name == "front")
        #expect(window.hitTest(pt(44, 10))?.name == "back")
    }

    @Test func aMissInTheFrontSubtreeFallsToTheBackSibling() {
        let back = Node(name: "back", frame: rect(0, 0, 100, 100))
        let front = Node(name: "front", frame: rect(0, 0, 100, 100))
        front.isUserInteractionEnabled = false
        front.addSubnode(Node(name: "frontChild", frame: rect(0, 0, 100, 100)))
        let (window, _) = makeWindow(back, front)
        #expect(window.hitTest(pt(50, 50))?.name == "back")
    }

    @Test func deepestNodeWinsOverItsAncestors() {
        let a = Node(name: "a", frame: rect(0, 0, 100, 100))
        let b = Node(name: "b", frame: rect(10, 10, 80, 80))
        let c = Node(name: "c", frame: rect(10, 10, 60, 60))
        a.addSubnode(b)
        b.addSubnode(c)
        let (window, _) = makeWindow(a)
        #expect(window.hitTest(pt(25, 25))?.name == "c")
        #expect(window.hitTest(pt(15, 15))?.name == "b")
        #expect(window.hitTest(pt(5, 5))?.name == "a")
    }

    @Test func windowHitTestAccountsForTheRootOrigin() {
        let root = Node(name: "root", frame: rect(50, 50, 100, 100))
        root.addSubnode(Node(name: "child", frame: rect(0, 0, 10, 10)))
        let window = Window(root: root, size: Size(width: 400, height: 400))
        #expect(window.hitTest(pt(55, 55))?.name == "child")
        #expect(window.hitTest(pt(5, 5)) == nil)
        #expect(window.hitTest(pt(149.999, 60))?.name == "root")
        #expect(window.hitTest(pt(150, 60)) == nil)
    }
}

/// Accepts two horizontal bands of its bounds and nothing in between.
final class TwoBandNode: Node {
    override func pointInside(_ p: Point) -> Bool {
        guard p.x >= 0, p.x < bounds.width else { return false }
        return (p.y >= 0 && p.y < 10) || (p.y >= bounds.height - 10 && p.y < bounds.height)
    }
}

/// Accepts the disc inscribed in its bounds.
final class CircleNode: Node {
    override func pointInside(_ p: Point) -> Bool {
        let r = min(bounds.width, bounds.height) / 2
        return Point(x: bounds.midX, y: bounds.midY).distance(to: p) < r
    }
}

@Suite struct CustomShapeTests {
    @Test func overriddenPointInsideTwoBandsAcceptsOnlyTheBands() {
        let back = Node(name: "back", frame: rect(0, 0, 100, 100))
        let bands = TwoBandNode(name: "bands", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(back, bands)
        #expect(window.hitTest(pt(50, 5))?.name == "bands")
        #expect(window.hitTest(pt(50, 95))?.name == "bands")
        #expect(window.hitTest(pt(50, 50))?.name == "back")
        #expect(window.hitTest(pt(50, 10))?.name == "back")
    }

    @Test func overriddenPointInsideCircleRejectsCorners() {
        let back = Node(name: "back", frame: rect(0, 0, 100, 100))
        let circle = CircleNode(name: "circle", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(back, circle)
        #expect(window.hitTest(pt(50, 50))?.name == "circle")
        #expect(window.hitTest(pt(50, 1))?.name == "circle")
        #expect(window.hitTest(pt(3, 3))?.name == "back")
        #expect(window.hitTest(pt(96, 96))?.name == "back")
    }

    @Test func overriddenPointInsideGatesTheChildrenToo() {
        let circle = CircleNode(name: "circle", frame: rect(0, 0, 100, 100))
        circle.addSubnode(Node(name: "corner", frame: rect(0, 0, 20, 20)))
        let (window, _) = makeWindow(circle)
        #expect(window.hitTest(pt(2, 2))?.name == "root")
        #expect(window.hitTest(pt(18, 18))?.name == "corner")
    }

    @Test func customShapeControlIsTrackedOnlyInsideItsShape() {
        final class RoundButton: ButtonNode {
            override func pointInside(_ p: Point) -> Bool {
                Point(x: bounds.midX, y: bounds.midY).distance(to: p) < bounds.width / 2
            }
        }
        let button = RoundButton(name: "round", frame: rect(0, 0, 100, 100))
        let log = EventLog(button)
        let (window, _) = makeWindow(button)
        window.tap(at: pt(2, 2))
        #expect(log.lines.isEmpty)
        window.tap(at: pt(50, 50), time: 1000)
        #expect(log.lines == ["round.touchDown", "round.touchUpInside", "round.primaryActionTriggered"])
    }
}
