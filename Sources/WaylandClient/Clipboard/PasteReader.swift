import Glibc
package import SystemCalls
import SystemPackage

/// Reads one paste from the read end of a non-blocking pipe, a chunk per call, never
/// waiting (behaviour.md §16.7): the event loop calls `readAvailable` whenever the pipe is
/// readable. Does not own the descriptor.
package struct PasteReader {
    /// Where a read stands after a call.
    package enum Progress: Equatable {
        /// The writer has not closed its end yet.
        case waiting
        /// The writer closed its end: everything it sent.
        case finished([UInt8])
        /// More than `limit` bytes came: the paste is abandoned.
        case tooLarge
        /// `read` failed.
        case failed(SystemCallError)
    }

    package let fd: Int32
    package let limit: Int
    private var bytes: [UInt8] = []

    package init(fd: Int32, limit: Int = ClipboardText.maximumPasteBytes) {
        self.fd = fd
        self.limit = limit
    }

    /// Reads what the pipe holds now, up to one byte past `limit`.
    package mutating func readAvailable() -> Progress {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count: Int
            do throws(Errno) {
                count = try retryingInterrupted { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) } }
            } catch where error == .resourceTemporarilyUnavailable {
                return .waiting
            } catch {
                return .failed(SystemCallError(call: "read", errno: error))
            }
            if count == 0 { return .finished(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit { return .tooLarge }
        }
    }
}
