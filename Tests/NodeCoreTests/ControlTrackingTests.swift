import Testing
@testable import NodeCore

// behaviour.md §4.2 tracking: one touch per control; began/moved/ended/cancelled rules,
// the drag tolerance, and what cancels tracking.

@Suite struct ControlStateTests {
    @Test func defaults() {
        let c = ControlNode(name: "c", frame: rect(0, 0, 10, 10))
        #expect(c.isEnabled)
        #expect(!c.isSelected && !c.isHighlighted && !c.isTracking && !c.isTouchInside)
        #expect(c.state == .normal)
        #expect(c.dragTolerance == 70)
        #expect(ControlNode.defaultDragTolerance == 70)
    }

    @Test func stateIsSynthesizedFromTheFlags() {
        let c = ControlNode(name: "c", frame: rect(0, 0, 10, 10))
        c.isHighlighted = true
        #expect(c.state == .highlighted)
        c.isSelected = true
        #expect(c.state == [.highlighted, .selected])
        c.isEnabled = false
        #expect(c.state == [.highlighted, .selected, .disabled])
        c.isHighlighted = false
        c.isSelected = false
        #expect(c.state == .disabled)
        #expect(ControlState.highlighted.rawValue == 1 && ControlState.disabled.rawValue == 2
                && ControlState.selected.rawValue == 4)
    }

    @Test func eventBitsAreUIKits() {
        let expected: [(ControlEvents, UInt32)] = [
            (.touchDown, 1 << 0), (.touchDownRepeat, 1 << 1), (.touchDragInside, 1 << 2),
            (.touchDragOutside, 1 << 3), (.touchDragEnter, 1 << 4), (.touchDragExit, 1 << 5),
            (.touchUpInside, 1 << 6), (.touchUpOutside, 1 << 7), (.touchCancel, 1 << 8),
            (.valueChanged, 1 << 12), (.primaryActionTriggered, 1 << 13),
            (.allTouchEvents, 0xFFF),
        ]
        for (event, raw) in expected { #expect(event.rawValue == raw) }
        #expect(ControlEvents.allEvents.isSuperset(of: [.valueChanged, .primaryActionTriggered, .allTouchEvents]))
        #expect(ControlEvents(name: "touchUpInside") == .touchUpInside)
        #expect(ControlEvents.touchDragExit.name == "touchDragExit")
    }

    @Test func trackingRectIsTheSlopRectGrownByTheTolerance() {
        let c = ControlNode(name: "c", frame: rect(0, 0, 40, 20))
        c.hitTestSlop = EdgeInsets(top: -5, left: 0, bottom: 0, right: 5)   // slopRect (0, -5, 35, 25)
        c.dragTolerance = 10
        #expect(c.trackingRect == rect(-10, -15, 55, 45))
    }
}

@Suite struct ControlTrackingTests {
    /// A 100×100 control at (100,100) in a 400×400 window, with an event log.
    func scene<C: ControlNode>(_ make: (String, Rect) -> C) -> (Window, C, EventLog) {
        let c = make("c", rect(100, 100, 100, 100))
        let log = EventLog(c)
        let (window, _) = makeWindow(c)
        return (window, c, log)
    }

    func down(_ w: Window, _ p: Point, _ t: Double = 0, id: Int = 1) { w.touchDown(.finger(id), at: p, time: t) }
    func move(_ w: Window, _ p: Point, _ t: Double = 1, id: Int = 1) { w.touchMoved(.finger(id), to: p, time: t) }
    func up(_ w: Window, _ t: Double = 2, id: Int = 1) { w.touchUp(.finger(id), time: t) }

