import Testing
@testable import NodeCore

// behaviour.md §3 seat input: frame batching, weston ≤ 10's missing final frame, cancel,
// unknown ids, and the pointer acting as the touch `pointer`.

@Suite struct InputDispatcherTests {
    /// Buttons a (0..100) and b (200..300) on a row, each logged.
    struct Scene {
        let a = ButtonNode(name: "a", frame: rect(0, 0, 100, 100))
        let b = ButtonNode(name: "b", frame: rect(200, 0, 100, 100))
        let log: EventLog
        let window: Window
        let input: InputDispatcher

        init() {
            log = EventLog(a, b)
            (window, _) = makeWindow(a, b)
            input = InputDispatcher(window: window)
        }

        func send(_ events: InputEvent..., at time: Double = 0) {
            for e in events { input.handle(e, at: time) }
        }
    }

    @Test func touchEventsAreHeldUntilTheFrame() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)))
        #expect(s.log.lines.isEmpty)
        #expect(s.window.activeTouches.isEmpty)
        #expect(s.input.activeFingerIDs == [1])
        s.send(.touchFrame)
        #expect(s.log.lines == ["a.touchDown"])
        s.send(.touchMotion(id: 1, location: pt(60, 50)), at: 16)
        #expect(s.log.lines == ["a.touchDown"])
        s.send(.touchFrame, at: 16)
        #expect(s.log.lines == ["a.touchDown", "a.touchDragInside"])
    }

    @Test func aDownAndUpInOneFrameIsACompleteTap() {
        let s = Scene()
        s.send(.touchDown(id: 2, location: pt(250, 50)), .touchFrame)
        s.log.clear()
        // Finger 1 goes down and up while finger 2 stays down: both held for the frame.
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchUp(id: 1), at: 10)
        #expect(s.log.lines.isEmpty)
        s.send(.touchFrame, at: 10)
        #expect(s.log.lines == ["a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
        #expect(s.b.isTracking)
    }

    @Test func aSecondDownOnATrackingControlInTheBatchCancelsIt() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(250, 50)), .touchDown(id: 2, location: pt(50, 50)), .touchFrame)
        s.log.clear()
        s.send(.touchDown(id: 3, location: pt(60, 50)), .touchUp(id: 1), at: 10)
        s.send(.touchFrame, at: 10)
        #expect(s.log.lines == ["a.touchCancel", "b.touchUpInside", "b.primaryActionTriggered"])
    }

    @Test func batchIsAppliedInArrivalOrderWithEachEventsTime() {
        let s = Scene()
        var times: [Double] = []
        s.a.addAction(for: .allTouchEvents) { _, e in times.append(e.touch?.timestamp ?? -1) }
        s.input.handle(.touchDown(id: 1, location: pt(50, 50)), at: 100)
        s.input.handle(.touchMotion(id: 1, location: pt(55, 50)), at: 108)
        s.input.handle(.touchMotion(id: 1, location: pt(60, 50)), at: 116)
        s.input.handle(.touchFrame, at: 116)
        #expect(s.log.lines == ["a.touchDown", "a.touchDragInside", "a.touchDragInside"])
        #expect(times == [100, 108, 116])
    }

    @Test func downAndUpOfOneIdInTheSameFrameTapsWithoutAFinalFrame() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchUp(id: 1))
        #expect(s.log.lines == ["a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
        #expect(s.input.activeFingerIDs.isEmpty)
        s.send(.touchFrame)     // a late frame changes nothing
        #expect(s.log.lines.count == 3)
    }

    @Test func anUpThatLeavesNoFingerActiveAppliesAtOnce() {
        // Weston 10 and older send no frame after the last up.
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchFrame)
        s.send(.touchMotion(id: 1, location: pt(55, 50)), at: 5)   // no frame for this one either
        s.send(.touchUp(id: 1), at: 10)
        #expect(s.log.lines == ["a.touchDown", "a.touchDragInside", "a.touchUpInside", "a.primaryActionTriggered"])
        #expect(s.window.activeTouches.isEmpty)
    }

    @Test func anUpWhileAnotherFingerIsDownWaitsForTheFrame() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchDown(id: 2, location: pt(250, 50)), .touchFrame)
        s.send(.touchUp(id: 1), at: 10)
        #expect(s.log.lines == ["a.touchDown", "b.touchDown"])
        s.send(.touchFrame, at: 10)
        #expect(s.log.lines.suffix(2) == ["a.touchUpInside", "a.primaryActionTriggered"])
        #expect(s.input.activeFingerIDs == [2])
    }

    @Test func lastUpAppliesTheWholeHeldBatch() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchDown(id: 2, location: pt(250, 50)), .touchFrame)
        s.send(.touchUp(id: 1), .touchUp(id: 2), at: 10)
        #expect(s.log.lines == ["a.touchDown", "b.touchDown", "a.touchUpInside", "a.primaryActionTriggered",
                                "b.touchUpInside", "b.primaryActionTriggered"])
    }

    @Test func finishAppliesWhatIsStillHeld() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)))
        s.input.finish()
        #expect(s.log.lines == ["a.touchDown"])
    }

    @Test func cancelCancelsEveryActiveTouchInBeginOrderAndDropsTheBatch() {
        let s = Scene()
        s.send(.touchDown(id: 5, location: pt(250, 50)), .touchFrame)
        s.send(.touchDown(id: 2, location: pt(50, 50)), .touchFrame, at: 5)
        s.send(.touchMotion(id: 5, location: pt(260, 50)), .touchUp(id: 2), .touchDown(id: 7, location: pt(60, 60)),
               at: 10)
        s.send(.touchCancel, at: 11)
        #expect(s.log.lines == ["b.touchDown", "a.touchDown", "b.touchCancel", "a.touchCancel"])
        #expect(s.window.activeTouches.isEmpty)
        #expect(s.input.activeFingerIDs.isEmpty)
        s.send(.touchFrame, at: 12)   // the dropped batch never comes back
        #expect(s.log.lines.count == 4)
    }

    @Test func cancelLeavesThePointerAlone() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(.left, pressed: true))
        s.send(.touchDown(id: 1, location: pt(250, 50)), .touchFrame)
        s.send(.touchCancel, at: 1)
        #expect(s.a.isTracking)
        #expect(s.log.lines == ["a.touchDown", "b.touchDown", "b.touchCancel"])
    }

    @Test func fingersCanGoDownAgainAfterACancel() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchFrame, .touchCancel)
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchUp(id: 1), at: 1000)
        #expect(s.log.lines == ["a.touchDown", "a.touchCancel", "a.touchDown", "a.touchUpInside",
                                "a.primaryActionTriggered"])
    }

    @Test func unknownIdsAreIgnored() {
        let s = Scene()
        s.send(.touchMotion(id: 9, location: pt(50, 50)), .touchUp(id: 9), .touchFrame)
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchFrame)
        s.send(.touchMotion(id: 4, location: pt(50, 50)), .touchUp(id: 4), .touchFrame)
        #expect(s.log.lines == ["a.touchDown"])
        #expect(s.input.activeFingerIDs == [1])
    }

    @Test func aSecondDownForAnActiveIdIsIgnored() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchFrame)
        s.send(.touchDown(id: 1, location: pt(250, 50)), .touchFrame)
        #expect(s.log.lines == ["a.touchDown"])
        #expect(s.window.activeTouches.count == 1)
    }

    @Test func anIdCanBeReusedAfterItsUpInTheSameFrame() {
        let s = Scene()
        s.send(.touchDown(id: 2, location: pt(250, 50)), .touchFrame)
        s.send(.touchDown(id: 1, location: pt(50, 50)), .touchUp(id: 1), .touchDown(id: 1, location: pt(60, 50)), at: 5)
        s.send(.touchFrame, at: 5)
        #expect(s.log.events(of: "a") == ["touchDown", "touchUpInside", "primaryActionTriggered",
                                          "touchDown", "touchDownRepeat"])
        #expect(s.input.activeFingerIDs == [2, 1])
    }

    @Test func pointerLeftButtonActsAsTheTouchPointer() {
        let s = Scene()
        var ids: [TouchID?] = []
        var kinds: [TouchKind?] = []
        s.a.addAction(for: .allEvents) { _, e in ids.append(e.touch?.id); kinds.append(e.touch?.kind) }
        s.send(.pointerMotion(location: pt(50, 50)))
        #expect(s.log.lines.isEmpty)
        s.send(.pointerButton(.left, pressed: true), at: 1)
        s.send(.pointerMotion(location: pt(60, 50)), at: 2)
        s.send(.pointerButton(.left, pressed: false), at: 3)
        #expect(s.log.lines == ["a.touchDown", "a.touchDragInside", "a.touchUpInside", "a.primaryActionTriggered"])
        #expect(ids.allSatisfy { $0 == .pointer })
        #expect(kinds.allSatisfy { $0 == .pointer })
    }

    @Test func pointerEventsAreNotHeldForATouchFrame() {
        let s = Scene()
        s.send(.touchDown(id: 1, location: pt(250, 50)))    // held
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(.left, pressed: true))
        #expect(s.log.lines == ["a.touchDown"])
    }

    @Test func pointerMotionWithoutTheButtonIsNotATouch() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerMotion(location: pt(250, 50)))
        #expect(s.log.lines.isEmpty)
        #expect(s.window.activeTouches.isEmpty)
    }

    @Test func pointerLeaveWhilePressedCancels() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(.left, pressed: true))
        s.send(.pointerLeave, at: 1)
        #expect(s.log.lines == ["a.touchDown", "a.touchCancel"])
        #expect(s.window.activeTouches.isEmpty)
        s.send(.pointerButton(.left, pressed: false), at: 2)   // release after leave: nothing
        #expect(s.log.lines == ["a.touchDown", "a.touchCancel"])
    }

    @Test func pointerLeaveWhileReleasedDoesNothing() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerLeave)
        #expect(s.log.lines.isEmpty)
        s.send(.pointerButton(.left, pressed: true), at: 1)  // no location since the leave
        #expect(s.log.lines.isEmpty)
    }

    @Test(arguments: [PointerButton.right, .middle])
    func otherButtonsAreIgnored(_ button: PointerButton) {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(button, pressed: true))
        s.send(.pointerMotion(location: pt(60, 50)), .pointerButton(button, pressed: false), at: 1)
        #expect(s.log.lines.isEmpty)
        #expect(s.window.activeTouches.isEmpty)
    }

    @Test func otherButtonsDoNotEndALeftPress() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(.left, pressed: true))
        s.send(.pointerButton(.right, pressed: true), .pointerButton(.right, pressed: false), at: 1)
        #expect(s.a.isTracking)
        s.send(.pointerButton(.left, pressed: false), at: 2)
        #expect(s.log.lines == ["a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
    }

    @Test func repeatedPressOrReleaseIsIgnored() {
        let s = Scene()
        s.send(.pointerMotion(location: pt(50, 50)), .pointerButton(.left, pressed: true),
               .pointerButton(.left, pressed: true))
        s.send(.pointerButton(.left, pressed: false), .pointerButton(.left, pressed: false), at: 1)
        #expect(s.log.lines == ["a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
    }

    @Test func pointerDoubleClickCountsTaps() {
        let s = Scene()
        var counts: [Int] = []
        s.a.addAction(for: .touchDown) { _, e in counts.append(e.touch?.tapCount ?? 0) }
        s.send(.pointerMotion(location: pt(50, 50)))
        s.send(.pointerButton(.left, pressed: true), at: 0)
        s.send(.pointerButton(.left, pressed: false), at: 50)
        s.send(.pointerButton(.left, pressed: true), at: 150)
        s.send(.pointerButton(.left, pressed: false), at: 200)
        #expect(counts == [1, 2])
    }

    @Test func keysGoToTheKeyHandlerOnly() {
        let s = Scene()
        var keys: [String] = []
        s.input.onKey = { key, pressed, time in keys.append("\(key) \(pressed) \(time)") }
        s.send(.key("d", pressed: true), at: 90)
        #expect(keys == ["d true 90.0"])
        #expect(s.log.lines.isEmpty)
    }

    @Test func aSeatFrameAndTheScriptLinesItIsRecordedAsApplyTheSame() throws {
        // Seat events as a compositor sends them, grouped by the one assembler: two fingers
        // in one frame, a motion, a cancel mid-frame, then a tap whose last up has no frame.
        var seat = TouchFrameAssembler()
        var frames: [(frame: TouchFrame, time: Double)] = []
        func close(_ frame: TouchFrame?, at time: Double) throws { frames.append((try #require(frame), time)) }
        seat.down(id: 1, location: pt(50, 50), time: 0)
        seat.down(id: 2, location: pt(250, 50), time: 0)
        try close(seat.frame(), at: 0)
        seat.motion(id: 2, location: pt(260, 50), time: 8)
        try close(seat.frame(), at: 8)
        seat.motion(id: 1, location: pt(55, 50), time: 16)
        try close(seat.cancel(), at: 20)
        seat.down(id: 1, location: pt(60, 50), time: 400)
        try close(seat.frame(), at: 400)
        try close(seat.up(id: 1, time: 450), at: 450)

        let live = Scene(), replay = Scene()
        for (frame, time) in frames {
            live.input.handle(frame, at: time)
            // What the live session records for the frame, line by line.
            if frame.isCancel {
                replay.input.handle(.touchCancel, at: time)
            } else {
                for change in frame.changes { replay.input.handle(InputEvent(change), at: change.time) }
                replay.input.handle(.touchFrame, at: time)
            }
        }
        #expect(live.log.lines == ["a.touchDown", "b.touchDown", "b.touchDragInside", "a.touchCancel", "b.touchCancel",
                                   "a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
        #expect(replay.log.lines == live.log.lines)
        #expect(replay.window.clock.now == live.window.clock.now)
    }

    @Test func timedEventsAreHandledTheSameWay() {
        let s = Scene()
        s.input.handle(TimedInputEvent(time: 0, event: .touchDown(id: 1, location: pt(50, 50))))
        s.input.handle(TimedInputEvent(time: 30, event: .touchUp(id: 1)))
        #expect(s.log.lines == ["a.touchDown", "a.touchUpInside", "a.primaryActionTriggered"])
    }
}
