/// Something whose state is a pure function of time (a scroll node's deceleration or
/// bounce): the clock asks it to show the state at a time.
public protocol ClockAnimation: AnyObject {
    /// Shows the state at `time` (ms). Called with times that may go back and forth
    /// (frames are sampled ahead of input); only timers end an animation.
    func clockDidAdvance(to time: Double)
}

/// The window's one time source (behaviour.md §9.5): timers (the content-touch
/// delay, an animation's end) fire at their exact deadlines, in deadline order, and
/// animations are evaluated at input times. Input carries its time; replay advances
/// to each event's time and, after the last, runs until nothing is pending. A live
/// session advances it to input and timer times (`nextDeadline`), and shows frames
/// with `showAnimations(at:)`, so that a recording replays to the identical log.
public final class Clock {
    /// Identifies a scheduled timer, for `cancel(_:)`.
    public struct TimerID: Hashable, Sendable {
        let value: Int
    }

    private struct Timer {
        let id: TimerID
        let deadline: Double
        let action: (Double) -> Void
    }

    /// The latest time advanced to, in milliseconds.
    public private(set) var now: Double = 0
    /// Pending timers, by deadline, then by scheduling order.
    private var timers: [Timer] = []
    private var nextID = 0
    private var animations: [ClockAnimation] = []

    public init() {}

    /// The earliest pending deadline, if any: when a live session must wake up.
    public var nextDeadline: Double? { timers.first?.deadline }

    /// Whether an animation is running (a live session keeps requesting frames).
    public var isAnimating: Bool { !animations.isEmpty }

    /// Whether a timer or an animation is pending.
    public var isIdle: Bool { timers.isEmpty && animations.isEmpty }

    /// Runs `action` with its deadline when the clock reaches `deadline` (at once on the
    /// next advance when it lies in the past). Equal deadlines fire in scheduling order.
    @discardableResult
    public func schedule(at deadline: Double, _ action: @escaping (_ time: Double) -> Void) -> TimerID {
        nextID += 1
        let timer = Timer(id: TimerID(value: nextID), deadline: deadline, action: action)
        var index = timers.endIndex
        while index > timers.startIndex, timers[index - 1].deadline > deadline { index -= 1 }
        timers.insert(timer, at: index)
        return timer.id
    }

    /// Drops a pending timer; unknown or fired ones are ignored.
    public func cancel(_ id: TimerID) {
        timers.removeAll { $0.id == id }
    }

    /// Starts evaluating `animation` whenever the clock moves.
    public func add(_ animation: ClockAnimation) {
        guard !animations.contains(where: { $0 === animation }) else { return }
        animations.append(animation)
    }

    /// Stops evaluating `animation`.
    public func remove(_ animation: ClockAnimation) {
        animations.removeAll { $0 === animation }
    }

    /// Drops every timer and animation: their window is gone, and nothing will run them.
    func removeAll() {
        timers.removeAll()
        animations.removeAll()
    }

    /// Moves to `time`: fires every timer due by then at its own deadline, in order
    /// (animations shown at that deadline first), then shows the animations at `time`.
    /// A time before `now` fires nothing and leaves `now` as it is.
    public func advance(to time: Double) {
        while let first = timers.first, first.deadline <= time {
            timers.removeFirst()
            now = max(now, first.deadline)
            showAnimations(at: now)
            first.action(now)
        }
        now = max(now, time)
        showAnimations(at: now)
    }

    /// Fires every pending timer in order, as if time ran on until nothing is left
    /// (replay's end). Stops after `limit` timers so that a timer that keeps
    /// rescheduling itself cannot hang; returns false then.
    @discardableResult
    public func runUntilIdle(limit: Int = 1_000_000) -> Bool {
        var fired = 0
        while let deadline = nextDeadline {
            guard fired < limit else { return false }
            fired += 1
            advance(to: max(deadline, now))
        }
        return true
    }

    /// Shows every running animation at `time` without firing timers or moving `now`:
    /// what a live frame paints when its time is ahead of the latest input.
    public func showAnimations(at time: Double) {
        guard !animations.isEmpty else { return }
        for animation in animations { animation.clockDidAdvance(to: time) }
    }
}
