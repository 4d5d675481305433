/// Turns compositor timestamps (32-bit milliseconds that wrap) into session time:
/// milliseconds since the first input event, never going backwards even when two
/// devices' events arrive slightly out of order.
struct SeatClock {
    private var lastTimestamp: UInt32?
    /// The latest time handed out.
    private(set) var latest = 0.0

    /// Session time for a compositor timestamp; 0 (a synthesized event) gives the latest time.
    mutating func milliseconds(_ timestamp: UInt32) -> Double {
        guard timestamp != 0 else { return latest }
        if let last = lastTimestamp {
            let delta = Int32(bitPattern: timestamp &- last)
            guard delta > 0 else { return latest }
            latest += Double(delta)
        }
        lastTimestamp = timestamp
        return latest
    }
}
