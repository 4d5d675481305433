#if canImport(Glibc)
import Glibc
#endif
import SystemCalls

/// Which time a run's limit counts (`--hang-clock`).
public enum HangClock: String, Sendable {
    /// Wall-clock time, CI's default: a loaded machine stretches it.
    case wall
    /// The child's CPU time (user + system, every thread), which load does not stretch; a
    /// child that waits without using the CPU is still stopped after `backstopFactor` times
    /// the limit of wall-clock time.
    case cpu

    public static let backstopFactor = 10.0
}

/// How one run of the binary ended, with the limits the fuzzer holds it to.
public struct FuzzOutcome: Sendable {
    /// The exit status, or nil when a signal ended it (`signal` then names it).
    public var status: Int32?
    public var signal: Int32?
    /// Killed at the time limit: why, e.g. "still running after 10 s"; nil when it ended by itself.
    public var timedOut: String?
    /// The peak resident set, in KiB (`wait4`'s `ru_maxrss`); 0 when it was no more than
    /// this process's own peak, which Linux hands on to a spawned child (a child's
    /// `ru_maxrss` starts at its parent's): the child's own peak is then not known, and is
    /// below that figure. Exact for the fuzzer, whose own peak is small.
    public var peakKiB: Int
    public var seconds: Double
    /// User plus system time, from `wait4`.
    public var cpuSeconds: Double
    public var stdout: [UInt8]
    public var stderr: String
}

/// Runs a program with its output in files (no pipe to fill), a time limit enforced with
/// SIGKILL, and its peak memory and CPU time taken from `wait4`.
public enum FuzzProcess {
    public static func run(_ program: String, _ arguments: [String], folder: String, timeout: Double,
                           clock: HangClock = .wall) -> FuzzOutcome {
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        var pid: pid_t = 0
        let start = now()
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else {
            return FuzzOutcome(status: 127, signal: nil, timedOut: nil, peakKiB: 0, seconds: 0, cpuSeconds: 0, stdout: [],
                               stderr: "cannot start \(program)")
        }
        var cpuClock = clockid_t()
        let measuresCPU = clock == .cpu && clock_getcpuclockid(pid, &cpuClock) == 0
        var status: Int32 = 0
        var usage = rusage()
        var timedOut: String?
        while true {
            // A failed wait (the child is gone) ends the loop as its exit does.
            guard let done = try? retryingInterrupted({ wait4(pid, &status, WNOHANG, &usage) }), done != pid else { break }
            if timedOut == nil { timedOut = overrun(start: start, limit: timeout, cpuClock: measuresCPU ? cpuClock : nil) }
            if timedOut != nil { kill(pid, SIGKILL) }
            usleep(2000)
        }
        let seconds = now() - start
        let exited = status & 0x7F == 0
        return FuzzOutcome(status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
                           timedOut: timedOut, peakKiB: usage.ru_maxrss > own.ru_maxrss ? Int(usage.ru_maxrss) : 0, seconds: seconds,
                           cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                               + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
                           stdout: read(outPath), stderr: String(decoding: read(errPath), as: UTF8.self))
    }

    /// Why a child still running must stop, or nil: past `limit` of wall-clock time, or with
    /// `cpuClock` (the child's CPU-time clock) past `limit` of CPU time or the wall-clock backstop.
    static func overrun(start: Double, limit: Double, cpuClock: clockid_t?) -> String? {
        let wall = now() - start
        guard let cpuClock else { return wall > limit ? "still running after \(format(limit)) s" : nil }
        if wall > limit * HangClock.backstopFactor { return "still running after \(format(limit * HangClock.backstopFactor)) s" }
        var ts = timespec()
        // A child that has just exited has no clock any more: wait4 reaps it next.
        guard clock_gettime(cpuClock, &ts) == 0 else { return nil }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9 > limit ? "used \(format(limit)) s of CPU time" : nil
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The file's bytes (at most 64 MiB: a larger output is a problem the checks name anyway).
    public static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < 64 << 20 {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// Writes `text` to `path` (generated inputs).
    public static func write(_ text: String, to path: String) { write(Array(text.utf8), to: path) }

    /// Writes `bytes` to `path` (generated image files).
    public static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// A monotonic clock in seconds, for the fuzzer's time budget.
public enum FuzzClock {
    public static func now() -> Double { FuzzProcess.now() }
}
