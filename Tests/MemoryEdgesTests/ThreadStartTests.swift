import Foundation
import Glibc
import Testing
import MemoryEdges

/// A thread's work handed to the new thread retained and released by the thread when it is done
/// (WaylandClient's socket relay and clipboard writer, the image decoding worker, the check runner).
@Suite struct ThreadStartTests {
    final class Token {}

    @Test func aStartedThreadRunsItsWorkAndReleasesItWhenDone() throws {
        weak var released: Token?
        var ran = false
        let thread: pthread_t
        do {
            let token = Token()
            released = token
            thread = try #require(ThreadStart.start(detached: false) { withExtendedLifetime(token) { ran = true } })
        }
        pthread_join(thread, nil)
        #expect(ran)
        #expect(released == nil, "the thread kept its work alive after it ended")
    }

    @Test func aDetachedThreadRunsItsWork() {
        let done = DispatchSemaphore(value: 0)
        #expect(ThreadStart.start(detached: true) { done.signal() } != nil)
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
