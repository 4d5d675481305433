#if canImport(Glibc)
import Glibc
#endif
import SystemCalls
import SystemPackage

/// Writing and opening for outputs that may be pipes: what `write(2)` and `open(2)` leave
/// to the caller on a descriptor someone else set non-blocking or a FIFO with no reader.
public enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`, retrying short writes, interruptions and
    /// `EAGAIN` (a non-blocking standard output whose reader is slow: wait until it can
    /// take more). Returns the `errno` of a real failure, nil on success.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            do throws(Errno) {
                let n = try retryingInterrupted { write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
                guard n > 0 else { return EIO }
                offset += n
            } catch where error == .resourceTemporarilyUnavailable {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                // The write that follows reports a descriptor that cannot be waited on.
                _ = try? retryingInterrupted { poll(&ready, 1, -1) }
            } catch {
                return error.rawValue
            }
        }
        return nil
    }

    /// Opens `path` (a FIFO or character device) for writing without waiting for a reader:
    /// a FIFO nobody reads is `ENXIO` at once rather than a hang. The descriptor is then
    /// made blocking again, as writes expect. Returns the descriptor, or -1 with `errno` set.
    public static func openForWriting(_ path: String, flags: Int32 = 0) -> Int32 {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | flags, 0o644)
        guard fd >= 0 else { return -1 }
        let current = fcntl(fd, F_GETFL)
        if current >= 0 { _ = fcntl(fd, F_SETFL, current & ~O_NONBLOCK) }
        return fd
    }

    /// The message for an `errno` from `openForWriting`: ENXIO is the FIFO without a reader.
    public static func openErrorText(_ code: Int32) -> String {
        code == ENXIO ? "no process is reading this FIFO" : String(cString: strerror(code))
    }
}
