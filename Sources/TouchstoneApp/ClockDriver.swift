import NodeCore
import WaylandClient
import SystemCalls

/// Runs the window's `Clock` in a live session (behaviour.md, scrolling "Determinism"):
/// input advances it to each event's time (`SeatInput`); a timerfd wakes the loop at the
/// clock's next deadline (the content-touch delay, the end of a deceleration or bounce)
/// and advances it to exactly that deadline; while an animation runs, each frame callback
/// shows the animations at the session time of that moment without advancing the clock.
/// So what a touch hits, and every logged time, depends on input times only, and a
/// recording replays to the identical log; once nothing is pending nothing wakes the loop.
final class ClockDriver {
    let clock: Clock
    private let timer: TimerSource
    /// The deadline the timerfd is armed for.
    private var armedDeadline: Double?
    /// Session time now, estimated from the latest input; nil while it stands still before
    /// the first input (see `SeatClock.estimatedNow`).
    private let sessionNow: () -> Double?

    init(clock: Clock, sessionNow: @escaping () -> Double?) throws(SystemCallError) {
        self.clock = clock
        self.sessionNow = sessionNow
        timer = try TimerSource()
    }

    /// The timerfd the loop polls; `fire()` when it is readable.
    var fileDescriptor: Int32 { timer.fd }

    /// Arms the timerfd for the clock's next deadline, or disarms it when none is pending.
    /// Cheap when nothing changed; the loop runs it once per turn.
    /// While the session waits for its first input (session time nil), nothing is armed.
    func update() {
        guard let deadline = clock.nextDeadline, let now = sessionNow() else {
            if armedDeadline != nil { timer.disarm() }
            armedDeadline = nil
            return
        }
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        let wait = max(deadline - now, 0)
        timer.arm(after: .nanoseconds(Int64(wait * 1_000_000)))
    }

    /// The timerfd fired: the earliest deadline, then every other one due by now, each at
    /// its own time.
    func fire() {
        _ = timer.consume()
        armedDeadline = nil
        if let deadline = clock.nextDeadline { clock.advance(to: max(deadline, clock.now)) }
        fireDueDeadlines()
    }

    /// A frame callback: while an animation runs, the deadlines due by now fire (an
    /// animation that ended is not shown past its end), then the animations are shown
    /// at the session time now, for the next frame to paint.
    func framePresented() {
        guard clock.isAnimating, let now = sessionNow() else { return }
        fireDueDeadlines()
        clock.showAnimations(at: max(now, clock.now))
    }

    /// At most this many deadlines fire in one go, so that timers that keep scheduling
    /// timers in the past cannot hang the loop (the rest fire on the next turn).
    static let deadlinesPerTurn = 10_000

    private func fireDueDeadlines() {
        guard let now = sessionNow() else { return }
        var fired = 0
        while fired < Self.deadlinesPerTurn, let deadline = clock.nextDeadline, deadline <= now {
            clock.advance(to: max(deadline, clock.now))
            fired += 1
        }
    }
}
