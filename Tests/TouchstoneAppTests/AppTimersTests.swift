import Glibc
import Testing
@testable import TouchstoneApp

/// The app's timers on their timerfd, driven here the way the loop drives them: wait
/// until the fd is readable, then fire what is due.
@Suite struct AppTimersTests {
    /// Polls the timers' fd and fires until `done` holds (at most `rounds` wake-ups).
    private func drive(_ timers: AppTimers, rounds: Int = 100, until done: () -> Bool) {
        var round = 0
        while !done(), round < rounds {
            var entry = pollfd(fd: timers.source.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 5000) == 1 else { return }
            timers.fire()
            round += 1
        }
    }

    @Test func timersFireInDeadlineOrder() throws {
        let timers = try AppTimers()
        var fired: [String] = []
        timers.schedule(after: .milliseconds(6), repeating: nil) { fired.append("late") }
        timers.schedule(after: .milliseconds(2), repeating: nil) { fired.append("early") }
        drive(timers) { fired.count == 2 }
        #expect(fired == ["early", "late"])
    }

    @Test func aOneShotTimerFiresOnceAndIsGone() throws {
        let timers = try AppTimers()
        var count = 0
        let id = timers.schedule(after: .zero, repeating: nil) { count += 1 }
        drive(timers) { count == 1 }
        #expect(count == 1)
        #expect(!timers.isScheduled(id))
    }

    @Test func aCancelledTimerNeverFires() throws {
        let timers = try AppTimers()
        var fired: [String] = []
        let cancelled = timers.schedule(after: .milliseconds(1), repeating: nil) { fired.append("cancelled") }
        timers.schedule(after: .milliseconds(3), repeating: nil) { fired.append("kept") }
        timers.cancel(cancelled)
        drive(timers) { fired.count == 1 }
        #expect(fired == ["kept"])
    }

    @Test func aRepeatingTimerFiresUntilItCancelsItself() throws {
        let timers = try AppTimers()
        var count = 0
        var id: TimerID?
        id = timers.schedule(after: .milliseconds(1), repeating: .milliseconds(1)) {
            count += 1
            if count == 3, let id { timers.cancel(id) }
        }
        drive(timers) { !timers.isScheduled(id!) }
        #expect(count == 3)
    }
}
