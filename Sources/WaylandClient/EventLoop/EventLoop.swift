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
/// work (output that must not delay a frame), flush again (polling for POLLOUT when the
/// socket is full), then poll. While it runs, a `SocketReader` thread is the socket's only
/// reader and wakes this thread when it queued events; without one (no thread could be
/// made, or it stopped) this thread reads: `prepare_read`, poll, `read_events`.
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
    /// The socket's reader thread while `run` runs.
    private var reader: SocketReader?
    /// In the order added; `pollSet` holds the display and the reader's wake descriptor
    /// first (-1, not polled, when unused), then one entry per source.
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
    /// Meanwhile a `SocketReader` thread reads the socket as soon as events arrive.
    public func run(until deadline: ContinuousClock.Instant? = nil) throws(EventLoopError) -> StopReason {
        stopReason = nil
        reader = SocketReader(display: display.pointer)
        defer {
            reader?.stop()
            reader = nil
            for work in beforeSleepWork { work.run() }
        }
        do throws(DisplayError) {
            while true {
                try display.dispatchPending()
                for work in idleWork { work.run() }
                if let reason = stopReason { return reason }
                if let deadline, ContinuousClock.now >= deadline { return .deadline }
                try iterate(deadline: deadline)
            }
        } catch {
            throw .display(error)
        }
    }

    private func rebuildPollSet() {
        pollSet = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        pollSet += sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    }

    /// One poll round. Throws only display errors; poll failures become connection errors too.
    private func iterate(deadline: ContinuousClock.Instant?) throws(DisplayError) {
        // The requests (a frame's commit) go out, then the output that must not delay them.
        _ = try display.flush()
        for work in beforeSleepWork { work.run() }
        if let reader, reader.isReading {
            try sleep(wakingOn: reader, deadline: deadline)
        } else {
            guard try readAndSleep(deadline: deadline) else { return }
        }
        // A handler may add or remove sources: walk a snapshot of those polled.
        let polled = sources
        for (index, source) in polled.enumerated() where pollSet.count > index + 2 && pollSet[index + 2].revents != 0 {
            source.handler()
        }
    }

    /// Sleeps until the reader queued events, a source is ready, the socket takes the rest of
    /// a flush, or the deadline. The socket is polled only for writing: reading is the
    /// reader's, and a read prepared here would make the reader wait for this thread.
    private func sleep(wakingOn reader: SocketReader, deadline: ContinuousClock.Instant?) throws(DisplayError) {
        let wantWrite = try display.flush() == .wouldBlock
        pollSet[0].fd = wantWrite ? display.fileDescriptor : -1
        pollSet[0].events = Int16(POLLOUT)
        pollSet[1].fd = reader.wakeFD
        try poll(deadline: deadline)
        // Cleared before the next dispatch: what the reader queues after it wakes the loop again.
        if pollSet[1].revents != 0 { reader.consumeWake() }
    }

    /// Reads the socket on this thread: prepare, flush, poll, then read or cancel. False when
    /// it did not poll.
    private func readAndSleep(deadline: ContinuousClock.Instant?) throws(DisplayError) -> Bool {
        // prepare_read fails while events are queued (read meanwhile): the loop dispatches
        // them, and runs its idle work, before it sleeps.
        guard display.prepareRead() else { return false }
        var reading = true
        defer { if reading { display.cancelRead() } }
        let wantWrite = try display.flush() == .wouldBlock
        pollSet[0].fd = display.fileDescriptor
        pollSet[0].events = Int16(POLLIN | (wantWrite ? POLLOUT : 0))
        pollSet[1].fd = -1
        try poll(deadline: deadline)
        let displayEvents = Int32(pollSet[0].revents)
        if displayEvents & Int32(POLLIN | POLLERR | POLLHUP) != 0 {
            // read_events consumes the prepared read whether it succeeds or fails.
            reading = false
            try display.readEvents()
            if displayEvents & Int32(POLLIN) == 0 { throw display.currentError() }
        }
        return true
    }

    private func poll(deadline: ContinuousClock.Instant?) throws(DisplayError) {
        let timeout = deadline.map { Self.milliseconds(until: $0) } ?? -1
        do throws(SystemCallError) {
            try retryingInterrupted("poll") { Glibc.poll(&pollSet, nfds_t(pollSet.count), timeout) }
        } catch {
            throw .connectionLost(errno: error.errno.rawValue)
        }
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }
}
