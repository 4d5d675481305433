import CWaylandClient
import Glibc
import Synchronization
import SystemCalls

/// A thread that is the display socket's only reader while the loop runs: it reads whatever
/// arrives as soon as it arrives, leaves the events in their queues and wakes the loop
/// thread, which dispatches them. A compositor drops a client whose socket stays full, and
/// weston fills one in about 3 ms during a key storm, so the read must not wait for the
/// loop thread: not while it dispatches or paints, and not while it sleeps either
/// (behaviour.md §20.2).
///
/// libwayland lets several threads prepare a read, but then only the last of them reads and
/// the others wait for it. A loop thread that prepared a read before sleeping in `poll`
/// therefore held this thread back whenever the scheduler was slow to wake it (9.5 ms
/// measured under load). So the loop thread never prepares a read while this thread runs: it
/// sleeps on `wakeFD`. This thread prepares its reads on a queue of its own that never holds
/// an event, so its `prepare_read` always succeeds; nothing else is shared but the
/// `wl_display` and two descriptors, and it never dispatches.
final class SocketReader {
    /// What the thread uses; immutable once started but for `ended`, and libwayland's read
    /// calls are made for use from several threads.
    private final class Shared: @unchecked Sendable {
        let display: OpaquePointer
        let queue: OpaquePointer
        let stopFD: Int32
        let wakeReadFD: Int32
        let wakeWriteFD: Int32
        /// Set by the thread when it stops reading on its own (a failed read or poll).
        let ended = Atomic<Bool>(false)

        init(display: OpaquePointer, queue: OpaquePointer, stopFD: Int32, wakeReadFD: Int32, wakeWriteFD: Int32) {
            self.display = display
            self.queue = queue
            self.stopFD = stopFD
            self.wakeReadFD = wakeReadFD
            self.wakeWriteFD = wakeWriteFD
        }
    }

    private let shared: Shared
    private var thread: pthread_t
    /// The stop pipe's write end (the thread polls the read end).
    private let stopWriteFD: Int32

    /// Readable (a pipe) after the thread read events or stopped reading: the loop polls it.
    var wakeFD: Int32 { shared.wakeReadFD }

    /// False once the thread stopped reading on its own: the loop then reads the socket
    /// itself (and sees the failure, if there was one).
    var isReading: Bool { !shared.ended.load(ordering: .acquiring) }

    /// Starts reading `display`'s socket; nil when the thread or its descriptors cannot be made
    /// (the loop then reads on its own).
    init?(display: OpaquePointer) {
        guard let queue = wl_display_create_queue(display) else { return nil }
        var stopPipe: [Int32] = [-1, -1], wakePipe: [Int32] = [-1, -1]
        guard pipe(&stopPipe) == 0 else {
            wl_event_queue_destroy(queue)
            return nil
        }
        guard pipe(&wakePipe) == 0 else {
            for fd in stopPipe { close(fd) }
            wl_event_queue_destroy(queue)
            return nil
        }
        for fd in stopPipe + wakePipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A full wake pipe already wakes the loop: neither end ever waits.
        for fd in wakePipe { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let shared = Shared(display: display, queue: queue, stopFD: stopPipe[0], wakeReadFD: wakePipe[0], wakeWriteFD: wakePipe[1])
        stopWriteFD = stopPipe[1]
        let context = Unmanaged.passRetained(shared).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
            // Signals go to the loop thread (its signalfd, the output cleanup), never here.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            SocketReader.raisePriority()
            SocketReader.reserveMemory()
            SocketReader.read(shared)
            return nil
        }, context) == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            for fd in stopPipe + wakePipe { close(fd) }
            wl_event_queue_destroy(queue)
            return nil
        }
        self.shared = shared
        self.thread = thread
    }

    /// Clears `wakeFD`. The loop calls it before it dispatches: events read later wake it again.
    func consumeWake() {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while Glibc.read(shared.wakeReadFD, &bytes, MemoryLayout.size(ofValue: bytes)) > 0 {}
    }

    /// Stops the thread and waits for it.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopWriteFD, &byte, 1)
        pthread_join(thread, nil)
        for fd in [stopWriteFD, shared.stopFD, shared.wakeReadFD, shared.wakeWriteFD] { close(fd) }
        wl_event_queue_destroy(shared.queue)
    }

    /// The thread: prepare, wait for the socket or the stop, read, wake the loop; until
    /// stopped, or until a read fails (libwayland then holds the error the loop will see).
    private static func read(_ shared: Shared) {
        defer {
            shared.ended.store(true, ordering: .releasing)
            wake(shared)
        }
        // Made once: the loop below allocates nothing of its own (see `reserveMemory`).
        var watched = [pollfd(fd: wl_display_get_fd(shared.display), events: Int16(POLLIN), revents: 0),
                       pollfd(fd: shared.stopFD, events: Int16(POLLIN), revents: 0)]
        while wl_display_prepare_read_queue(shared.display, shared.queue) == 0 {
            watched[0].revents = 0
            watched[1].revents = 0
            let ready = (try? retryingInterrupted { poll(&watched, 2, -1) }) ?? -1
            guard ready > 0, watched[1].revents == 0 else {
                wl_display_cancel_read(shared.display)
                return
            }
            // A hang-up or an error is read too: the read then records the failure.
            guard wl_display_read_events(shared.display) == 0 else { return }
            wake(shared)
        }
    }

    /// Real-time priority where the process may take it (root, CAP_SYS_NICE or RLIMIT_RTPRIO;
    /// otherwise the thread keeps its normal priority). The fair scheduler weighs the threads
    /// of one process as one: while the loop thread dispatches a storm, a woken reader of
    /// normal priority waits behind the compositor for milliseconds, which is all the
    /// compositor needs to fill the socket. The thread's work is bounded by what the compositor
    /// sends, so it cannot starve the rest of the system.
    private static func raisePriority() {
        var parameters = sched_param()
        parameters.sched_priority = 1
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
    }

    /// How much the thread's malloc arena is grown to before the first read.
    static let reservedBytes = 32 << 20

    /// Grows this thread's malloc arena once, before any read, so that the events a storm
    /// queues (libwayland allocates each one here) fit without growing it then. Growing an
    /// arena takes the process's memory-map lock for writing, which the loop thread may hold
    /// (a frame's buffers, a keymap's mapping) while the scheduler has it waiting: the reader,
    /// whatever its priority, then waits with it. Measured: 4 ms in `mprotect` under load, and
    /// weston fills the socket in about 3. Freed at once; glibc keeps the arena's size.
    private static func reserveMemory() {
        let block = 64 << 10
        var blocks: [UnsafeMutableRawPointer?] = Array(repeating: nil, count: reservedBytes / block)
        for index in blocks.indices { blocks[index] = malloc(block) }
        for pointer in blocks { free(pointer) }
    }

    private static func wake(_ shared: Shared) {
        var byte: UInt8 = 1
        _ = write(shared.wakeWriteFD, &byte, 1)
    }
}