    @Test func beganHighlightsAndSendsTouchDown() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        #expect(c.isTracking && c.isTouchInside && c.isHighlighted)
        #expect(c.trackingTouch?.id == .finger(1))
        #expect(log.lines == ["c.touchDown"])
    }

    @Test func tapInsideSendsTouchUpInsideAndClearsState() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        up(w)
        #expect(!c.isTracking && !c.isTouchInside && !c.isHighlighted)
        #expect(c.trackingTouch == nil)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside"])
    }

    @Test func secondTapSendsTouchDownAndTouchDownRepeatInOneSend() {
        let (w, c, log) = scene(ControlNode.init)
        var repeatFired = 0
        let repeatID = c.addAction(for: .touchDownRepeat) { _, _ in repeatFired += 1 }
        // If the two bits were separate sends, removing the repeat action from the
        // touchDown handler would keep it from firing.
        c.addAction(for: .touchDown) { control, event in
            if event.touch?.tapCount == 2 { control.removeAction(identifier: repeatID) }
        }
        w.tap(at: pt(150, 150), time: 0)
        log.clear()
        w.tap(at: pt(150, 150), time: 100)
        #expect(log.lines == ["c.touchDown", "c.touchDownRepeat", "c.touchUpInside"])
        #expect(repeatFired == 1)
    }

    @Test func dragInsideStaysInsideWithoutEnterOrExit() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(160, 150))
        move(w, pt(170, 150))
        #expect(log.lines == ["c.touchDown", "c.touchDragInside", "c.touchDragInside"])
        #expect(c.isHighlighted && c.isTouchInside)
    }

    @Test func dragToleranceBoundaryIsHalfOpen() {
        // trackingRect = (30, 30) ..< (270, 270) in window coordinates.
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(269.999, 150))
        #expect(c.isTouchInside)
        move(w, pt(270, 150))                   // maxX + 70: outside
        #expect(!c.isTouchInside && !c.isHighlighted)
        move(w, pt(30, 150))                    // minX - 70: inside
        #expect(c.isTouchInside && c.isHighlighted)
        move(w, pt(29.999, 150))
        #expect(!c.isTouchInside)
        move(w, pt(150, 30))                    // minY - 70: inside
        #expect(c.isTouchInside)
        move(w, pt(150, 270))                   // maxY + 70: outside
        #expect(!c.isTouchInside)
        #expect(log.events(of: "c") == [
            "touchDown", "touchDragInside", "touchDragOutside", "touchDragExit",
            "touchDragInside", "touchDragEnter", "touchDragOutside", "touchDragExit",
            "touchDragInside", "touchDragEnter", "touchDragOutside", "touchDragExit",
        ])
    }

    @Test func dragTransitionsSendEnterAndExitOnlyOnChange() {
        let (w, _, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(300, 150))
        move(w, pt(310, 150))
        move(w, pt(150, 150))
        move(w, pt(155, 150))
        #expect(log.events(of: "c") == [
            "touchDown",
            "touchDragOutside", "touchDragExit",
            "touchDragOutside",
            "touchDragInside", "touchDragEnter",
            "touchDragInside",
        ])
    }

    @Test func toleranceIsMeasuredFromTheSlopRect() {
        let (w, c, log) = scene(ControlNode.init)
        c.hitTestSlop = EdgeInsets(all: -10)
        down(w, pt(150, 150))
        move(w, pt(279.999, 150))
        #expect(c.isTouchInside)
        move(w, pt(280, 150))
        #expect(!c.isTouchInside)
        up(w)
        #expect(log.events(of: "c").last == "touchUpOutside")
    }

    @Test func releaseWithinToleranceIsTouchUpInside() {
        let (w, _, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(260, 150))
        up(w)
        #expect(log.events(of: "c").last == "touchUpInside")
    }

    @Test func releaseBeyondToleranceIsTouchUpOutside() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(270, 150))
        up(w)
        #expect(log.events(of: "c").last == "touchUpOutside")
        #expect(!c.isTracking && !c.isHighlighted)
    }

    @Test func releaseAfterComingBackIsTouchUpInside() {
        let (w, _, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        move(w, pt(350, 150))
        move(w, pt(150, 150))
        up(w)
        #expect(log.events(of: "c").last == "touchUpInside")
    }

    @Test func beginTrackingFalseIgnoresTheTouch() {
        let (w, c, log) = scene(ScriptedControl.init)
        c.acceptsBegin = false
        down(w, pt(150, 150))
        move(w, pt(160, 160))
        up(w)
        #expect(c.hooks == ["begin"])
        #expect(log.lines.isEmpty)
        #expect(!c.isTracking && !c.isHighlighted)
    }

    @Test func continueTrackingFalseStopsSilently() {
        let (w, c, log) = scene(ScriptedControl.init)
        down(w, pt(150, 150))
        c.acceptsContinue = false
        move(w, pt(160, 160))
        #expect(!c.isTracking && !c.isHighlighted && !c.isTouchInside)
        move(w, pt(170, 170))
        up(w)
        #expect(c.hooks == ["begin", "continue"])
        #expect(log.lines == ["c.touchDown"])
    }

    @Test func hooksRunBeforeTheirEvents() {
        let (w, c, _) = scene(ScriptedControl.init)
        c.addAction(for: .allEvents) { [unowned c] _, event in c.hooks.append(event.event.name) }
        down(w, pt(150, 150))
        move(w, pt(155, 150))
        up(w)
        down(w, pt(150, 150), 1000)
        w.touchCancel(.finger(1), time: 1001)
        #expect(c.hooks == [
            "begin", "touchDown", "continue", "touchDragInside", "end", "touchUpInside",
            "begin", "touchDown", "cancel", "touchCancel",
        ])
    }

    @Test func touchCancelSendsTouchCancelAndClearsState() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        w.touchCancel(.finger(1), time: 1)
        #expect(!c.isTracking && !c.isHighlighted && !c.isTouchInside)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func secondTouchCancelsTracking() {
        let (w, c, log) = scene(ScriptedControl.init)
        down(w, pt(150, 150), id: 1)
        down(w, pt(160, 160), id: 2)
        #expect(!c.isTracking && !c.isHighlighted)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        // Neither finger does anything more.
        move(w, pt(155, 155), id: 1)
        move(w, pt(165, 165), id: 2)
        up(w, id: 1)
        up(w, id: 2)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        #expect(c.hooks == ["begin", "cancel"])
    }

    @Test func aFreshTouchAfterTheCancelTracksAgain() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150), id: 1)
        down(w, pt(160, 160), id: 2)
        up(w, id: 1)
        up(w, id: 2)
        log.clear()
        w.tap(3, at: pt(150, 150), time: 1000)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside"])
        #expect(!c.isTracking)
    }

    @Test func secondTouchOnAChildOfTheControlAlsoCancels() {
        let (w, c, log) = scene(ControlNode.init)
        c.addSubnode(Node(name: "label", frame: rect(0, 0, 50, 50)))
        down(w, pt(180, 180), id: 1)
        down(w, pt(110, 110), id: 2)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func touchesOnDifferentControlsTrackIndependently() {
        let a = ButtonNode(name: "a", frame: rect(0, 0, 100, 100))
        let b = ButtonNode(name: "b", frame: rect(200, 0, 100, 100))
        let log = EventLog(a, b)
        let (w, _) = makeWindow(a, b)
        down(w, pt(50, 50), id: 1)
        down(w, pt(250, 50), id: 2)
        up(w, id: 1)
        up(w, id: 2)
        #expect(log.lines == ["a.touchDown", "b.touchDown", "a.touchUpInside", "a.primaryActionTriggered",
                              "b.touchUpInside", "b.primaryActionTriggered"])
    }

    @Test func cancelOnlyWhileTracking() {
        let (w, c, log) = scene(ScriptedControl.init)
        c.cancelActiveTracking()
        #expect(log.lines.isEmpty)
        w.tap(at: pt(150, 150))
        c.cancelActiveTracking()
        w.touchDown(.finger(2), at: pt(150, 150), time: 500)
        c.acceptsContinue = false
        w.touchMoved(.finger(2), to: pt(151, 150), time: 501)
        w.touchCancel(.finger(2), time: 502)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside", "c.touchDown"])
        #expect(!c.hooks.contains("cancel"))
    }

    @Test func cancellingAnotherTouchLeavesTrackingAlone() {
        let a = ButtonNode(name: "a", frame: rect(0, 0, 100, 100))
        let log = EventLog(a)
        let (w, _) = makeWindow(a)
        down(w, pt(50, 50), id: 1)
        down(w, pt(300, 300), id: 2)
        w.touchCancel(.finger(2), time: 1)
        #expect(a.isTracking)
        #expect(log.lines == ["a.touchDown"])
    }

    @Test func disablingWhileTrackingCancels() {
        let (w, c, log) = scene(ScriptedControl.init)
        down(w, pt(150, 150))
        c.isEnabled = false
        #expect(!c.isTracking && !c.isHighlighted)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        #expect(c.hooks == ["begin", "cancel"])
        c.isEnabled = true
        move(w, pt(155, 155))
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func disablingAnAncestorControlWhileTrackingCancels() {
        let outer = ControlNode(name: "outer", frame: rect(0, 0, 300, 300))
        let inner = ButtonNode(name: "inner", frame: rect(100, 100, 100, 100))
        outer.addSubnode(inner)
        let log = EventLog(inner)
        let (w, _) = makeWindow(outer)
        down(w, pt(150, 150))
        #expect(inner.isTracking)
        outer.isEnabled = false
        #expect(!inner.isTracking && !inner.isHighlighted)
        up(w)
        #expect(log.lines == ["inner.touchDown", "inner.touchCancel"])
    }


    @Test func disablingAnIdleControlSendsNothing() {
        let (_, c, log) = scene(ControlNode.init)
        c.isEnabled = false
        c.isEnabled = true
        #expect(log.lines.isEmpty)
    }

    @Test func removingWhileTrackingCancels() {
        let (w, c, log) = scene(ScriptedControl.init)
        down(w, pt(150, 150))
        c.removeFromSupernode()
        #expect(!c.isTracking && !c.isHighlighted)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func removingAnAncestorWhileTrackingCancels() {
        let container = Node(name: "container", frame: rect(0, 0, 300, 300))
        let button = ButtonNode(name: "b", frame: rect(100, 100, 100, 100))
        container.addSubnode(button)
        let log = EventLog(button)
        let (w, _) = makeWindow(container)
        down(w, pt(150, 150))
        container.removeFromSupernode()
        #expect(!button.isTracking)
        #expect(log.lines == ["b.touchDown", "b.touchCancel"])
    }

    @Test func replacingAnAncestorOrTheWindowRootWhileTrackingCancels() {
        let container = Node(name: "container", frame: rect(0, 0, 300, 300))
        let button = ButtonNode(name: "b", frame: rect(100, 100, 100, 100))
        container.addSubnode(button)
        let log = EventLog(button)
        let (w, root) = makeWindow(container)
        down(w, pt(150, 150))
        root.replaceSubnode(container, with: Node(name: "other"))
        #expect(log.lines == ["b.touchDown", "b.touchCancel"])
        up(w)

        root.replaceSubnode(root.subnodes[0], with: container)
        log.clear()
        down(w, pt(150, 150), 1000)
        w.root = Node(name: "newRoot", frame: rect(0, 0, 400, 400))
        #expect(log.lines == ["b.touchDown", "b.touchCancel"])
    }

    @Test func movingToAnotherTreeWhileTrackingCancels() {
        let (w, c, log) = scene(ControlNode.init)
        down(w, pt(150, 150))
        let elsewhere = Node(name: "elsewhere")
        elsewhere.addSubnode(c)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func movingWithinTheTreeKeepsTracking() {
        let holder = Node(name: "holder", frame: rect(0, 0, 400, 400))
        let (w, root) = makeWindow(holder)
        let c = ButtonNode(name: "c", frame: rect(100, 100, 100, 100))
        root.addSubnode(c)
        let log = EventLog(c)
        down(w, pt(150, 150))
        holder.addSubnode(c)            // reparent within the tree
        root.insertSubnode(c, at: 0)    // and back, to the back
        root.addSubnode(c)              // and to the front
        #expect(c.isTracking)
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside", "c.primaryActionTriggered"])
    }

    @Test func touchBoundToADescendantIsCancelledWhenTheDescendantMovesOutOfTheControl() {
        // The touch no longer reaches the control: it must not stay tracking.
        let (w, c, log) = scene(ControlNode.init)
        let label = Node(name: "label", frame: rect(0, 0, 50, 50))
        c.addSubnode(label)
        down(w, pt(110, 110))
        #expect(c.isTracking)
        w.root.addSubnode(label)
        #expect(!c.isTracking && !c.isHighlighted)
        move(w, pt(112, 112))
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
    }

    @Test func touchBoundToADescendantIsCancelledWhenTheDescendantIsRemoved() {
        let (w, c, log) = scene(ControlNode.init)
        let wrapper = Node(name: "wrapper", frame: rect(0, 0, 80, 80))
        let label = Node(name: "label", frame: rect(0, 0, 50, 50))
        c.addSubnode(wrapper)
        wrapper.addSubnode(label)
        down(w, pt(110, 110))
        wrapper.removeFromSupernode()
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        #expect(!c.isTracking)
    }

    @Test func touchBoundToADescendantKeepsTrackingWhenItMovesWithinTheControl() {
        let (w, c, log) = scene(ControlNode.init)
        let wrapper = Node(name: "wrapper", frame: rect(0, 0, 80, 80))
        let label = Node(name: "label", frame: rect(0, 0, 50, 50))
        c.addSubnode(wrapper)
        wrapper.addSubnode(label)
        down(w, pt(110, 110))
        c.addSubnode(label)           // out of the wrapper, still inside the control
        wrapper.removeFromSupernode() // unrelated to the bound node
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside"])
    }

    @Test func touchBoundToADescendantIsCancelledWhenAnotherControlNowSitsInBetween() {
        // Found by the property test: the label moves under an inner control that is
        // still inside the tracking control; the inner control now consumes the touch.
        let (w, c, log) = scene(ControlNode.init)
        let inner = ControlNode(name: "inner", frame: rect(50, 50, 40, 40))
        let label = Node(name: "label", frame: rect(0, 0, 30, 30))
        c.addSubnode(inner)
        c.addSubnode(label)
        log.watch(inner)
        down(w, pt(110, 110))
        #expect(c.isTracking)
        inner.addSubnode(label)
        #expect(!c.isTracking && !c.isHighlighted)
        move(w, pt(112, 112))
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        #expect(!inner.isTracking)
    }

    @Test func trackingEndsWithTheTouchEvenWhenItsEndIsConsumedBelowTheControl() {
        // A node under the control starts consuming touches mid-touch: the control never
        // sees the up, and must not outlive the touch.
        let (w, c, log) = scene(ControlNode.init)
        let label = RecordingNode(name: "label", frame: rect(0, 0, 30, 30))
        c.addSubnode(label)
        down(w, pt(110, 110))
        #expect(c.isTracking)
        label.passesOn = false
        up(w)
        #expect(!c.isTracking && !c.isHighlighted)
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])

        label.passesOn = true
        down(w, pt(110, 110), 1000)
        label.passesOn = false
        w.touchCancel(.finger(1), time: 1001)
        #expect(!c.isTracking)
        #expect(log.lines == ["c.touchDown", "c.touchCancel", "c.touchDown", "c.touchCancel"])
    }

    @Test func movingAnUnrelatedSubnodeOutOfATrackingControlKeepsTracking() {
        let (w, c, log) = scene(ControlNode.init)
        let other = Node(name: "other", frame: rect(60, 60, 30, 30))
        c.addSubnode(other)
        down(w, pt(110, 110))          // bound to c itself
        w.root.addSubnode(other)
        up(w)
        #expect(log.lines == ["c.touchDown", "c.touchUpInside"])
    }

    @Test func aHandlerDisablingTheControlDuringTouchDownLeavesOneTerminal() {
        let (w, c, log) = scene(ControlNode.init)
        c.addAction(for: .touchDown) { control, _ in control.isEnabled = false }
        w.tap(at: pt(150, 150))
        #expect(log.lines == ["c.touchDown", "c.touchCancel"])
        #expect(!c.isTracking && !c.isHighlighted)
    }
}
