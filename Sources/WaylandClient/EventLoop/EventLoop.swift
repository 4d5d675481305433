import Glibc
public import SystemCalls

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
/// Per iteration: dispatch queued events, run idle work (redraws), flush, run before-sleep
/// work (output that must not delay a frame), `prepare_read`, flush again (polling for
/// POLLOUT when the socket is full), poll, then `read_events` or `cancel_read`. From its
/// first run on, the display's `SocketRelay` thread reads the compositor's socket as events
/// arrive, whatever this thread is doing, and this thread reads them from the relay.
public final class EventLoop {
    private struct Source {
        let id: Int
        let fd: Int32
        let handler: () -> Void
    }

    private struct Work {
        let id: Int
        let run: () -> Void
    }

    private let display: WaylandDisplay
    /// In the order added; `pollSet` holds the display first, then one entry per source.
    private var sources: [Source] = []
    private var pollSet: [pollfd] = []
    private var nextSourceID = 0
    private var idleWork: [Work] = []
    private var beforeSleepWork: [Work] = []
    private var signals: SignalSource?
    private var stopReason: StopReason?

    public init(display: WaylandDisplay) {
        self.display = display
        rebuildPollSet()
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
        sources.append(Source(id: nextSourceID, fd: fd, handler: handler))
        rebuildPollSet()
        return nextSourceID
    }

    package func removeSource(_ id: Int) {
        sources.removeAll { $0.id == id }
        rebuildPollSet()
    }

    /// Work run once per iteration after events were dispatched (e.g. `ToplevelWindow.drawIfNeeded`),
    /// in the order added.
    @discardableResult
    package func addIdleWork(_ work: @escaping () -> Void) -> Int { add(work, to: &idleWork) }

    package func removeIdleWork(_ id: Int) { idleWork.removeAll { $0.id == id } }

    /// Work run once per iteration after the requests (a frame's commit) went to the
    /// compositor and before the loop sleeps, and once more when `run` returns: output
    /// such as event logs, which must not delay the frame that shows the input.
    @discardableResult
    public func addBeforeSleepWork(_ work: @escaping () -> Void) -> Int { add(work, to: &beforeSleepWork) }

    private func add(_ work: @escaping () -> Void, to list: inout [Work]) -> Int {
        nextSourceID += 1
        list.append(Work(id: nextSourceID, run: work))
        return nextSourceID
    }

    public func removeBeforeSleepWork(_ id: Int) { beforeSleepWork.removeAll { $0.id == id } }

    /// Makes `run` return with `reason` after the current iteration.
    public func stop(_ reason: StopReason = .requested) {
        if stopReason == nil { stopReason = reason }
    }

    /// Runs until `stop`, a termination signal, `deadline`, or a connection failure (thrown).
    /// The display's socket relay starts with the first run and stays until it disconnects.
    public func run(until deadline: ContinuousClock.Instant? = nil) throws(EventLoopError) -> StopReason {
        stopReason = nil
        display.relayCompositorSocket()
        defer { Self.runAll(beforeSleepWork) }
        do throws(DisplayError) {
            while true {
                try display.dispatchPending()
                Self.runAll(idleWork)
                if let reason = stopReason { return reason }
                if let deadline, ContinuousClock.now >= deadline { return .deadline }
                try iterate(deadline: deadline)
            }
        } catch {
            throw .display(error)
        }
    }

    private func rebuildPollSet() {
        pollSet = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        pollSet += sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    }

    /// One poll round. Throws only display errors; poll failures become connection errors too.
    private func iterate(deadline: ContinuousClock.Instant?) throws(DisplayError) {
        // The requests (a frame's commit) go out, then the output that must not delay them,
        // before a read is prepared.
        _ = try display.flush()
        Self.runAll(beforeSleepWork)
        // prepare_read fails while events are queued (read meanwhile): the loop dispatches
        // them, and runs its idle work, before it sleeps.
        guard display.prepareRead() else { return }
        var reading = true
        defer { if reading { display.cancelRead() } }
        let wantWrite = try display.flush() == .wouldBlock

        pollSet[0].events = Int16(POLLIN | (wantWrite ? POLLOUT : 0))
        let timeout = deadline.map { Self.milliseconds(until: $0) } ?? -1
        do throws(SystemCallError) {
            _ = try retryingInterrupted("poll") { poll(&pollSet, nfds_t(pollSet.count), timeout) }
        } catch {
            throw .connectionLost(errno: error.errno.rawValue)
        }
        let displayEvents = Int32(pollSet[0].revents)
        if displayEvents & Int32(POLLIN | POLLERR | POLLHUP) != 0 {
            // read_events consumes the prepared read whether it succeeds or fails.
            reading = false
            try display.readEvents()
            if displayEvents & Int32(POLLIN) == 0 { throw display.currentError() }
        }
        // Most turns wake for the display alone: no snapshot of the sources then.
        guard pollSet.indices.dropFirst().contains(where: { pollSet[$0].revents != 0 }) else { return }
        // A handler may add or remove sources: walk a snapshot of those polled.
        let polled = sources
        for (index, source) in polled.enumerated() where pollSet.count > index + 1 && pollSet[index + 1].revents != 0 {
            source.handler()
        }
    }

    /// Runs each of `work` in order; `work` is a copy, so what one adds or removes applies
    /// from the next turn on. Read in place: a loop over the array copies each closure.
    private static func runAll(_ work: [Work]) {
        work.withUnsafeBufferPointer { work in
            for index in work.indices { work[index].run() }
        }
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }
}
