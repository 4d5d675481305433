import Foundation
import Glibc
import Testing
@testable import WaylandClient

/// A compositor drops a client whose socket stays full (issue 31's key storm). The display's
/// socket relay takes events off the socket whatever the loop thread is doing.
@Suite struct SocketRelayTests {
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

    /// A socketpair whose second end is the client's display; the first is the compositor's,
    /// non-blocking.
    static func connectedDisplay() throws -> (compositor: Int32, display: WaylandDisplay) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], try WaylandDisplay(fileDescriptor: fds[1]))
    }

    @Test func theSocketIsReadWhileTheLoopThreadIsBusyWithAFrame() throws {
        let (compositor, display) = try Self.connectedDisplay()
        defer { close(compositor) }
        let loop = EventLoop(display: display)
        // Two megabytes: ten times what the socket holds, half of what the relay holds.
        let sender = Sender(fd: compositor, total: 2 << 20, patience: 5)
        // One frame that lasts until the compositor has sent everything or given up; then the
        // loop stops.
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

    @Test func everythingTheRelayHeldReachesTheLoopInOrder() throws {
        let (compositor, display) = try Self.connectedDisplay()
        defer { close(compositor) }
        let loop = EventLoop(display: display)
        // The client's first object (id 2); its `done` is the last event the compositor sends.
        let callback = display.object.sync()
        var done = false
        callback.onEvent = { [unowned loop] _ in
            done = true
            loop.stop()
        }
        let sender = Sender(fd: compositor, total: 1 << 20, patience: 5)
        var frames = 0
        loop.addIdleWork {
            frames += 1
            guard frames == 1 else { return }
            sender.start()
            sender.waitUntilDone()
            // wl_callback.done(0) to object 2: a 12-byte message.
            let message: [UInt32] = [2, 12 << 16, 0]
            #expect(message.withUnsafeBytes { write(compositor, $0.baseAddress, $0.count) } == 12)
        }
        #expect(try loop.run(until: ContinuousClock.now + .seconds(30)) == .requested)
        #expect(sender.outcome == .sentEverything)
        #expect(done)
    }

    /// The relay's 4 MiB of buffers once held up the compositor's first configure at every
    /// start: their pages were made before the first read. Now the first events are passed on
    /// at once and the pages are made only when the loop asks (after a window's first commit).
    @Test func theCompositorsFirstEventsArePassedOnBeforeTheRelayMakesItsPages() throws {
        let (compositor, display) = try Self.connectedDisplay()
        defer { close(compositor) }
        let loop = EventLoop(display: display)
        var answers = 0
        var callbacks: [WlCallback] = []
        func expectAnswer() {
            let callback = display.object.sync()
            callbacks.append(callback)
            callback.onEvent = { [unowned loop] _ in
                answers += 1
                loop.stop()
            }
            // wl_callback.done(0) to the callback (the client's next object): a 12-byte message.
            let message: [UInt32] = [callback.objectID, 12 << 16, 0]
            #expect(message.withUnsafeBytes { write(compositor, $0.baseAddress, $0.count) } == 12)
        }
        expectAnswer()
        #expect(try loop.run(until: ContinuousClock.now + .seconds(30)) == .requested)
        let start = try #require(display.relayResidency)
        #expect(start.atFirstEvent == 0)
        #expect(start.now == 0)

        display.makeRelayPagesResident()
        // The next event wakes the relay; it makes its pages between polls that find nothing.
        expectAnswer()
        #expect(try loop.run(until: ContinuousClock.now + .seconds(30)) == .requested)
        let full = SocketRelay.eventCapacity + SocketRelay.requestCapacity
        let deadline = ContinuousClock.now + .seconds(30)
        while display.relayResidency!.now < full, ContinuousClock.now < deadline { sched_yield() }
        #expect(display.relayResidency!.now == full)
        #expect(answers == 2)
    }

    @Test func aCompositorThatHangsUpEndsTheRunWithTheConnectionLost() throws {
        let (compositor, display) = try Self.connectedDisplay()
        let loop = EventLoop(display: display)
        var closed = false
        loop.addIdleWork {
            guard !closed else { return }
            closed = true
            close(compositor)
        }
        #expect(throws: EventLoopError.display(.connectionLost(errno: EPIPE))) { try loop.run() }
    }
}
