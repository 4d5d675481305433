import Foundation
import NodeCore
import Testing
import WestonHarness

/// The pointer's cursor: set through libwayland-cursor on every enter, at the output's scale.
@Suite("Cursor under headless weston", .serialized)
struct CursorTests {
    /// Moves the pointer to `point` (output coordinates) and waits until the client's cursor shows.
    private func enter(_ live: LiveClient, at point: (Double, Double)) throws -> HarnessCursor {
        try live.inject([.pointerMotion(location: Point(x: point.0, y: point.1))])
        return try live.weston.waitForCursor(pid: live.client.pid, timeout: 10)
    }

    @Test func pointerEnterSetsACursorOfTheSameLogicalSizeAtScalesOneAndTwo() throws {
        var sizes: [Int: HarnessCursor] = [:]
        for scale in [1, 2] {
            // No check that nothing is set before: weston's pointer starts over the window, so
            // the compositor may already have sent an enter.
            let live = try LiveClient(scene: testScene, scale: scale)
            let cursor = try enter(live, at: okCenter)
            #expect(cursor.pid == live.client.pid)
            sizes[scale] = cursor
        }
        // XCURSOR_SIZE unset: 24 px nominal, the theme's nearest size; at scale 2 the image
        // is loaded at twice that and shown with buffer scale 2, so the logical size is equal.
        // The hotspot is the theme's own for each size, which a theme need not double exactly
        // (Adwaita's left_ptr: (4, 4) at 24 px, (7, 7) at 48 px): within a point.
        let one = try #require(sizes[1]), two = try #require(sizes[2])
        #expect((16...64).contains(one.width) && one.width == one.height, "\(one)")
        let same = two.width == one.width && two.height == one.height && abs(two.hotspotX - one.hotspotX) <= 1
            && abs(two.hotspotY - one.hotspotY) <= 1
        #expect(same, "scale 1: \(one), scale 2: \(two)")
        #expect(one.bufferScale == 1 && two.bufferScale == 2, "scale 1: \(one), scale 2: \(two)")
    }

    @Test func cursorSizeComesFromXcursorSizeAndIsSetAgainOnEveryEnter() throws {
        let plain = try LiveClient(scene: testScene)
        let defaultCursor = try enter(plain, at: okCenter)
        // A floating window on a larger output (desktop shell: the pointer can leave it for
        // the background). An unknown theme falls back to the default or built-in cursors.
        let live = try LiveClient(scene: testScene, shell: .desktop, output: (900, 700),
                                  environment: ["XCURSOR_SIZE": "64", "XCURSOR_THEME": "no-such-theme",
                                                "WAYLAND_DEBUG": "client"])
        let view = try #require(try live.weston.views().first { $0.pid == live.client.pid && $0.role == "xdg_toplevel" })
        let first = try enter(live, at: (view.x + 30, view.y + 30))
        #expect(first.width > defaultCursor.width, "XCURSOR_SIZE=64 gave \(first), the default \(defaultCursor)")
        // Out and back in twice, each time clicking `ok` (a commit to wait for): the
        // compositor forgets a client's cursor when the pointer leaves, so every enter
        // must set it again.
        for _ in 1...2 {
            try live.inject([.pointerMotion(location: Point(x: 2, y: 690))])
            try live.injectAndWaitForFrame([.pointerMotion(location: Point(x: view.x + okCenter.x, y: view.y + okCenter.y)),
                                            .pointerButton(.left, pressed: true)])
            try live.injectAndWaitForFrame([.pointerButton(.left, pressed: false)])
            #expect(try live.weston.waitForCursor(pid: live.client.pid) == first)
        }
        #expect(live.waitUntilIdle())
        let trace = live.clientLog().split(separator: "\n")
        let enters = trace.filter { $0.contains(".enter(") && $0.contains("wl_pointer@") }.count
        let cursors = trace.filter { $0.contains("-> wl_pointer@") && $0.contains(".set_cursor(") }.count
        #expect(enters == 3 && cursors == 3, "\(enters) enters, \(cursors) set_cursor requests")
    }
}
