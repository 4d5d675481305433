#if canImport(Glibc)
import Glibc
#endif
public import SystemPackage

/// A failed system call: which C function failed and the `errno` it left.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The C function that failed, e.g. `poll`.
    public var call: String
    public var errno: Errno

    public init(call: String, errno: Errno) {
        self.call = call
        self.errno = errno
    }

    /// The failure `call` has just left in `errno`.
    public init(call: String) {
        self.init(call: call, errno: Errno(rawValue: Glibc.errno))
    }

    /// `call: reason`, the reason as `strerror` words it.
    public var description: String { "\(call): \(String(cString: strerror(errno.rawValue)))" }
}
