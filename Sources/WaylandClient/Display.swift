import CWaylandClient
import Glibc
import SystemCalls
import SystemPackage

/// Failure to open a Wayland connection.
public enum DisplayConnectError: Error, Equatable, CustomStringConvertible {
    /// No compositor answered at the socket (or WAYLAND_SOCKET was unusable).
    case cannotConnect(display: String, errno: Int32)

    public var description: String {
        switch self {
        case let .cannotConnect(display, errno):
            "cannot connect to Wayland display '\(display)': \(String(cString: strerror(errno)))"
        }
    }
}

/// The connection failed during a session.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// The compositor reported a protocol error against one of our objects.
    case protocolError(interface: String, objectID: UInt32, code: UInt32, message: String)
    /// The compositor went away or the socket broke (EPIPE, ECONNRESET, ...).
    case connectionLost(errno: Int32)
    /// The compositor accepted the connection but did not answer a round trip in time.
    case noAnswer(display: String, seconds: Double)

    public var description: String {
        switch self {
        case let .protocolError(interface, objectID, code, message):
            "Wayland protocol error on \(interface)#\(objectID), code \(code): \(message)"
        case let .noAnswer(display, seconds):
            "the Wayland display '\(display)' did not answer within \(Int(seconds)) s (is it a compositor's socket?)"
        case let .connectionLost(errno):
            "lost the Wayland connection: \(String(cString: strerror(errno)))"
        }
    }
}

/// One connection to a compositor: owns the `wl_display` and exposes the read/dispatch steps
/// the event loop needs.
public final class WaylandDisplay {
    package let pointer: OpaquePointer
    /// The `wl_display` protocol object, source of the registry and sync callbacks. Objects
    /// made from it keep this display connected until they are gone.
    package var object: WlDisplay {
        let display = WlDisplay(adopting: pointer, version: 1)
        display.keepAlive = self
        return display
    }
    /// The display name we connected to (for messages).
    public let name: String

    /// Connects to `name`, or to WAYLAND_SOCKET / WAYLAND_DISPLAY / `wayland-0` when nil,
    /// exactly as libwayland resolves them.
    public init(name: String? = nil) throws(DisplayConnectError) {
        let environment = ProcessInfoLite.self
        let shown = name ?? (environment.value("WAYLAND_SOCKET").map { "fd \($0)" }
            ?? environment.value("WAYLAND_DISPLAY") ?? "wayland-0")
        Glibc.errno = 0
        let display = name.map { wl_display_connect($0) } ?? wl_display_connect(nil)
        guard let display else {
            throw .cannotConnect(display: shown, errno: Glibc.errno == 0 ? ENOENT : Glibc.errno)
        }
        pointer = display
        self.name = shown
    }

    /// Uses an already connected socket (e.g. one end of a socketpair in tests); takes the fd.
    package init(fileDescriptor: Int32) throws(DisplayConnectError) {
        guard let display = wl_display_connect_to_fd(fileDescriptor) else {
            throw .cannotConnect(display: "fd \(fileDescriptor)", errno: Glibc.errno)
        }
        pointer = display
        name = "fd \(fileDescriptor)"
    }

    deinit {
        wl_display_disconnect(pointer)
        // The relay ends once libwayland's end of it is closed.
        relay?.join()
    }

    /// The thread reading the compositor's socket for libwayland, once started.
    private var relay: SocketRelay?
    private var relayTried = false

    /// Puts a `SocketRelay` between libwayland and the compositor (once; later calls do
    /// nothing): from now on the compositor's socket is read as soon as events arrive. Without
    /// one (no thread or socketpair could be made) libwayland keeps reading the socket itself.
    package func relayCompositorSocket() {
        guard !relayTried else { return }
        relayTried = true
        // What libwayland holds goes out first, on the socket it was written for.
        _ = try? flush()
        relay = SocketRelay(replacing: fileDescriptor)
    }

    /// Lets the relay make its buffers' pages resident (`SocketRelay.makePagesResident`): once
    /// the first frame is committed, so they do not delay the start.
    package func makeRelayPagesResident() {
        relay?.makePagesResident()
    }

