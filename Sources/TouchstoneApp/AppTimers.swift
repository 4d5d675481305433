import WaylandClient
import SystemCalls

/// Identifies a timer scheduled with `App.schedule(after:repeating:_:)`.
public struct TimerID: Hashable, Sendable {
    let value: Int
}

/// The app's timers on one timerfd, armed for the earliest deadline. Timers fire in
/// deadline order (ties in the order they were scheduled); a repeating timer that
/// fell behind skips the periods it missed rather than firing them in a burst.
final class AppTimers {
    private struct Entry {
        let id: TimerID
        var deadline: ContinuousClock.Instant
        let interval: Duration?
        let action: () -> Void
    }

    let source: TimerSource
    private var entries: [Entry] = []
    private var nextID = 0

    init() throws(SystemCallError) {
        source = try TimerSource()
    }

    @discardableResult
    func schedule(after delay: Duration, repeating interval: Duration?, _ action: @escaping () -> Void) -> TimerID {
        nextID += 1
        let id = TimerID(value: nextID)
        let period = interval.map { max($0, .milliseconds(1)) }
        entries.append(Entry(id: id, deadline: .now + max(delay, .zero), interval: period, action: action))
        rearm()
        return id
    }

    func cancel(_ id: TimerID) {
        entries.removeAll { $0.id == id }
        rearm()
    }

    /// Cancels every timer (the run ended).
    func cancelAll() {
        entries.removeAll()
        rearm()
    }

    /// Whether `id` is still scheduled (a one-shot timer is removed once it fired).
    func isScheduled(_ id: TimerID) -> Bool { entries.contains { $0.id == id } }

    /// Runs every due timer; called when the timerfd is readable.
    func fire() {
        _ = source.consume()
        let now = ContinuousClock.now
        let due = entries.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id.value) < ($1.deadline, $1.id.value) }
        for entry in due {
            // An earlier action may have cancelled this one.
            guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { continue }
            if let interval = entry.interval {
                var next = entry.deadline + interval
                while next <= now { next += interval }
                entries[index].deadline = next
            } else {
                entries.remove(at: index)
            }
            entry.action()
        }
        rearm()
    }

    private func rearm() {
        guard let earliest = entries.map(\.deadline).min() else {
            source.disarm()
            return
        }
        source.arm(after: ContinuousClock.now.duration(to: earliest))
    }
}
