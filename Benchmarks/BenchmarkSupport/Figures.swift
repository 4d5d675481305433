#if canImport(Glibc)
import Glibc
#endif

// What the benchmarks measure with and print, defined once for all of them.

/// The value at fraction `p` (0...1) of `values`, by nearest rank on (n − 1) × p: 0.5 is
/// the median, 0.99 the p99. NaN for no samples.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * p).rounded())))]
}

/// The median of `values` (NaN for none).
public func median(_ values: [Double]) -> Double {
    percentile(values, 0.5)
}

/// CPU time the calling thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): what
/// the measured code costs, whatever else the shared machine runs meanwhile.
public func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// `threadCPUNanoseconds()` in milliseconds.
public func threadCPUMilliseconds() -> Double {
    Double(threadCPUNanoseconds()) / 1e6
}

/// Wall-clock milliseconds `body` takes, on `ContinuousClock`.
public func wallMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try ContinuousClock().measure(body).components
    return Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
}

/// Minor page faults the calling thread has taken (`getrusage(RUSAGE_THREAD)`): pages the
/// kernel made on first touch, each a trap and a zeroed page on the measured path.
public func threadMinorFaults() -> Int {
    var usage = rusage()
    // RUSAGE_THREAD (1): Swift's Glibc declares only the process-wide `who` values.
    guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }
    return usage.ru_minflt
}
