import CLinuxEvents
import Glibc
import SystemPackage
package import SystemCalls

/// A monotonic timerfd the event loop polls (key repeat, app timers); no thread, no busy wait.
package final class TimerSource {
    package let fd: Int32

    package init() throws(SystemCallError) {
        fd = try retryingInterrupted("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        }
    }

    deinit { close(fd) }

    /// Fires after `delay` ms, then every `interval` ms (0 = once).
    func arm(delayMilliseconds delay: Int, intervalMilliseconds interval: Int) {
        var spec = itimerspec()
        spec.it_value = Self.timespec(milliseconds: max(delay, 1))
        spec.it_interval = Self.timespec(milliseconds: interval)
        // Fails only for a bad descriptor or time, neither of which this type makes.
        _ = try? retryingInterrupted("timerfd_settime") { timerfd_settime(fd, 0, &spec, nil) }
    }

    /// Fires once after `delay` (at least 1 ns: a zero `it_value` would disarm it).
    package func arm(after delay: Duration) {
        let (seconds, attoseconds) = max(delay, .nanoseconds(1)).components
        var spec = itimerspec()
        spec.it_value = Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        if spec.it_value.tv_sec == 0, spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        // Fails only for a bad descriptor or time, neither of which this type makes.
        _ = try? retryingInterrupted("timerfd_settime") { timerfd_settime(fd, 0, &spec, nil) }
    }

    package func disarm() {
        var spec = itimerspec()
        // Fails only for a bad descriptor, which this type never has.
        _ = try? retryingInterrupted("timerfd_settime") { timerfd_settime(fd, 0, &spec, nil) }
    }

    /// Expirations since the last read (0 if none; the fd is non-blocking).
    package func consume() -> UInt64 {
        var count: UInt64 = 0
        // EAGAIN (nothing expired) is the expected failure: it reads as 0.
        let result = try? withUnsafeMutableBytes(of: &count) { try FileDescriptor(rawValue: fd).read(into: $0) }
        return result == MemoryLayout<UInt64>.size ? count : 0
    }

    private static func timespec(milliseconds: Int) -> Glibc.timespec {
        Glibc.timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    }
}
