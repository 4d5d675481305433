/// Turns compositor timestamps (32-bit milliseconds that wrap) into session time:
/// milliseconds since the first input event, never going backwards even when two
/// devices' events arrive slightly out of order.
struct SeatClock {
    private var lastTimestamp: UInt32?
    /// The latest time handed out.
    private(set) var latest = 0.0
    /// When the event that first reached `latest` arrived, on this process's clock.
    private var latestArrival: ContinuousClock.Instant?
    /// The session time of the first input event: 0, or a script's first `t` in a live run
    /// of it (`AppOptions.firstInputTime`, behaviour.md §19).
    let firstInputTime: Double
    /// Whether the session time stands still at 0 until the first input event
    /// (`AppOptions.firstInputTime` set): `estimatedNow` is nil until then.
    let waitsForFirstInput: Bool

    /// `firstInputTime` nil: the first input is at 0 and session time runs before it.
    init(firstInputTime: Double? = nil) {
        self.firstInputTime = firstInputTime ?? 0
        waitsForFirstInput = firstInputTime != nil
    }

    /// Session time now: the latest input's time plus the time since it arrived (a little
    /// behind the compositor's clock, by the input's delivery time). Where timers are
    /// armed and frames are shown; never what input is dispatched at. Nil while the
    /// session waits for its first input, when no timer may fire.
    var estimatedNow: Double? {
        guard let latestArrival else { return waitsForFirstInput ? nil : latest }
        let (seconds, attoseconds) = latestArrival.duration(to: .now).components
        return latest + Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// Session time for a compositor timestamp; 0 (a synthesized event) gives the latest time.
    mutating func milliseconds(_ timestamp: UInt32) -> Double {
        guard timestamp != 0 else { return latest }
        if let last = lastTimestamp {
            let delta = Int32(bitPattern: timestamp &- last)
            guard delta > 0 else { return latest }
            latest += Double(delta)
        } else {
            latest = max(latest, firstInputTime)
        }
        lastTimestamp = timestamp
        latestArrival = .now
        return latest
    }
}
