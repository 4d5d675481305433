import Testing
@testable import NodeCore

// behaviour.md §9.2: delaysContentTouches, canCancelContentTouches and
// touchesShouldCancel(in:) — who gets a touch on content inside a scroll node.

/// A scroll node whose `touchesShouldCancel(in:)` answers from a closure.
final class DecidingScrollNode: ScrollNode {
    var decide: (Node) -> Bool = { _ in true }
    private(set) var asked: [String] = []

    override func touchesShouldCancel(in node: Node) -> Bool {
        asked.append(node.name)
        return decide(node)
    }
}

@Suite struct ContentTouchDelayTests {
    /// Logs `button.touchDown@t(x,y)` for control events, with time and location.
    final class TimedLog {
        var lines: [String] = []
        init(_ controls: ControlNode...) {
            for control in controls {
                control.addAction(for: .allEvents) { [unowned self] sender, event in
                    let p = event.touch!.location(in: sender)
                    lines.append("\(sender.name).\(event.event.name)@\(format(event.touch!.timestamp))(\(format(p.x)),\(format(p.y)))")
                }
            }
        }
    }

    @Test func aTouchLiftedAt149msIsDeliveredAsItsDownThenItsUpBothAtTheUpsTime() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(20 + 50, 110, at: 0)
        b.move(25 + 50, 114, at: 60)
        #expect(log.lines.isEmpty)
        b.up(at: 149)
        #expect(log.lines == ["button.touchDown@149(20,10)", "button.touchUpInside@149(25,14)",
                              "button.primaryActionTriggered@149(25,14)"])
    }

    @Test func aTouchHeldPast150msReachesTheContentWhenTheDelayExpiresAtItsLocationThen() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        b.move(75, 114, at: 60)
        b.move(76, 115, at: 150.5)  // the delay expired at 150, before this move
        #expect(log.lines == ["button.touchDown@150(25,14)", "button.touchDragInside@150.5(26,15)"])
        b.up(at: 300)
        #expect(log.lines.suffix(2) == ["button.touchUpInside@300(26,15)", "button.primaryActionTriggered@300(26,15)"])
    }

    @Test func theDelayExpiresOnTheClockWithoutAnyInput() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        #expect(b.window.clock.nextDeadline == 150)
        b.window.clock.advance(to: 149.9)
        #expect(log.lines.isEmpty)
        b.window.clock.advance(to: 150)
        #expect(log.lines == ["button.touchDown@150(20,10)"])
        #expect(b.window.clock.nextDeadline == nil)
    }

    @Test func aLiftAtExactly150msComesAfterTheDelayExpired() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        b.up(at: 150)
        #expect(log.lines.prefix(2) == ["button.touchDown@150(20,10)", "button.touchUpInside@150(20,10)"])
    }

    @Test func aDragThatBeginsWithinTheDelayMeansTheContentNeverSeesTheTouch() {
        let b = ScrollBench()
        b.down(200, 130, at: 0)
        b.move(200, 100, at: 100)
        b.move(200, 50, at: 110)
        b.window.clock.advance(to: 1000)
        b.up(at: 1000)
        b.settle()
        #expect(!b.lines.contains { $0.hasPrefix("button.") })
        #expect(b.list.contentOffset.y > 0)
    }

    @Test func withoutDelayTheContentGetsTheDownAtOnce() {
        let b = ScrollBench()
        b.list.delaysContentTouches = false
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        #expect(log.lines == ["button.touchDown@0(20,10)"])
    }

    @Test func whenNoScrollNodeOnThePathCanScrollTheContentGetsTheDownAtOnce() {
        let b = ScrollBench()
        b.list.contentSize = b.list.frame.size
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        #expect(log.lines == ["button.touchDown@0(20,10)"])
    }

    @Test func passingTheSlopWhereNoScrollNodeCanScrollDeliversTheDownThenAtTheLocationThen() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        b.move(90, 112, at: 40)      // horizontal, 20 pt: only the list watches; it cannot
        #expect(log.lines == ["button.touchDown@40(40,12)"])
        b.move(95, 112, at: 50)
        #expect(log.lines.last == "button.touchDragInside@50(45,12)")
    }

    @Test func theBoundNodeIsAlwaysTheOneHitAtTheDown() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        b.move(70, 250, at: 5)       // over the label, 140 pt down: a drag, no content
        b.up(at: 10)
        b.down(70, 110, at: 1000)    // a new tap: bound to whatever is under it now
        b.up(at: 1010)
        #expect(!log.lines.contains { $0.hasPrefix("button.touchDown@0") })
    }

    // MARK: Cancelling content that has the touch

    @Test func aControlKeepsItsTouchByDefaultAndTheListDoesNotDrag() {
        let b = ScrollBench()
        let log = TimedLog(b.button)
        b.down(70, 110, at: 0)
        b.move(70, 111, at: 200)     // the button has it (delay expired at 150)
        b.move(70, 180, at: 210)     // a vertical drag past the slop
        #expect(!b.list.isDragging)
        #expect(b.list.contentOffset == .zero)
        #expect(log.lines.last == "button.touchDragInside@210(20,80)")
        b.up(at: 220)
        #expect(log.lines.last == "button.primaryActionTriggered@220(20,80)")
    }

    @Test func cancelsControlTouchesMakesTheDragCancelTheControlFirst() {
        let b = ScrollBench()
        b.list.cancelsControlTouches = true
        b.down(70, 110, at: 0)
        b.move(70, 111, at: 200)
        b.move(70, 180, at: 210)
        #expect(b.list.isDragging)
        #expect(b.lines == ["button.touchDown", "button.touchDragInside", "button.touchCancel", "list.scrollBegan"])
        b.up(at: 220)
        #expect(!b.lines.contains("button.touchUpInside"))
    }

    @Test func aPlainNodesTouchIsCancelledByTheDragByDefault() {
        let b = ScrollBench()
        b.down(70, 230, at: 0)
        b.window.clock.advance(to: 200)
        #expect(b.label.received == ["began"])
        b.move(70, 180, at: 210)
        #expect(b.label.received == ["began", "cancelled"])
        #expect(b.list.isDragging)
    }

    @Test func withoutCanCancelContentTouchesTheContentKeepsItsTouch() {
        let b = ScrollBench()
        b.list.canCancelContentTouches = false
        b.down(70, 230, at: 0)
        b.window.clock.advance(to: 200)
        b.move(70, 180, at: 210)
        #expect(!b.list.isDragging)
        #expect(b.label.received == ["began", "moved"])
    }

    @Test func anOverriddenTouchesShouldCancelDecidesAndIsAskedWithTheBoundNode() {
        let root = Node(name: "root", frame: rect(0, 0, 400, 800))
        let list = DecidingScrollNode(name: "list", frame: rect(0, 0, 400, 400))
        list.contentSize = Size(width: 400, height: 2000)
        let button = ButtonNode(name: "button", frame: rect(0, 0, 400, 60))
        let label = RecordingNode(name: "label", frame: rect(0, 100, 400, 60))
        list.addSubnode(button)
        list.addSubnode(label)
        root.addSubnode(list)
        let window = Window(root: root, size: Size(width: 400, height: 800))
        let log = EventLog(button)
        list.decide = { $0 is ButtonNode }     // the opposite of the default

        window.touchDown(.finger(1), at: pt(10, 10), time: 0)
        window.touchMoved(.finger(1), to: pt(10, 11), time: 200)
        window.touchMoved(.finger(1), to: pt(10, 40), time: 210)
        #expect(list.isDragging)
        #expect(log.events(of: "button").last == "touchCancel")
        window.touchUp(.finger(1), time: 220)

        window.touchDown(.finger(2), at: pt(10, 110), time: 1000)
        window.touchMoved(.finger(2), to: pt(10, 111), time: 1200)
        window.touchMoved(.finger(2), to: pt(10, 140), time: 1210)
        #expect(!list.isDragging)
        #expect(label.received == ["began", "moved", "moved"])
        #expect(list.asked == ["button", "label"])
    }
}
