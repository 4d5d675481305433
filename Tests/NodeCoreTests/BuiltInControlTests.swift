import Testing
@testable import NodeCore

// behaviour.md §4.4 built-in controls: ButtonNode, ToggleNode, SliderNode.

@Suite struct ButtonTests {
    @Test func tapSendsPrimaryActionTriggeredRightAfterTouchUpInside() {
        let b = ButtonNode(name: "b", frame: rect(0, 0, 100, 40))
        let log = EventLog(b)
        let (w, _) = makeWindow(b)
        w.tap(at: pt(10, 10))
        #expect(log.lines == ["b.touchDown", "b.touchUpInside", "b.primaryActionTriggered"])
    }

    @Test func primaryActionTriggeredComesAfterEveryTouchUpInsideHandler() {
        let b = ButtonNode(name: "b", frame: rect(0, 0, 100, 40))
        var order: [String] = []
        b.addAction(for: .primaryActionTriggered) { _, _ in order.append("primary") }
        b.addAction(for: .touchUpInside) { _, _ in order.append("up1") }
        b.addAction(for: .touchUpInside) { _, _ in order.append("up2") }
        let (w, _) = makeWindow(b)
        w.tap(at: pt(10, 10))
        #expect(order == ["up1", "up2", "primary"])
    }

    @Test func releaseOutsideSendsNoPrimaryAction() {
        let b = ButtonNode(name: "b", frame: rect(0, 0, 100, 40))
        let log = EventLog(b)
        let (w, _) = makeWindow(b)
        w.touchDown(.finger(1), at: pt(10, 10), time: 0)
        w.touchMoved(.finger(1), to: pt(300, 300), time: 1)
        w.touchUp(.finger(1), time: 2)
        #expect(log.lines == ["b.touchDown", "b.touchDragOutside", "b.touchDragExit", "b.touchUpOutside"])
    }

    @Test func cancelSendsNoPrimaryAction() {
        let b = ButtonNode(name: "b", frame: rect(0, 0, 100, 40))
        let log = EventLog(b)
        let (w, _) = makeWindow(b)
        w.touchDown(.finger(1), at: pt(10, 10), time: 0)
        w.touchCancel(.finger(1), time: 1)
        #expect(log.lines == ["b.touchDown", "b.touchCancel"])
    }

    @Test func highlightedOnlyWhileTheTouchIsInside() {
        let b = ButtonNode(name: "b", frame: rect(0, 0, 100, 40))
        b.backgroundColor = .white
        b.highlightedColor = .black
        let (w, _) = makeWindow(b)
        #expect(b.currentBackgroundColor == .white)
        w.touchDown(.finger(1), at: pt(10, 10), time: 0)
        #expect(b.state == .highlighted)
        #expect(b.currentBackgroundColor == .black)
        w.touchMoved(.finger(1), to: pt(300, 300), time: 1)
        #expect(b.state == .normal)
        w.touchUp(.finger(1), time: 2)
        #expect(b.state == .normal)
    }
}

@Suite struct ToggleTests {
    @Test func tapFlipsSelectedAndSendsValueChangedAfterTouchUpInside() {
        let t = ToggleNode(name: "t", frame: rect(0, 0, 60, 30))
        var valuesSeen: [Bool] = []
        t.addAction(for: .valueChanged) { sender, _ in valuesSeen.append(sender.isSelected) }
        let log = EventLog(t)
        let (w, _) = makeWindow(t)
        w.tap(at: pt(10, 10))
        #expect(t.isSelected && t.isOn)
        #expect(log.lines == ["t.touchDown", "t.touchUpInside", "t.valueChanged"])
        w.tap(at: pt(10, 10), time: 1000)
        #expect(!t.isSelected)
        #expect(valuesSeen == [true, false])
    }

    @Test func releaseOutsideOrCancelDoesNotFlip() {
        let t = ToggleNode(name: "t", frame: rect(0, 0, 60, 30))
        let log = EventLog(t)
        let (w, _) = makeWindow(t)
        w.touchDown(.finger(1), at: pt(10, 10), time: 0)
        w.touchMoved(.finger(1), to: pt(200, 10), time: 1)
        w.touchUp(.finger(1), time: 2)
        w.touchDown(.finger(1), at: pt(10, 10), time: 1000)
        w.touchCancel(.finger(1), time: 1001)
        #expect(!t.isSelected)
        #expect(!log.lines.contains("t.valueChanged"))
    }

