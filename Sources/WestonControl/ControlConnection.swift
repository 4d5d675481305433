#if canImport(Glibc)
import Glibc
#endif
import SystemCalls
import SystemPackage

/// A blocking line-oriented client of the harness control socket.
/// All raw socket calls of this module live here. Not thread-safe by
/// itself: `HeadlessWeston` serializes every use behind its `io` lock.
final class ControlConnection: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Connects to the unix socket at `path`; throws `connectionLost` when
    /// nothing listens there (yet).
    init(path: String) throws(HarnessError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw .invalidArgument("socket path longer than \(capacity - 1) bytes: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .connectionLost(reason: "socket: \(Self.errnoText())") }
        do throws(Errno) {
            _ = try withUnsafePointer(to: &address) { pointer throws(Errno) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(Errno) in
                    try retryingInterrupted { connect(fd, address, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
            }
        } catch {
            _ = Glibc.close(fd)
            throw .connectionLost(reason: "connect \(path): \(Self.text(error))")
        }
        self.fd = fd
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        _ = Glibc.close(fd)
    }

    /// Sends one command line and returns the one reply line (without the
    /// newline), waiting at most `timeout` seconds.
    func roundTrip(_ line: String, timeout: Double) throws(HarnessError) -> String {
        guard !closed else { throw .stopped }
        try write(line + "\n")
        return try readLine(timeout: timeout, command: line)
    }

    /// Sends without waiting for the reply (tests of deferred replies).
    func write(_ text: String) throws(HarnessError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent: Int
            do throws(Errno) {
                sent = try retryingInterrupted {
                    bytes.withUnsafeBytes { raw in send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL)) }
                }
            } catch {
                throw .connectionLost(reason: "send: \(Self.text(error))")
            }
            guard sent > 0 else { throw .connectionLost(reason: "send: \(Self.text(.ioError))") }
            offset += sent
        }
    }

    func readLine(timeout: Double, command: String) throws(HarnessError) -> String {
        let deadline = Deadline(seconds: timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard deadline.remainingSeconds > 0 else { throw .timeout(command: command, seconds: timeout) }
            var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count: Int
            do throws(Errno) {
                // Each retry waits only for what is left of the deadline.
                let ready = try retryingInterrupted {
                    poll(&pollfd, 1, Int32(min(max(deadline.remainingSeconds, 0) * 1000, Double(Int32.max)).rounded(.up)))
                }
                if ready == 0 { continue }
            } catch {
                throw .connectionLost(reason: "poll: \(Self.text(error))")
            }
            do throws(Errno) {
                count = try retryingInterrupted { chunk.withUnsafeMutableBytes { raw in recv(fd, raw.baseAddress!, raw.count, 0) } }
            } catch {
                throw .connectionLost(reason: "recv: \(Self.text(error))")
            }
            if count == 0 { throw .connectionLost(reason: "weston closed the control socket") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    static func errnoText() -> String {
        text(Errno(rawValue: errno))
    }

    /// `strerror`'s words for `error`.
    static func text(_ error: Errno) -> String {
        String(cString: strerror(error.rawValue))
    }

}

/// A time limit `seconds` from now on `ContinuousClock`, the project's one clock.
struct Deadline {
    let instant: ContinuousClock.Instant

    init(seconds: Double) {
        instant = .now + .seconds(seconds)
    }

    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Seconds left (negative once passed).
    var remainingSeconds: Double {
        let left = ContinuousClock.now.duration(to: instant).components
        return Double(left.seconds) + Double(left.attoseconds) / 1e18
    }
}

