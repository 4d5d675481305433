import Foundation
import Glibc
import Testing
@testable import WaylandClient

/// A compositor drops a client whose socket stays full (issue 31's key storm). The loop's
/// socket reader takes events off the socket while the loop thread is busy with a frame.
@Suite struct SocketReaderTests {
    /// The compositor's side of a socketpair, writing `total` bytes of events (to an object
    /// the client does not know, which libwayland drops) from its own thread. Like a
    /// compositor, it gives up when the socket stays full for `patience` seconds.
    final class Sender: @unchecked Sendable {
        enum Outcome: Equatable { case sentEverything, gaveUp(sent: Int) }
        private let fd: Int32
        private let total: Int
        private let patience: Int32
        private let done = DispatchSemaphore(value: 0)
        private(set) var outcome: Outcome?

        init(fd: Int32, total: Int, patience: Double) {
            self.fd = fd
            self.total = total
            self.patience = Int32(patience * 1000)
        }

        func start() {
            Thread { [self] in
                // Server-side object id 0xff000100, opcode 0, eight bytes: nothing but a header.
                let message: [UInt32] = Array(repeating: [0xFF00_0100, 8 << 16], count: 512).flatMap { $0 }
                let chunk = message.withUnsafeBytes { Array($0) }
                var sent = 0
                while sent < total {
                    let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if n > 0 {
                        sent += n
                        continue
                    }
                    var watched = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    guard n < 0, errno == EAGAIN, poll(&watched, 1, patience) == 1 else {
                        outcome = .gaveUp(sent: sent)
                        done.signal()
                        return
                    }
                }
                outcome = .sentEverything
                done.signal()
            }.start()
        }

        func waitUntilDone() { done.wait() }
    }

    @Test func theSocketIsReadWhileTheLoopThreadIsBusyWithAFrame() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0)
        defer { close(fds[0]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let display = try WaylandDisplay(fileDescriptor: fds[1])
        let loop = EventLoop(display: display)
        // Eight megabytes: forty times what the socket holds.
        let sender = Sender(fd: fds[0], total: 8 << 20, patience: 5)
        // One frame that lasts until the compositor has sent everything or given up; then the
        // loop stops (nothing else would wake it: the reader has taken every byte).
        loop.addIdleWork { [unowned loop] in
            sender.start()
            sender.waitUntilDone()
            loop.stop()
        }
        #expect(try loop.run() == .requested)
        #expect(sender.outcome == .sentEverything)
        // The connection is still good: libwayland recorded no error.
        try display.dispatchPending()
    }
}