    @Test func settingIsOnDirectlySendsNothing() {
        let t = ToggleNode(name: "t", frame: rect(0, 0, 60, 30))
        let log = EventLog(t)
        t.isOn = true
        #expect(t.isSelected)
        #expect(t.state == .selected)
        #expect(log.lines.isEmpty)
    }
}

@Suite struct SliderTests {
    /// A 200-wide slider at x = 100.
    func scene() -> (Window, SliderNode, EventLog) {
        let s = SliderNode(name: "s", frame: rect(100, 100, 200, 20))
        let log = EventLog(s)
        let (w, _) = makeWindow(s)
        return (w, s, log)
    }

    @Test func valueJumpsToTheTouchAndFollowsIt() {
        let (w, s, log) = scene()
        w.touchDown(.finger(1), at: pt(150, 110), time: 0)
        #expect(s.value == 0.25)
        w.touchMoved(.finger(1), to: pt(250, 110), time: 1)
        #expect(s.value == 0.75)
        w.touchUp(.finger(1), time: 2)
        #expect(s.value == 0.75)
        #expect(log.events(of: "s") == ["touchDown", "valueChanged", "touchDragInside", "valueChanged", "touchUpInside"])
    }

    @Test func valueChangedOnlyWhenTheValueChanges() {
        let (w, s, log) = scene()
        s.value = 0.5
        w.touchDown(.finger(1), at: pt(200, 110), time: 0)   // already 0.5
        w.touchMoved(.finger(1), to: pt(200, 115), time: 1)  // vertical move, same value
        w.touchMoved(.finger(1), to: pt(201, 115), time: 2)
        #expect(log.events(of: "s") == ["touchDown", "touchDragInside", "touchDragInside", "valueChanged"])
    }

    @Test func valueIsClampedToZeroOne() {
        let (w, s, log) = scene()
        w.touchDown(.finger(1), at: pt(110, 110), time: 0)
        w.touchMoved(.finger(1), to: pt(350, 110), time: 1)
        #expect(s.value == 1)
        w.touchMoved(.finger(1), to: pt(400, 110), time: 2)   // still 1: no valueChanged
        w.touchMoved(.finger(1), to: pt(0, 110), time: 3)
        #expect(s.value == 0)
        #expect(log.events(of: "s").filter { $0 == "valueChanged" }.count == 3)
    }

    @Test func followsEvenOutsideTheDragTolerance() {
        let (w, s, log) = scene()
        w.touchDown(.finger(1), at: pt(110, 110), time: 0)
        w.touchMoved(.finger(1), to: pt(200, 300), time: 1)
        #expect(s.value == 0.5)
        #expect(log.events(of: "s").suffix(3) == ["touchDragOutside", "touchDragExit", "valueChanged"])
    }

    @Test func settingValueDirectlyClampsAndSendsNothing() {
        let (_, s, log) = scene()
        s.value = 2
        #expect(s.value == 1)
        s.value = -1
        #expect(s.value == 0)
        s.value = .nan
        #expect(s.value == 0)
        #expect(log.lines.isEmpty)
    }

    @Test func stopsFollowingOnceTrackingIsCancelled() {
        let (w, s, _) = scene()
        w.touchDown(.finger(1), at: pt(150, 110), time: 0)
        w.touchDown(.finger(2), at: pt(250, 110), time: 1)    // second touch cancels
        #expect(s.value == 0.25)
        w.touchMoved(.finger(1), to: pt(280, 110), time: 2)
        w.touchMoved(.finger(2), to: pt(280, 110), time: 2)
        #expect(s.value == 0.25)
    }

    @Test func zeroWidthSliderKeepsItsValue() {
        let s = SliderNode(name: "s", frame: rect(0, 0, 0, 20))
        s.hitTestSlop = EdgeInsets(all: -20)
        s.value = 0.3
        let (w, _) = makeWindow(s)
        w.touchDown(.finger(1), at: pt(5, 5), time: 0)
        #expect(s.isTracking)
        #expect(s.value == 0.3)
    }
}
