import Testing
@testable import NodeCore

// behaviour.md §2 responder chain and §3 delivery: binding at down (implicit capture),
// plain nodes pass touches on, controls consume them, the rest is dropped.

@Suite struct ResponderChainTests {
    @Test func chainRunsNodeSupernodeRootWindowApplicationNone() {
        let app = Application()
        let leaf = Node(name: "leaf")
        let mid = Node(name: "mid")
        mid.addSubnode(leaf)
        let (window, root) = makeWindow(mid, application: app)
        #expect(leaf.nextResponder === mid)
        #expect(mid.nextResponder === root)
        #expect(root.nextResponder === window)
        #expect(window.nextResponder === app)
        #expect(app.nextResponder == nil)
    }

    @Test func detachedNodeChainEndsAtItsRoot() {
        let p = Node(name: "p")
        let c = Node(name: "c")
        p.addSubnode(c)
        #expect(c.nextResponder === p)
        #expect(p.nextResponder == nil)
    }

    @Test func controlsAreResponderChainMembersToo() {
        let button = ButtonNode(name: "b")
        let (_, root) = makeWindow(button)
        #expect(button.nextResponder === root)
    }

    @Test func plainNodesPassTouchesUpToTheApplication() {
        let app = RecordingApplication()
        let parent = RecordingNode(name: "parent", frame: rect(0, 0, 100, 100))
        let child = RecordingNode(name: "child", frame: rect(10, 10, 50, 50))
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent, application: app)
        window.touchDown(.finger(1), at: pt(20, 20), time: 0)
        window.touchMoved(.finger(1), to: pt(25, 25), time: 1)
        window.touchUp(.finger(1), time: 2)
        #expect(child.received == ["began", "moved", "ended"])
        #expect(parent.received == ["began", "moved", "ended"])
        #expect(app.touches == ["began", "moved", "ended"])
    }

    @Test func cancelledTouchesArePassedUpToo() {
        let app = RecordingApplication()
        let node = RecordingNode(name: "n", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(node, application: app)
        window.touchDown(.finger(1), at: pt(20, 20), time: 0)
        window.touchCancel(.finger(1), time: 1)
        #expect(node.received == ["began", "cancelled"])
        #expect(app.touches == ["began", "cancelled"])
    }

    @Test func aControlConsumesTouchesFromItsPlainDescendants() {
        let app = RecordingApplication()
        let above = RecordingNode(name: "above", frame: rect(0, 0, 200, 200))
        let button = ButtonNode(name: "button", frame: rect(0, 0, 100, 100))
        let label = RecordingNode(name: "label", frame: rect(10, 10, 50, 20))
        above.addSubnode(button)
        button.addSubnode(label)
        let log = EventLog(button)
        let (window, _) = makeWindow(above, application: app)
        window.tap(at: pt(20, 15))
        #expect(label.received == ["began", "ended"])
        #expect(above.received.isEmpty)
        #expect(app.touches.isEmpty)
        #expect(log.lines == ["button.touchDown", "button.touchUpInside", "button.primaryActionTriggered"])
    }

    @Test func aNodeThatDoesNotPassOnStopsTheChain() {
        let app = RecordingApplication()
        let parent = RecordingNode(name: "parent", frame: rect(0, 0, 100, 100))
        let child = RecordingNode(name: "child", frame: rect(10, 10, 50, 50))
        child.passesOn = false
        parent.addSubnode(child)
        let (window, _) = makeWindow(parent, application: app)
        window.tap(at: pt(20, 20))
        #expect(child.received == ["began", "ended"])
        #expect(parent.received.isEmpty)
        #expect(app.touches.isEmpty)
    }

    @Test func unconsumedTouchIsDroppedAfterTheApplication() {
        // The default application passes it to nil: nothing happens, nothing crashes.
        let (window, _) = makeWindow(Node(name: "n", frame: rect(0, 0, 10, 10)))
        window.tap(at: pt(5, 5))
        window.tap(at: pt(300, 300), time: 100)
        #expect(window.activeTouches.isEmpty)
    }

    @Test func touchOutsideTheRootBindsToNothing() {
        let root = Node(name: "root", frame: rect(0, 0, 100, 100))
        let app = RecordingApplication()
        let window = Window(root: root, size: Size(width: 400, height: 400), application: app)
        let touch = window.touchDown(.finger(1), at: pt(200, 200), time: 0)
        #expect(touch?.node == nil)
        window.touchMoved(.finger(1), to: pt(50, 50), time: 1)
        window.touchUp(.finger(1), time: 2)
        #expect(app.touches.isEmpty)
    }

    @Test func touchStaysBoundToItsDownNodeAfterMovingOut() {
        let a = RecordingNode(name: "a", frame: rect(0, 0, 100, 100))
        let b = RecordingNode(name: "b", frame: rect(200, 0, 100, 100))
        let (window, _) = makeWindow(a, b)
        let touch = window.touchDown(.finger(1), at: pt(50, 50), time: 0)
        window.touchMoved(.finger(1), to: pt(250, 50), time: 1)
        window.touchUp(.finger(1), time: 2)
        #expect(touch?.node === a)
        #expect(a.received == ["began", "moved", "ended"])
        #expect(b.received.isEmpty)
    }

    @Test func touchStaysBoundWhenANodeAppearsOnTopMidTouch() {
        let a = RecordingNode(name: "a", frame: rect(0, 0, 100, 100))
        let (window, root) = makeWindow(a)
        window.touchDown(.finger(1), at: pt(50, 50), time: 0)
        let cover = RecordingNode(name: "cover", frame: rect(0, 0, 100, 100))
        root.addSubnode(cover)
        window.touchMoved(.finger(1), to: pt(60, 60), time: 1)
        window.touchUp(.finger(1), time: 2)
        #expect(a.received == ["began", "moved", "ended"])
        #expect(cover.received.isEmpty)
    }

    @Test func touchPhasesAndLocationsAreUpdated() {
        let a = Node(name: "a", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(a)
        let touch = window.touchDown(.finger(7), at: pt(10, 10), time: 5)!
        #expect(touch.phase == .began)
        #expect(touch.id == .finger(7))
        #expect(touch.kind == .touch)
        #expect(touch.timestamp == 5)
        window.touchMoved(.finger(7), to: pt(20, 30), time: 6)
        #expect(touch.phase == .moved)
        #expect(touch.previousLocation == pt(10, 10))
        #expect(touch.location == pt(20, 30))
        #expect(touch.downLocation == pt(10, 10))
        window.touchUp(.finger(7), time: 9)
        #expect(touch.phase == .ended)
        #expect(touch.timestamp == 9)
        #expect(window.touch(withID: .finger(7)) == nil)
    }

    @Test func activeTouchesKeepBeginOrderAndDuplicateDownsAreIgnored() {
        let (window, _) = makeWindow()
        window.touchDown(.finger(3), at: pt(1, 1), time: 0)
        window.touchDown(.finger(1), at: pt(2, 2), time: 1)
        #expect(window.touchDown(.finger(3), at: pt(9, 9), time: 2) == nil)
        #expect(window.activeTouches.map(\.id) == [.finger(3), .finger(1)])
        #expect(window.touch(withID: .finger(3))?.location == pt(1, 1))
    }

    @Test func eventsForUnknownTouchIdsAreIgnored() {
        let node = RecordingNode(name: "n", frame: rect(0, 0, 100, 100))
        let (window, _) = makeWindow(node)
        window.touchMoved(.finger(9), to: pt(1, 1), time: 0)
        window.touchUp(.finger(9), time: 0)
        window.touchCancel(.finger(9), time: 0)
        window.touchUp(.pointer, time: 0)
        #expect(node.received.isEmpty)
    }

    @Test func cancelAllCancelsInBeginOrderAndCanBeLimitedToAKind() {
        var order: [String] = []
        final class Named: Node {
            var onCancel: () -> Void = {}
            override func touchCancelled(_ touch: Touch) { onCancel() }
        }
        let a = Named(name: "a", frame: rect(0, 0, 100, 100))
        let b = Named(name: "b", frame: rect(100, 0, 100, 100))
        let c = Named(name: "c", frame: rect(200, 0, 100, 100))
        a.onCancel = { order.append("a") }
        b.onCancel = { order.append("b") }
        c.onCancel = { order.append("c") }
        let (window, _) = makeWindow(a, b, c)
        window.touchDown(.finger(5), at: pt(150, 50), time: 0)
        window.touchDown(.pointer, kind: .pointer, at: pt(250, 50), time: 1)
        window.touchDown(.finger(2), at: pt(50, 50), time: 2)
        window.cancelAllTouches(kind: .touch, time: 3)
        #expect(order == ["b", "a"])
        #expect(window.activeTouches.map(\.id) == [.pointer])
        window.cancelAllTouches(time: 4)
        #expect(order == ["b", "a", "c"])
        #expect(window.activeTouches.isEmpty)
    }
}
