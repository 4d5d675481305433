import Testing
@testable import NodeCore

// behaviour.md §4.3 target-action: registration, removal, send order and snapshots, and
// nil-target resolution through the responder chain.

@Suite struct TargetActionTests {
    final class Calls {
        var lines: [String] = []
        func record(_ line: String) { lines.append(line) }
    }

    func control() -> ControlNode { ControlNode(name: "c", frame: rect(0, 0, 100, 100)) }

    @Test func targetIsHeldWeakly() {
        let c = control()
        let calls = Calls()
        weak var weakTarget: Target?
        do {
            let t = Target("t", record: calls.record)
            weakTarget = t
            c.addTarget(t, action: "a", for: .touchUpInside)
        }
        #expect(weakTarget == nil)
    }

    @Test func deallocatedTargetIsSkippedNotReResolvedThroughTheChain() {
        let handler = HandlingNode(name: "handler", frame: rect(0, 0, 200, 200))
        handler.handledActions = ["tap"]
        let c = control()
        handler.addSubnode(c)
        let app = RecordingApplication()
        app.handledActions = ["tap"]
        let (window, _) = makeWindow(handler, application: app)
        let calls = Calls()
        do {
            let t = Target("t", record: calls.record)
            c.addTarget(t, action: "tap", for: .touchUpInside)
            withExtendedLifetime(t) { window.tap(at: pt(50, 50)) }
            #expect(calls.lines == ["t.tap.touchUpInside"])
        }
        window.tap(at: pt(50, 50), time: 1000)
        #expect(calls.lines == ["t.tap.touchUpInside"])
        #expect(handler.performed.isEmpty)
        #expect(app.performed.isEmpty)
    }

