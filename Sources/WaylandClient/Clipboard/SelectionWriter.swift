import Glibc
import MemoryEdges
import SystemCalls
import SystemPackage

/// Writes a copied selection into the pipe another client (or this one) reads a paste from,
/// on a thread of its own (behaviour.md §16.7): the reader may be this very loop, which
/// must not wait on itself, and a reader that never reads must not stop the loop.
package enum SelectionWriter {
    /// How long a write waits for the reader to make room before it gives up.
    static let stallTimeoutMilliseconds: Int32 = 5000

    /// Writes `bytes` to `fd` on a new detached thread, then closes `fd` (which it owns from
    /// now on). Without a thread it writes what fits at once and closes.
    package static func write(_ bytes: [UInt8], to fd: Int32) {
        let job = Job(bytes: bytes, fd: fd)
        if ThreadStart.start(detached: true, { job.run() }) == nil {
            job.run(waiting: false)
        }
    }

    private final class Job {
        let bytes: [UInt8]
        let fd: Int32

        init(bytes: [UInt8], fd: Int32) {
            self.bytes = bytes
            self.fd = fd
        }

        /// Writes everything (or until the reader goes away or stalls), then closes.
        func run(waiting: Bool = true) {
            defer { close(fd) }
            if waiting {
                // A reader that closed its end makes `write` fail with EPIPE; the SIGPIPE that
                // comes with it stays blocked on this thread and goes with it.
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var offset = 0
            while offset < bytes.count {
                let count: Int
                do throws(Errno) {
                    count = try retryingInterrupted {
                        bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
                    }
                } catch where error == .resourceTemporarilyUnavailable && waiting {
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    // A reader that makes no room in time (or a failed wait) ends the copy.
                    let room = try? retryingInterrupted { poll(&ready, 1, SelectionWriter.stallTimeoutMilliseconds) }
                    guard let room, room > 0 else { return }
                    continue
                } catch {
                    return  // The reader went away (EPIPE): nobody is left to tell.
                }
                guard count > 0 else { return }
                offset += count
            }
        }
    }
}
