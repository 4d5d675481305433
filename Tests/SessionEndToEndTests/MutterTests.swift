import Foundation
import Testing
import WestonHarness

/// GNOME's compositor, headless: mutter 43 in its own D-Bus session (docs/wayland.md "mutter").
@Suite("touchstone run under mutter", .serialized)
struct MutterTests {
    /// mutter offers no decoration manager, so the window draws its 32 pt bar above the
    /// 400 × 300 scene: window geometry (0, −32, 400, 332) and a minimum of 400 × 332. mutter
    /// keeps a minimum with the surface's extent of the commit that carried it; sent before
    /// the first buffer only, it made mutter configure 400 × 364, a 32 pt band under the
    /// scene. Re-sent with the buffer, mutter configures exactly the requested 400 × 332, at
    /// scale 1 and at 1.5 (behaviour.md §14, `MinimumSizeRequests`).
    @Test(arguments: [1.0, 1.5])
    func underMutterTheDecoratedWindowIsConfiguredAtTheHeightItAsksFor(scale: Double) throws {
        let mutter = try HeadlessMutter.start(width: 1200, height: 800, scale: scale)
        defer { mutter.stop() }
        let live = try TracedClient(scene: testScene, in: mutter.directory, launch: mutter.launchClient)
        defer { live.client.stop() }
        let sized = try live.waitForTrace("a configure with a size") {
            $0.contains("xdg_toplevel@") && $0.contains(".configure(") && !$0.contains(".configure(0, 0,")
        }
        #expect(sized.contains(".configure(400, 332,"), "\(sized)")
        let trace = live.trace()
        #expect(!trace.contains { $0.contains("zxdg_decoration_manager_v1") }, "mutter 43 offers no decoration manager")
        #expect(trace.contains { $0.contains("xdg_toplevel@") && $0.contains(".configure_bounds(1200, 800)") })
        #expect(trace.last { $0.contains(".set_window_geometry(") }?.contains(".set_window_geometry(0, -32, 400, 332)") == true)
        #expect(trace.last { $0.contains(".set_min_size(") }?.contains(".set_min_size(400, 332)") == true)
    }
}
