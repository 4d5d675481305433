import Testing
@testable import NodeCore

// behaviour.md §9.5: timers fire at their exact deadlines, in order; animations
// are shown at input times; replay runs the clock until nothing is pending.

@Suite struct ClockTests {
    final class Probe: ClockAnimation {
        var shown: [Double] = []
        func clockDidAdvance(to time: Double) { shown.append(time) }
    }

    @Test func timersFireAtTheirDeadlinesInOrderThenEqualDeadlinesInSchedulingOrder() {
        let clock = Clock()
        var fired: [String] = []
        clock.schedule(at: 30) { fired.append("c@\($0)") }
        clock.schedule(at: 10) { fired.append("a@\($0)") }
        clock.schedule(at: 30) { fired.append("d@\($0)") }
        clock.schedule(at: 20.5) { fired.append("b@\($0)") }
        #expect(clock.nextDeadline == 10)
        clock.advance(to: 25)
        #expect(fired == ["a@10.0", "b@20.5"])
        #expect(clock.now == 25)
        clock.advance(to: 100)
        #expect(fired == ["a@10.0", "b@20.5", "c@30.0", "d@30.0"])
        #expect(clock.nextDeadline == nil && clock.isIdle)
    }

    @Test func aCancelledTimerNeverFires() {
        let clock = Clock()
        var fired = false
        let id = clock.schedule(at: 5) { _ in fired = true }
        clock.cancel(id)
        clock.runUntilIdle()
        #expect(!fired)
    }

    @Test func timeNeverGoesBackwards() {
        let clock = Clock()
        clock.advance(to: 50)
        clock.advance(to: 40)
        #expect(clock.now == 50)
    }

    @Test func animationsAreShownAtEachTimerDeadlineAndAtTheTargetTime() {
        let clock = Clock()
        let probe = Probe()
        clock.add(probe)
        #expect(clock.isAnimating)
        clock.schedule(at: 12) { _ in }
        clock.advance(to: 20)
        #expect(probe.shown == [12, 20])
        clock.showAnimations(at: 33)      // a frame ahead of input: no timer, no move
        #expect(probe.shown == [12, 20, 33] && clock.now == 20)
        clock.remove(probe)
        #expect(!clock.isAnimating)
    }

    @Test func runUntilIdleFiresTimersScheduledByTimers() {
        let clock = Clock()
        var fired: [Double] = []
        clock.schedule(at: 10) { t in
            fired.append(t)
            clock.schedule(at: t + 5) { fired.append($0) }
        }
        #expect(clock.runUntilIdle())
        #expect(fired == [10, 15] && clock.now == 15)
    }

    @Test func runUntilIdleGivesUpOnATimerThatNeverStops() {
        let clock = Clock()
        var pending = Clock.TimerID?.none
        func again(_ t: Double) { pending = clock.schedule(at: t + 1, again) }
        pending = clock.schedule(at: 0, again)
        #expect(!clock.runUntilIdle(limit: 100))
        // The timer holds the clock it reschedules on: cancelled, the two are freed.
        if let pending { clock.cancel(pending) }
    }
}
