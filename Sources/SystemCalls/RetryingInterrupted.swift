#if canImport(Glibc)
public import Glibc
#endif
public import SystemPackage

/// Calls `body`, a C call that fails with a negative result and `errno`, again for as long as it
/// fails with `EINTR` (a signal arrived while it waited), and returns its first other result.
/// The one EINTR loop of the package: every module's system calls go through it.
/// - Throws: the `Errno` of a failure other than `EINTR`.
@inlinable
public func retryingInterrupted<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let failure = Errno(rawValue: Glibc.errno)
        if failure != .interrupted { throw failure }
    }
}

/// `retryingInterrupted(_:)` for a call worth naming in the error: `call` is the C function's name.
@inlinable
public func retryingInterrupted<Result: BinaryInteger>(
    _ call: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
    do {
        return try retryingInterrupted(body)
    } catch {
        throw SystemCallError(call: call, errno: error)
    }
}
