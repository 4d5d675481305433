import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// A tiling desktop on wlroots, headless: sway 1.7 with the harness's config (no borders,
/// no bar), started as the unprivileged user tools/setup creates, input through the virtual
/// pointer, screenshots through grim (docs/wayland.md "wlroots").
@Suite("touchstone run under sway", .serialized)
struct SwayTests {
    /// sway tiles the lone window over its whole 1280 × 720 output and answers `server_side`
    /// to the decoration request: the window draws no bar, the scene sits at the tile's top
    /// left with its background to the output's last row and column, a virtual-pointer click
    /// at `ok`'s center logs touchDown, touchUpInside and primaryActionTriggered at (50, 25)
    /// in `ok`, and sway's close (`swaymsg kill`) ends the client with status 0.
    @Test func underSwayTheLoneTileShowsTheSceneAndAClickLandsRight() throws {
        let sway = try HeadlessWlroots.start(.sway)
        defer { sway.stop() }
        let live = try TracedClient(scene: testScene, in: sway.directory, launch: sway.launchClient)
        defer { live.client.stop() }
        let tiled = { (line: Substring) in line.contains("xdg_toplevel@") && line.contains(".configure(1280, 720,") }
        try live.waitForFrameShown(after: tiled)
        let trace = live.trace()
        #expect(trace.contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(2)") },
                "sway answers server_side")
        #expect(!trace.contains { $0.contains(".create_buffer(") && $0.contains(", 32, ") }, "no title bar buffer")

        let shot = try sway.screenshot()
        #expect(shot.width == 1280 && shot.height == 720)
        #expect(shot.pixel(x: 45, y: 45) == WlrootsTests.panel, "\(shot.pixel(x: 45, y: 45))")
        #expect(shot.pixel(x: Int(okCenter.x), y: 70) == WlrootsTests.blue && shot.pixel(x: Int(okCenter.x), y: 69) == WlrootsTests.panel,
                "ok's top edge is where the scene puts it")
        for (x, y) in [(0, 0), (1279, 0), (0, 719), (640, 719), (1279, 719)] {
            #expect(shot.pixel(x: x, y: y) == WlrootsTests.white, "(\(x), \(y)): \(shot.pixel(x: x, y: y))")
        }

        try sway.send("pointer \(okCenter.x) \(okCenter.y) 1280 720")
        try sway.send("button 272 pressed")
        try sway.send("button 272 released")
        let logged = try live.loggedEvents(atLeast: 3)
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(logged.first?.location == Point(x: 50, y: 25))
        #expect(logged.first?.touch == .pointer)

        _ = try sway.swaymsg(["kill"])
        #expect(live.client.waitForExit(timeout: 10))
        #expect(live.client.exitStatus == 0)
    }
}
