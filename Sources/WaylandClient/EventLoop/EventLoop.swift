import Glibc

/// The event loop stopped because of a failure.
public enum EventLoopError: Error, Equatable, CustomStringConvertible {
    case display(DisplayError)
    case poll(SystemCallError)
    case signals(SystemCallError)

    public var description: String {
        switch self {
        case let .display(error): "\(error)"
        case let .poll(error): "event loop: \(error)"
        case let .signals(error): "cannot watch signals: \(error)"
        }
    }

    /// Exit status for a command-line caller (the compositor going away is status 1).
    public var exitStatus: Int32 { 1 }
}

/// Why `EventLoop.run` returned normally.
public enum StopReason: Equatable, Sendable {
    /// `stop()` was called (e.g. the window was closed).
    case requested
    /// SIGINT or SIGTERM arrived.
    case signal(Int32)
    /// The deadline passed.
    case deadline
}

/// One thread, one `poll`: the display socket, timers and signals. Sleeps in `poll` while idle.
///
/// Per iteration: dispatch queued events, run idle work (redraws), `prepare_read`, flush
/// (polling for POLLOUT when the socket is full), poll, then `read_events` or `cancel_read`.
public final class EventLoop {
    private struct Source {
        let fd: Int32
        let handler: () -> Void
    }

    private let display: WaylandDisplay
    private var sources: [Int: Source] = [:]
    private var nextSourceID = 0
    private var idleWork: [Int: () -> Void] = [:]
    private var signals: SignalSource?
    private var stopReason: StopReason?

    public init(display: WaylandDisplay) {
        self.display = display
    }

    /// Turns SIGINT/SIGTERM into `StopReason.signal` instead of killing the process.
    public func stopOnTerminationSignals() throws(EventLoopError) {
        guard signals == nil else { return }
        do throws(SystemCallError) {
            let source = try SignalSource(signals: [SIGINT, SIGTERM])
            signals = source
            _ = addSource(fd: source.fd) { [unowned self, unowned source] in
                while let signal = source.next() { stop(.signal(signal)) }
            }
        } catch {
            throw .signals(error)
        }
    }

    /// Watches `fd` for readability; `handler` runs on the loop thread.
    @discardableResult
    package func addSource(fd: Int32, handler: @escaping () -> Void) -> Int {
        nextSourceID += 1
        sources[nextSourceID] = Source(fd: fd, handler: handler)
        return nextSourceID
    }

    package func removeSource(_ id: Int) { sources[id] = nil }

    /// Work run once per iteration after events were dispatched (e.g. `Window.drawIfNeeded`).
    @discardableResult
    package func addIdleWork(_ work: @escaping () -> Void) -> Int {
        nextSourceID += 1
        idleWork[nextSourceID] = work
        return nextSourceID
    }

    package func removeIdleWork(_ id: Int) { idleWork[id] = nil }

    /// Makes `run` return with `reason` after the current iteration.
    public func stop(_ reason: StopReason = .requested) {
        if stopReason == nil { stopReason = reason }
    }

    /// Runs until `stop`, a termination signal, `deadline`, or a connection failure (thrown).
    public func run(until deadline: ContinuousClock.Instant? = nil) throws(EventLoopError) -> StopReason {
        stopReason = nil
        do throws(DisplayError) {
            while true {
                try display.dispatchPending()
                for work in idleWork.values { work() }
                if let reason = stopReason { return reason }
                if let deadline, ContinuousClock.now >= deadline { return .deadline }
                try iterate(deadline: deadline)
            }
        } catch {
            throw .display(error)
        }
    }

    /// One poll round. Throws only display errors; poll failures become connection errors too.
    private func iterate(deadline: ContinuousClock.Instant?) throws(DisplayError) {
        // prepare_read fails while events are queued: dispatch them first (they may queue more).
        while !display.prepareRead() {
            try display.dispatchPending()
        }
        var reading = true
        defer { if reading { display.cancelRead() } }

        var wantWrite = false
        if try display.flush() == .wouldBlock { wantWrite = true }

        let order = Array(sources.keys)
        var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN | (wantWrite ? POLLOUT : 0)), revents: 0)]
        fds += order.map { pollfd(fd: sources[$0]!.fd, events: Int16(POLLIN), revents: 0) }
        let timeout = deadline.map { Self.milliseconds(until: $0) } ?? -1
        do throws(SystemCallError) {
            try retryingEINTR("poll") { poll(&fds, nfds_t(fds.count), timeout) }
        } catch {
            throw .connectionLost(errno: error.errno)
        }
        let displayEvents = Int32(fds[0].revents)
        if displayEvents & Int32(POLLIN | POLLERR | POLLHUP) != 0 {
            // read_events consumes the prepared read whether it succeeds or fails.
            reading = false
            try display.readEvents()
            if displayEvents & Int32(POLLIN) == 0 { throw display.currentError() }
        }
        for (index, id) in order.enumerated() where fds[index + 1].revents != 0 {
            sources[id]?.handler()
        }
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }
}
