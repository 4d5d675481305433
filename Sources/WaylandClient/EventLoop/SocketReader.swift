import CWaylandClient
import Glibc
import SystemCalls

/// A thread that keeps the display socket empty while the loop thread works (a frame, a
/// handler): it only reads, and the events it reads wait in their queues for the loop thread
/// to dispatch them. A compositor drops a client whose socket stays full, so without it a
/// burst of input (thousands of keys injected back to back) arriving during a slow frame
/// would end the session (behaviour.md §20.2).
///
/// libwayland's read protocol makes this safe: the thread prepares its reads on a queue of
/// its own that never holds an event, so its `prepare_read` never waits for the loop's
/// queue, and while the loop thread has prepared a read the library lets only the last of
/// the two readers read. Nothing else is shared: the thread sees the `wl_display`, its own
/// queue and the read end of a stop pipe, and never dispatches.
final class SocketReader {
    /// What the thread reads with; immutable once started, and libwayland's read calls are
    /// made for use from several threads.
    private final class Shared: @unchecked Sendable {
        let display: OpaquePointer
        let queue: OpaquePointer
        let stopFD: Int32

        init(display: OpaquePointer, queue: OpaquePointer, stopFD: Int32) {
            self.display = display
            self.queue = queue
            self.stopFD = stopFD
        }
    }

    private let shared: Shared
    private var thread: pthread_t
    /// The stop pipe's write end (the thread polls the read end).
    private let stopWriteFD: Int32

    /// Starts reading `display`'s socket; nil when the thread or its descriptors cannot be made
    /// (the loop then reads on its own, as it always also does).
    init?(display: OpaquePointer) {
        guard let queue = wl_display_create_queue(display) else { return nil }
        var stopPipe: [Int32] = [-1, -1]
        guard pipe(&stopPipe) == 0 else {
            wl_event_queue_destroy(queue)
            return nil
        }
        for fd in stopPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let stopFD = stopPipe[0]
        stopWriteFD = stopPipe[1]
        let shared = Shared(display: display, queue: queue, stopFD: stopFD)
        let context = Unmanaged.passRetained(shared).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
            // Signals go to the loop thread (its signalfd, the output cleanup), never here.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            SocketReader.read(shared)
            return nil
        }, context) == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            close(stopFD)
            close(stopWriteFD)
            wl_event_queue_destroy(queue)
            return nil
        }
        self.shared = shared
        self.thread = thread
    }

    /// Stops the thread and waits for it. Call when the loop thread holds no prepared read
    /// (between iterations), so the thread is never left waiting for it.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopWriteFD, &byte, 1)
        pthread_join(thread, nil)
        close(stopWriteFD)
        close(shared.stopFD)
        wl_event_queue_destroy(shared.queue)
    }

    /// The thread: prepare, wait for the socket or the stop, read (or cancel), until stopped
    /// or the connection fails (the loop thread then sees the failure itself).
    private static func read(_ shared: Shared) {
        while true {
            guard wl_display_prepare_read_queue(shared.display, shared.queue) == 0 else { return }
            var watched = [pollfd(fd: wl_display_get_fd(shared.display), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: shared.stopFD, events: Int16(POLLIN), revents: 0)]
            // A failed poll ends the thread like a failed read: the loop thread sees the failure.
            let ready = (try? retryingInterrupted { poll(&watched, 2, -1) }) ?? -1
            guard ready > 0, watched[1].revents == 0,
                  Int32(watched[0].revents) & Int32(POLLIN | POLLERR | POLLHUP) != 0 else {
                wl_display_cancel_read(shared.display)
                return
            }
            guard Int32(watched[0].revents) & Int32(POLLIN) != 0, wl_display_read_events(shared.display) == 0 else {
                if Int32(watched[0].revents) & Int32(POLLIN) == 0 { wl_display_cancel_read(shared.display) }
                return
            }
        }
    }
}
