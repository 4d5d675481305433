import Testing
@testable import WaylandClient

/// WaylandClient's edge where Swift objects pass through C as untyped pointers: a proxy's
/// dispatcher context.
@Suite struct WaylandCallbackContextTests {
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
