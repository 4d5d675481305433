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
    /// sway tiles the lone window over its whole 1280 × 720 output (no borders in the
    /// harness's config), or makes it fullscreen there with `--fullscreen`, and answers
    /// `server_side` to the decoration request: the window draws no bar, the screenshot shows
    /// the whole scene from the output's top left with its background to the last row and
    /// column, a click on `ok` and three wheel steps over `list` are logged at the scene's
    /// points, and sway's close (`swaymsg kill`) ends the client with status 0.
    @Test(arguments: [[], ["--fullscreen"]])
    func underSwayTheWindowFillsTheOutputAndLogsAClickAndAWheelScrollRight(arguments: [String]) throws {
        let sway = try HeadlessWlroots.start(.sway)
        defer { sway.stop() }
        let run = try KioskRun(sway, arguments: arguments, screen: (1280, 720))
        defer { run.live.client.stop() }
        #expect(run.live.trace().contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(2)") },
                "sway answers server_side")
        try run.expectNoBar()
        _ = try run.screenshotShowingTheWholeScene()
        try run.clickOnOKLogsRight()
        try run.wheelOverTheListLogsRight()
        _ = try sway.swaymsg(["kill"])
        #expect(run.live.client.waitForExit(timeout: 10))
        #expect(run.live.client.exitStatus == 0)
    }

    /// sway's virtual keyboard (the harness's, with xkbcommon's default us keymap) reaches
    /// the window: `q` quits with status 0.
    @Test func underSwayAKeyFromTheVirtualKeyboardReachesTheWindow() throws {
        let sway = try HeadlessWlroots.start(.sway)
        defer { sway.stop() }
        let run = try KioskRun(sway, screen: (1280, 720))
        defer { run.live.client.stop() }
        try run.typingQQuitsWithStatusZero()
    }
}