    /// The relay's resident bytes now and when it passed on the compositor's first bytes
    /// (-1 before); nil without a relay. For tests.
    package var relayResidency: (now: Int, atFirstEvent: Int)? {
        relay.map { ($0.residentBytes, $0.residentBytesAtFirstEvent) }
    }

    /// The socket to poll for readability.
    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// Sends queued requests and waits until the compositor has handled them and every event
    /// they caused has been dispatched. Keep out of input and frame paths (a round trip each).
    public func roundtrip() throws(DisplayError) {
        if wl_display_roundtrip(pointer) < 0 { throw currentError() }
    }

    /// How long setup round trips wait for the compositor: a socket that accepts and never
    /// answers ends the program with a clear error instead of hanging it.
    public static let setupTimeout = 5.0

    /// `roundtrip()` that gives up after `timeout` seconds with `.noAnswer`.
    public func roundtrip(timeout: Double) throws(DisplayError) {
        final class Flag { var done = false }
        let answered = Flag()
        let callback = object.sync()
        callback.onEvent = { _ in answered.done = true }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while !answered.done {
            guard wl_display_prepare_read(pointer) == 0 else {
                try dispatchPending()
                continue
            }
            do throws(DisplayError) {
                _ = try flush()  // A full socket (`wouldBlock`) drains while the poll below waits.
            } catch {
                wl_display_cancel_read(pointer)
                throw error
            }
            func millisecondsLeft() -> Int64 {
                let remaining = ContinuousClock.now.duration(to: deadline)
                return remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            }
            guard millisecondsLeft() > 0 else {
                wl_display_cancel_read(pointer)
                throw .noAnswer(display: name, seconds: timeout)
            }
            var watched = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready: Int32
            do throws(Errno) {
                // Each retry waits only for what is left of the deadline.
                ready = try retryingInterrupted { poll(&watched, 1, Int32(max(millisecondsLeft(), 0))) }
            } catch {
                wl_display_cancel_read(pointer)
                throw .connectionLost(errno: error.rawValue)
            }
            guard ready > 0 else {
                wl_display_cancel_read(pointer)
                continue
            }
            if wl_display_read_events(pointer) < 0 { throw currentError() }
            try dispatchPending()
        }
        withExtendedLifetime(callback) {}
    }

    /// Dispatches events already read from the socket, without blocking.
    public func dispatchPending() throws(DisplayError) {
        if wl_display_dispatch_pending(pointer) < 0 { throw currentError() }
    }

    /// Starts a read: false means events are queued and must be dispatched first.
    package func prepareRead() -> Bool { wl_display_prepare_read(pointer) == 0 }

    package func cancelRead() { wl_display_cancel_read(pointer) }

    package func readEvents() throws(DisplayError) {
        if wl_display_read_events(pointer) < 0 { throw currentError() }
    }

    /// Outcome of one flush attempt.
    package enum FlushResult { case done, wouldBlock }

    /// Writes queued requests; `.wouldBlock` means the socket is full: poll for POLLOUT and retry.
    package func flush() throws(DisplayError) -> FlushResult {
        do throws(Errno) {
            _ = try retryingInterrupted { wl_display_flush(pointer) }
            return .done
        } catch where error == .resourceTemporarilyUnavailable {
            return .wouldBlock
        } catch {
            throw currentError()
        }
    }

    /// The error the connection is in, preferring libwayland's record over the last errno.
    package func currentError() -> DisplayError {
        let code = wl_display_get_error(pointer)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(pointer, &interface, &id)
            let interfaceName = interface.map { String(cString: $0.pointee.name) } ?? "unknown"
            let message = ProtocolErrorNames.describe(interface: interfaceName, code: protocolCode)
            return .protocolError(interface: interfaceName, objectID: id, code: protocolCode, message: message)
        }
        return .connectionLost(errno: code != 0 ? code : (Glibc.errno != 0 ? Glibc.errno : EPIPE))
    }
}

/// Reads environment variables without Foundation.
enum ProcessInfoLite {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
