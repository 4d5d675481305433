#if canImport(Glibc)
import Glibc
#endif

/// A wait that `Polling.until` gave up: `what` did not come within `seconds`.
public struct PollTimeout: Error, CustomStringConvertible, Sendable {
    public var what: String
    public var seconds: Double

    public var description: String { "timed out after \(seconds) s waiting for \(what)" }
}

/// The one bounded poll of the tests and of the harness's compositor starts, for a state no
/// event announces (a file another process writes, a process that ends, a socket that
/// answers): a probe checked against a deadline on the monotonic clock.
public enum Polling {
    /// Calls `probe` until it gives a value and returns that value. Between probes it waits
    /// `interval`, doubling up to `maxInterval` when one is given (for a costly probe); once
    /// `timeout` seconds have passed it probes a last time, then throws `PollTimeout` naming
    /// `what`. An error `probe` throws ends the wait at once.
    public static func until<T>(_ what: String, timeout: Double, every interval: Duration = .milliseconds(5),
                                backingOffTo maxInterval: Duration? = nil, _ probe: () throws -> T?) throws -> T {
        let deadline = ContinuousClock.now + .nanoseconds(Int64(timeout * 1e9))
        var pause = interval
        while ContinuousClock.now < deadline {
            if let value = try probe() { return value }
            usleep(useconds_t(pause / .microseconds(1)))
            if let maxInterval { pause = min(pause * 2, maxInterval) }
        }
        if let value = try probe() { return value }
        throw PollTimeout(what: what, seconds: timeout)
    }
}
