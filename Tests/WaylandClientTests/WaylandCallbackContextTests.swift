import Foundation
import Glibc
import Testing
@testable import WaylandClient

/// WaylandClient's edges where Swift objects pass through C as untyped pointers: a thread's
/// work handed over retained and released by the thread, and a proxy's dispatcher context.
@Suite struct WaylandCallbackContextTests {
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

    /// A proxy that is never a real `wl_proxy` (it owns nothing, so it never touches libwayland).
    private func placeholderProxy() -> WaylandProxy {
        WaylandProxy(adopting: OpaquePointer(bitPattern: 0x10)!, version: 1, destructorOpcode: nil, owning: false)
    }

    @Test func aDispatcherContextGivesBackItsProxy() {
        let proxy = placeholderProxy()
        #expect(WaylandProxy.dispatched(proxy.dispatcherContext, as: WaylandProxy.self) === proxy)
    }

    #if DEBUG
    @Test func aDispatcherContextReadAsAnotherInterfaceTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let proxy = WaylandProxy(adopting: OpaquePointer(bitPattern: 0x10)!, version: 1, destructorOpcode: nil, owning: false)
            _ = withExtendedLifetime(proxy) { WaylandProxy.dispatched(proxy.dispatcherContext, as: WlSurface.self) }
        }
    }
    #endif
}