    @Test func withinOneBitRegistrationsFireInRegistrationOrder() {
        let c = control()
        let calls = Calls()
        let t1 = Target("t1", record: calls.record), t2 = Target("t2", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addAction(for: .touchDown) { _, _ in calls.record("closure") }
        c.addTarget(t2, action: "b", for: .touchDown)
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t1.a.touchDown", "closure", "t2.b.touchDown"])
    }

    @Test func addingAnEqualPairAgainMovesItToTheEnd() {
        let c = control()
        let calls = Calls()
        let t1 = Target("t1", record: calls.record), t2 = Target("t2", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addTarget(t2, action: "b", for: .touchDown)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t2.b.touchDown", "t1.a.touchDown"])
    }

    @Test func addingAnEqualPairForOtherEventsKeepsOnePairForAll() {
        let c = control()
        let calls = Calls()
        let t = Target("t", record: calls.record)
        c.addTarget(t, action: "a", for: .touchDown)
        c.addTarget(t, action: "a", for: .touchUpInside)
        #expect(c.actions(for: t, event: .touchDown) == ["a"])
        #expect(c.actions(for: t, event: .touchUpInside) == ["a"])
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["t.a.touchDown", "t.a.touchUpInside"])
    }

    @Test func sameTargetWithAnotherActionIsAnotherPair() {
        let c = control()
        let calls = Calls()
        let t = Target("t", record: calls.record)
        c.addTarget(t, action: "a", for: .touchDown)
        c.addTarget(t, action: "b", for: .touchDown)
        c.addTarget(t, action: "a", for: .touchDown)
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t.b.touchDown", "t.a.touchDown"])
    }

    @Test func nilTargetPairsAreEqualByAction() {
        let handler = HandlingNode(name: "h")
        handler.handledActions = ["a"]
        let c = control()
        handler.addSubnode(c)
        c.addTarget(nil, action: "a", for: .touchDown)
        c.addTarget(nil, action: "a", for: .touchDown)
        #expect(c.actions(for: nil, event: .touchDown) == ["a"])
        c.sendActions(for: .touchDown)
        #expect(handler.performed == ["a from c for touchDown"])
    }

    @Test func aPairRegisteredForTwoBitsBothSentFiresTwice() {
        let c = control()
        let calls = Calls()
        let t = Target("t", record: calls.record)
        c.addTarget(t, action: "a", for: [.touchDown, .touchDownRepeat])
        var closureCalls = 0
        c.addAction(for: [.touchDown, .touchDownRepeat]) { _, _ in closureCalls += 1 }
        let (window, _) = makeWindow(c)
        window.tap(at: pt(10, 10), time: 0)
        window.tap(at: pt(10, 10), time: 100)
        #expect(calls.lines == ["t.a.touchDown", "t.a.touchDown", "t.a.touchDownRepeat"])
        #expect(closureCalls == 3)
    }

    @Test func bitsAreSentLowestFirst() {
        let c = control()
        let log = EventLog(c)
        c.sendActions(for: [.primaryActionTriggered, .valueChanged, .touchCancel, .touchDown, .touchDragExit])
        #expect(log.lines == ["c.touchDown", "c.touchDragExit", "c.touchCancel", "c.valueChanged",
                              "c.primaryActionTriggered"])
    }

    @Test func bitOrderWinsOverRegistrationOrder() {
        let c = control()
        let calls = Calls()
        c.addAction(for: .touchUpInside) { _, e in calls.record("first \(e.event.name)") }
        c.addAction(for: .touchDown) { _, e in calls.record("second \(e.event.name)") }
        c.sendActions(for: [.touchUpInside, .touchDown])
        #expect(calls.lines == ["second touchDown", "first touchUpInside"])
    }

    @Test func handlersGetTheSenderAndTheSingleEventWithItsTouch() {
        let c = control()
        var got: [(String, ControlEvents, TouchID?)] = []
        c.addAction(for: .allEvents) { sender, event in got.append((sender.name, event.event, event.touch?.id)) }
        let (window, _) = makeWindow(c)
        window.tap(4, at: pt(10, 10))
        c.sendActions(for: .valueChanged)
        #expect(got.map(\.0) == ["c", "c", "c"])
        #expect(got.map(\.1) == [.touchDown, .touchUpInside, .valueChanged])
        #expect(got.map(\.2) == [.finger(4), .finger(4), nil])
    }

    @Test func targetGetsSenderAndEvent() {
        final class Checker: ActionTarget {
            var seen: [String] = []
            func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
                seen.append("\(action) \(sender.name) \(event.event.name) \(event.touch.map { "\($0.id)" } ?? "-")")
                return true
            }
        }
        let c = control()
        let checker = Checker()
        c.addTarget(checker, action: "go", for: .touchUpInside)
        let (window, _) = makeWindow(c)
        window.tap(2, at: pt(5, 5))
        #expect(checker.seen == ["go c touchUpInside 2"])
    }

    @Test func removeTargetWithTargetAndActionRemovesOnlyThatPair() {
        let c = control()
        let calls = Calls()
        let t1 = Target("t1", record: calls.record), t2 = Target("t2", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addTarget(t1, action: "b", for: .touchDown)
        c.addTarget(t2, action: "a", for: .touchDown)
        c.removeTarget(t1, action: "a")
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t1.b.touchDown", "t2.a.touchDown"])
    }

    @Test func removeTargetWithNilActionRemovesEveryActionOfThatTarget() {
        let c = control()
        let calls = Calls()
        let t1 = Target("t1", record: calls.record), t2 = Target("t2", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addTarget(t1, action: "b", for: .touchDown)
        c.addTarget(t2, action: "a", for: .touchDown)
        c.removeTarget(t1, action: nil)
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t2.a.touchDown"])
    }

    @Test func removeTargetWithNilTargetRemovesThatActionForEveryTarget() {
        let handler = HandlingNode(name: "h")
        handler.handledActions = ["a", "b"]
        let c = control()
        handler.addSubnode(c)
        let calls = Calls()
        let t1 = Target("t1", record: calls.record), t2 = Target("t2", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addTarget(t2, action: "a", for: .touchDown)
        c.addTarget(t2, action: "b", for: .touchDown)
        c.addTarget(nil, action: "a", for: .touchDown)
        c.removeTarget(nil, action: "a")
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["t2.b.touchDown"])
        #expect(handler.performed.isEmpty)
    }

    @Test func removeTargetWithBothNilRemovesAllTargetActionsButNotClosures() {
        let c = control()
        let calls = Calls()
        let t1 = Target("t1", record: calls.record)
        c.addTarget(t1, action: "a", for: .touchDown)
        c.addTarget(nil, action: "b", for: .touchDown)
        c.addAction(for: .touchDown) { _, _ in calls.record("closure") }
        c.removeTarget(nil, action: nil)
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["closure"])
    }

    @Test func removingSomeEventsKeepsTheRest() {
        let c = control()
        let calls = Calls()
        let t = Target("t", record: calls.record)
        c.addTarget(t, action: "a", for: [.touchDown, .touchUpInside])
        c.removeTarget(t, action: "a", for: .touchDown)
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["t.a.touchUpInside"])
        #expect(c.allControlEvents == .touchUpInside)
    }

    @Test func closuresAreRemovedAndReplacedByIdentifier() {
        let c = control()
        let calls = Calls()
        let id = c.addAction(for: .touchDown) { _, _ in calls.record("one") }
        c.addAction(for: .touchDown) { _, _ in calls.record("two") }
        c.addAction(for: .touchUpInside, identifier: id) { _, _ in calls.record("one'") }
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["two", "one'", "one'"])   // replaced, moved to the end, events merged
        calls.lines.removeAll()
        c.removeAction(identifier: id)
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["two"])
    }

    @Test func aHandlerRemovingALaterActionDoesNotChangeTheCurrentSend() {
        let c = control()
        let calls = Calls()
        let t = Target("t", record: calls.record)
        c.addAction(for: [.touchDown, .touchUpInside]) { control, _ in
            calls.record("remover")
            control.removeTarget(t, action: nil)
        }
        c.addTarget(t, action: "a", for: [.touchDown, .touchUpInside])
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["remover", "t.a.touchDown", "remover", "t.a.touchUpInside"])
        calls.lines.removeAll()
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["remover"])
    }

    @Test func aHandlerAddingAnActionDoesNotChangeTheCurrentSend() {
        let c = control()
        let calls = Calls()
        var added = false
        c.addAction(for: [.touchDown, .touchUpInside]) { control, _ in
            calls.record("adder")
            if !added {
                added = true
                control.addAction(for: .allEvents) { _, e in calls.record("new \(e.event.name)") }
            }
        }
        c.sendActions(for: [.touchDown, .touchUpInside])
        #expect(calls.lines == ["adder", "adder"])
        calls.lines.removeAll()
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["adder", "new touchDown"])
    }

    @Test func aHandlerRemovingItselfStillFinishesTheCurrentSend() {
        let c = control()
        let calls = Calls()
        let id = ActionIdentifier("self-removing")
        c.addAction(for: [.touchDown, .touchDragInside], identifier: id) { control, e in
            calls.record(e.event.name)
            control.removeAction(identifier: id)
        }
        c.sendActions(for: [.touchDown, .touchDragInside])
        c.sendActions(for: .touchDown)
        #expect(calls.lines == ["touchDown", "touchDragInside"])
    }

    @Test func aTargetFreedByAnEarlierHandlerIsSkippedInTheSameSend() {
        let c = control()
        let calls = Calls()
        var t: Target? = Target("t", record: calls.record)
        c.addAction(for: .touchDown) { _, _ in t = nil }
        c.addTarget(t, action: "a", for: .touchDown)
        c.sendActions(for: .touchDown)
        #expect(calls.lines.isEmpty)
        #expect(t == nil)
    }

    @Test func nilTargetReachesTheNearestAncestorThatHandlesIt() {
        let far = HandlingNode(name: "far", frame: rect(0, 0, 300, 300))
        let near = HandlingNode(name: "near", frame: rect(0, 0, 200, 200))
        let plain = Node(name: "plain", frame: rect(0, 0, 150, 150))
        far.handledActions = ["save", "close"]
        near.handledActions = ["save"]
        far.addSubnode(near)
        near.addSubnode(plain)
        let c = control()
        plain.addSubnode(c)
        c.addTarget(nil, action: "save", for: .touchUpInside)
        c.addTarget(nil, action: "close", for: .touchUpInside)
        let (window, _) = makeWindow(far)
        window.tap(at: pt(10, 10))
        #expect(near.performed == ["save from c for touchUpInside"])
        #expect(far.performed == ["close from c for touchUpInside"])
    }

    @Test func nilTargetStartsAtTheControlItself() {
        final class SelfHandling: ControlNode {
            var performed: [Action] = []
            override func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool {
                performed.append(action)
                return true
            }
        }
        let parent = HandlingNode(name: "p")
        parent.handledActions = ["x"]
        let c = SelfHandling(name: "c")
        parent.addSubnode(c)
        c.addTarget(nil, action: "x", for: .valueChanged)
        c.sendActions(for: .valueChanged)
        #expect(c.performed == ["x"])
        #expect(parent.performed.isEmpty)
    }

    @Test func nilTargetReachesTheWindowThenTheApplication() {
        let app = RecordingApplication()
        app.handledActions = ["quit", "zoom"]
        let root = Node(name: "root", frame: rect(0, 0, 100, 100))
        let c = control()
        root.addSubnode(c)
        let window = RecordingWindow(root: root, size: Size(width: 100, height: 100), application: app)
        window.handledActions = ["zoom"]
        c.addTarget(nil, action: "zoom", for: .touchUpInside)
        c.addTarget(nil, action: "quit", for: .touchUpInside)
        c.addTarget(nil, action: "nobody", for: .touchUpInside)
        window.tap(at: pt(10, 10))
        #expect(window.performed == ["zoom from c"])
        #expect(app.performed == ["quit from c"])
    }

    @Test func explicitTargetIsCalledEvenWhenItIsInTheChain() {
        let handler = HandlingNode(name: "h")
        handler.handledActions = ["x"]
        let other = HandlingNode(name: "o")
        other.handledActions = ["x"]
        let c = control()
        handler.addSubnode(c)
        c.addTarget(other, action: "x", for: .touchDown)
        c.sendActions(for: .touchDown)
        #expect(other.performed == ["x from c for touchDown"])
        #expect(handler.performed.isEmpty)
    }

    @Test func registrationQueries() {
        let c = control()
        let t = Target("t") { _ in }
        c.addTarget(t, action: "a", for: .touchDown)
        c.addTarget(t, action: "b", for: [.touchDown, .valueChanged])
        c.addTarget(nil, action: "n", for: .touchCancel)
        c.addAction(for: .primaryActionTriggered) { _, _ in }
        #expect(c.actions(for: t, event: .touchDown) == ["a", "b"])
        #expect(c.actions(for: t, event: .valueChanged) == ["b"])
        #expect(c.actions(for: nil, event: .touchCancel) == ["n"])
        #expect(c.actions(for: nil, event: .touchDown).isEmpty)
        #expect(c.allControlEvents == [.touchDown, .valueChanged, .touchCancel, .primaryActionTriggered])
    }
}
