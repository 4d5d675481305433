import Glibc

/// A failed system call: which call and the errno it left.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The C function that failed, e.g. `poll`.
    public var call: String
    public var errno: Int32

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs a syscall-style function (negative result = failure in `errno`), retrying on EINTR.
///
/// The single place in the module where EINTR is handled.
@discardableResult
package func retryingEINTR<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let error = Glibc.errno
        if error == EINTR { continue }
        throw SystemCallError(call: call, errno: error)
    }
}
