import CLinuxEvents
import Glibc
import NodeCore
import Testing
@testable import TouchstoneApp

/// A stand-in for a scroll node's deceleration: records the times it is shown at.
private final class RecordedAnimation: ClockAnimation {
    var shown: [Double] = []
    func clockDidAdvance(to time: Double) { shown.append(time) }
}

/// A driver whose session time is whatever the test sets, as the seat's latest input
/// time would be: nothing here depends on how long the test takes, except the wide
/// bounds on a timerfd's remaining time.
private final class DriverFixture {
    let clock = Clock()
    var sessionNow: Double? = 0.0
    private(set) var driver: ClockDriver!

    init() throws {
        driver = try ClockDriver(clock: clock) { [unowned self] in sessionNow }
    }

    /// Milliseconds until the timerfd expires, or nil when it is disarmed.
    var armedFor: Double? {
        var spec = itimerspec()
        guard timerfd_gettime(driver.fileDescriptor, &spec) == 0 else { return -1 }
        let value = spec.it_value
        if value.tv_sec == 0 && value.tv_nsec == 0 { return nil }
        return Double(value.tv_sec) * 1000 + Double(value.tv_nsec) / 1e6
    }

    /// Whether the timerfd becomes readable within `timeout` ms (poll, not sleep).
    func expires(within timeout: Int32) -> Bool {
        var entry = pollfd(fd: driver.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, timeout) == 1
    }
}

/// `ClockDriver` runs the window's clock in a live session (behaviour.md §9.5): a timerfd
/// armed for the next deadline, frame callbacks that show animations, times that come
/// from input and deadlines, never from the wall clock.
@Suite struct ClockDriverTests {
    @Test func nothingIsArmedWhileNothingIsPending() throws {
        let fixture = try DriverFixture()
        fixture.driver.update()
        #expect(fixture.armedFor == nil)
        let id = fixture.clock.schedule(at: 60_000) { _ in }
        fixture.driver.update()
        #expect(fixture.armedFor != nil)
        fixture.clock.cancel(id)
        fixture.driver.update()
        #expect(fixture.armedFor == nil, "a cancelled timer disarms the timerfd")
    }

    @Test func theTimerfdIsArmedForTheNextDeadlineCountedFromTheSessionTimeNow() throws {
        let fixture = try DriverFixture()
        fixture.sessionNow = 150
        fixture.clock.schedule(at: 20_150) { _ in }
        fixture.driver.update()
        let far = try #require(fixture.armedFor)
        #expect(far <= 20_000 && far > 10_000, "\(far) ms")
        // An earlier deadline re-arms it for that one.
        fixture.clock.schedule(at: 2_150) { _ in }
        fixture.driver.update()
        let near = try #require(fixture.armedFor)
        #expect(near <= 2_000 && near > 1_000, "\(near) ms")
    }

    @Test func aDeadlineAlreadyDueArmsTheTimerfdToExpireAtOnce() throws {
        let fixture = try DriverFixture()
        fixture.sessionNow = 500
        fixture.clock.schedule(at: 100) { _ in }
        fixture.driver.update()
        #expect(fixture.expires(within: 5_000))
    }

    @Test func firingRunsEachDueTimerAtItsOwnDeadlineNotAtTheTimeNow() throws {
        let fixture = try DriverFixture()
        var fired: [Double] = []
        for deadline in [160.0, 150, 400] { fixture.clock.schedule(at: deadline) { fired.append($0) } }
        fixture.sessionNow = 170
        fixture.driver.update()
        #expect(fixture.expires(within: 5_000))
        fixture.driver.fire()
        #expect(fired == [150, 160])
        #expect(fixture.clock.now == 160, "the clock stops at the last deadline, not at the session time")
        #expect(fixture.clock.nextDeadline == 400)
        fixture.driver.update()
        let next = try #require(fixture.armedFor)
        #expect(next <= 230 && next > 0)
    }

