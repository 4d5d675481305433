#if canImport(Glibc)
import Glibc
#endif

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
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                retryingEINTR { connect(fd, address, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        guard result == 0 else {
            let reason = Self.errnoText()
            _ = Glibc.close(fd)
            throw .connectionLost(reason: "connect \(path): \(reason)")
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
            let sent = bytes.withUnsafeBytes { raw in
                retryingEINTR {
                    send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                }
            }
            guard sent > 0 else { throw .connectionLost(reason: "send: \(Self.errnoText())") }
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
            let remaining = deadline.remainingSeconds
            guard remaining > 0 else { throw .timeout(command: command, seconds: timeout) }
            var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollfd, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .connectionLost(reason: "poll: \(Self.errnoText())")
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { raw in
                retryingEINTR { recv(fd, raw.baseAddress!, raw.count, 0) }
            }
            if count < 0 { throw .connectionLost(reason: "recv: \(Self.errnoText())") }
            if count == 0 { throw .connectionLost(reason: "weston closed the control socket") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
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

/// Repeats a system call while it fails with EINTR.
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result < 0 && errno == EINTR { continue }
        return result
    }
}
