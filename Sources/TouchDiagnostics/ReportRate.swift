/// How often a finger's position was reported: statistics of the compositor timestamps of
/// its motion events (milliseconds).
///
/// `wl_touch` timestamps are whole milliseconds, so a single interval of a 120 Hz stream
/// reads 8 or 9 ms. The rate is therefore measured over windows: for each motion event,
/// the events since the latest earlier one at least `window` ms before it, divided by
/// that span; the median of those is `medianHz` (a stream shorter than one window gives
/// its whole-stream rate). Within a window the quantization error is at most 1 ms, so
/// the default 100 ms window reads a steady rate within 1 %.
public struct ReportRate: Sendable, Equatable {
    /// The span each rate sample covers, at least.
    public static let window = 100.0

    /// Motion events counted.
    public var motionCount: Int
    /// Median report rate in Hz (0 with fewer than two motion events).
    public var medianHz: Double
    /// The median interval between consecutive motion events, ms.
    public var medianIntervalMs: Double
    /// The 95th-percentile interval between consecutive motion events, ms (nearest rank).
    public var p95IntervalMs: Double
    /// The standard deviation of those intervals, ms: how unevenly reports arrive.
    public var jitterMs: Double

    /// Statistics of motion-event `times` (ms, never decreasing).
    public init(times: [Double]) {
        motionCount = times.count
        guard times.count >= 2 else {
            medianHz = 0; medianIntervalMs = 0; p95IntervalMs = 0; jitterMs = 0
            return
        }
        var intervals: [Double] = []
        intervals.reserveCapacity(times.count - 1)
        for i in 1..<times.count { intervals.append(times[i] - times[i - 1]) }
        let sortedIntervals = intervals.sorted()
        medianIntervalMs = Self.median(sortedIntervals)
        p95IntervalMs = Self.percentile(sortedIntervals, 95)
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        jitterMs = (intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)).squareRoot()

        var rates: [Double] = []
        var start = 0
        for end in times.indices {
            // The latest start at least one window before `end`.
            while start + 1 < end, times[end] - times[start + 1] >= Self.window { start += 1 }
            if times[end] - times[start] >= Self.window { rates.append(Double(end - start) * 1000 / (times[end] - times[start])) }
        }
        if rates.isEmpty {
            let span = times[times.count - 1] - times[0]
            medianHz = span > 0 ? Double(times.count - 1) * 1000 / span : 0
        } else {
            medianHz = Self.median(rates.sorted())
        }
    }

    /// The median of sorted values (the mean of the middle two for an even count).
    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