    @Test func aFrameShowsRunningAnimationsAtTheSessionTimeWithoutMovingTheClock() throws {
        let fixture = try DriverFixture()
        let animation = RecordedAnimation()
        fixture.clock.add(animation)
        fixture.clock.advance(to: 100)   // the latest input
        animation.shown.removeAll()
        fixture.sessionNow = 116.5
        fixture.driver.framePresented()
        #expect(animation.shown == [116.5])
        #expect(fixture.clock.now == 100)
        // A frame never shows a time before the clock's.
        fixture.sessionNow = 90
        fixture.driver.framePresented()
        #expect(animation.shown == [116.5, 100])
    }

    @Test func anAnimationThatEndedBeforeTheFrameIsShownAtItsEndNotPastIt() throws {
        let fixture = try DriverFixture()
        let animation = RecordedAnimation()
        fixture.clock.add(animation)
        fixture.clock.schedule(at: 110) { _ in fixture.clock.remove(animation) }
        fixture.clock.advance(to: 100)
        animation.shown.removeAll()
        fixture.sessionNow = 125
        fixture.driver.framePresented()
        #expect(animation.shown == [110], "shown at its end, then removed by its own timer")
        #expect(fixture.clock.now == 110)
        #expect(!fixture.clock.isAnimating)
        fixture.driver.update()
        #expect(fixture.armedFor == nil, "nothing is left to wake the loop")
    }

    @Test func nothingIsArmedOrShownWhileTheSessionWaitsForItsFirstInput() throws {
        let fixture = try DriverFixture()
        let animation = RecordedAnimation()
        fixture.clock.add(animation)
        animation.shown.removeAll()
        fixture.clock.schedule(at: 400) { _ in }
        fixture.sessionNow = nil
        fixture.driver.update()
        #expect(fixture.armedFor == nil, "a timer armed before the first input waits for it")
        fixture.driver.framePresented()
        #expect(animation.shown.isEmpty)
        fixture.sessionNow = 100
        fixture.driver.update()
        let armed = try #require(fixture.armedFor)
        #expect(armed <= 300 && armed > 200, "\(armed) ms: counted from the first input's time")
    }

    @Test func framesDoNothingWhileNothingAnimates() throws {
        let fixture = try DriverFixture()
        var fired: [Double] = []
        fixture.clock.schedule(at: 50) { fired.append($0) }
        fixture.sessionNow = 100
        fixture.driver.framePresented()
        #expect(fired.isEmpty, "only the timerfd fires timers when nothing animates")
        #expect(fixture.clock.now == 0)
    }
}

/// The session time the clock runs on comes from the compositor's input timestamps.
@Suite struct SeatClockTests {
    @Test func sessionTimeIsMillisecondsSinceTheFirstInputEvent() {
        var clock = SeatClock()
        #expect(clock.milliseconds(5_000) == 0)
        #expect(clock.milliseconds(5_016) == 16)
        #expect(clock.milliseconds(5_040) == 40)
        #expect(clock.latest == 40)
    }

    @Test func timestampsThatWrapAroundKeepCounting() {
        var clock = SeatClock()
        _ = clock.milliseconds(UInt32.max - 9)
        #expect(clock.milliseconds(20) == 30)
    }

    @Test func anOlderOrSynthesizedTimestampGivesTheLatestTime() throws {
        var clock = SeatClock()
        _ = clock.milliseconds(1_000)
        _ = clock.milliseconds(1_050)
        #expect(clock.milliseconds(1_020) == 50, "never backwards")
        #expect(clock.milliseconds(0) == 50, "0 is a synthesized event")
        #expect(clock.milliseconds(1_060) == 60)
        #expect(try #require(clock.estimatedNow) >= 60)
    }

    @Test func aSessionGivenItsFirstInputTimeStandsStillUntilThatInputAndStartsThere() throws {
        var clock = SeatClock(firstInputTime: 100)
        #expect(clock.estimatedNow == nil, "no time runs before the first input")
        #expect(clock.milliseconds(0) == 0, "a synthesized event before it is at 0")
        #expect(clock.estimatedNow == nil)
        #expect(clock.milliseconds(7_000) == 100)
        #expect(clock.milliseconds(7_080) == 180)
        #expect(try #require(clock.estimatedNow) >= 180)
    }

    @Test func withoutAFirstInputTimeSessionTimeRunsFromZeroBeforeAnyInput() {
        var clock = SeatClock()
        #expect(clock.estimatedNow == 0)
        #expect(clock.milliseconds(7_000) == 0)
    }
}
