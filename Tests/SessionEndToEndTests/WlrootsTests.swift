import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// The compositors of real touch devices, headless: cage (kiosks) and phoc (Phosh's, Linux
/// phones), both wlroots, started as the unprivileged user tools/setup creates, screenshots
/// through grim (docs/wayland.md "wlroots", behaviour.md §14).
@Suite("touchstone run under cage and phoc", .serialized)
struct WlrootsTests {
    static let white = RGBA(r: 255, g: 255, b: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255)
    static let panel = RGBA(r: 238, g: 238, b: 238)

    /// cage maximizes the window to its output and answers `client_side` to the decoration
    /// request; it ignores a negative window geometry offset, so a title bar drawn at y = −32
    /// sat above the screen with a black band at the bottom. As a kiosk the window draws no
    /// bar, its geometry is its content, and the scene fills the screen from its top left;
    /// `--fullscreen`, which cage answers with the same maximize, too. The output is rotated
    /// (720 × 1280; its mode is still reported as 1280 × 720) for grim to see the frame.
    @Test(arguments: [[], ["--fullscreen"]])
    func underCageTheWindowFillsTheScreenWithoutATitleBar(arguments: [String]) throws {
        let cage = try HeadlessWlroots.start(.cageRotated)
        defer { cage.stop() }
        let live = try TracedClient(scene: testScene, arguments: arguments, in: cage.directory, launch: cage.launchClient)
        defer { live.client.stop() }
        try expectKiosk(live, width: 720, height: 1280)

        let shot = try cage.screenshot()
        #expect(shot.width == 720 && shot.height == 1280)
        // The scene from the screen's top left: the panel at (40, 40), `ok` at (100, 70).
        #expect(shot.pixel(x: 45, y: 45) == Self.panel, "\(shot.pixel(x: 45, y: 45))")
        #expect(shot.pixel(x: Int(okCenter.x), y: Int(okCenter.y)) == Self.blue)
        #expect(shot.pixel(x: Int(okCenter.x), y: 70) == Self.blue && shot.pixel(x: Int(okCenter.x), y: 69) == Self.panel,
                "ok's top edge is where the scene puts it")
        // Its background to the screen's last row and column: no black band, no bar.
        for (x, y) in [(0, 0), (360, 0), (719, 0), (0, 1279), (360, 1279), (719, 1279), (719, 640)] {
            #expect(shot.pixel(x: x, y: y) == Self.white, "(\(x), \(y)): \(shot.pixel(x: x, y: y))")
        }
    }

    /// Unrotated, the window is configured to the whole 1280 × 720 output and draws no bar; the
    /// compositor going away (the kiosk's session ending) ends the client with status 1.
    @Test func underCageTheWindowTakesTheOutputAndExitsOneWhenCageGoes() throws {
        let cage = try HeadlessWlroots.start(.cage)
        defer { cage.stop() }
        let live = try TracedClient(scene: testScene, in: cage.directory, launch: cage.launchClient)
        defer { live.client.stop() }
        try expectKiosk(live, width: 1280, height: 720)
        cage.stop()
        #expect(live.client.waitForExit(timeout: 10))
        #expect(live.client.exitStatus == 1)
    }

    /// Waits for the frame after cage's maximize to `width` × `height`; checks that cage
    /// answered `client_side` and that, since that configure, the window geometry is the
    /// content's with no offset and no title bar buffer was made.
    private func expectKiosk(_ live: TracedClient, width: Int, height: Int) throws {
        let maximized = { (line: Substring) in line.contains("xdg_toplevel@") && line.contains(".configure(\(width), \(height),") }
        try live.waitForFrameShown(after: maximized)
        let trace = live.trace()
        let configured = try #require(trace.firstIndex(where: maximized))
        #expect(trace.contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(1)") },
                "cage answers client_side")
        let geometries = trace[configured...].filter { $0.contains(".set_window_geometry(") }
        #expect(geometries.last?.contains(".set_window_geometry(0, 0, \(width), \(height))") == true, "\(geometries)")
        #expect(!trace[configured...].contains { $0.contains(".create_buffer(") && $0.contains(", \(width), 32, ") },
                "a title bar buffer after the kiosk configure")
    }

    /// phoc on a PinePhone-sized output (720 × 1440 pixels at scale 2: 360 × 720 points)
    /// honours a minimum size: the scene's 400 pt made it configure 400 × 720, 40 pt off the
    /// screen. A window maximized to the screen asks for none; phoc configures the screen and
    /// the 400 × 300 scene is scaled by 0.9 and laid out at 400 × 800, filling it. phoc advertises
    /// its seat only once the virtual pointer exists; the window binds it then, and a click
    /// at `ok`'s shown center lands at `ok`'s center in the scene.
    @Test func onAPhoneSizedPhocTheSceneIsScaledDownToFillTheScreenAndAClickLandsRight() throws {
        let phoc = try HeadlessWlroots.start(.phoc, mode: (720, 1440), scale: 2)
        defer { phoc.stop() }
        let live = try TracedClient(scene: testScene, in: phoc.directory, launch: phoc.launchClient)
        defer { live.client.stop() }
        let configured = { (line: Substring) in line.contains("xdg_toplevel@") && line.contains(".configure(360, 720,") }
        try live.waitForFrameShown(after: configured)
        let trace = live.trace()
        // Maximized to the whole screen from the first configure: no minimum size asked for.
        #expect(!trace.contains { $0.contains(".set_min_size(") })
        #expect(trace.contains { $0.contains(".set_destination(360, 720)") })

        let shot = try phoc.screenshot()
        #expect(shot.width == 720 && shot.height == 1440)
        // `ok`'s center (150, 95) shown at 0.9 × that, in device pixels at 2: (270, 171).
        #expect(shot.pixel(x: 270, y: 171).isClose(to: Self.blue, tolerance: 8), "\(shot.pixel(x: 270, y: 171))")
        // The panel (40…280 × 40…160) at 72…504 × 72…288 pixels; the background to the bottom.
        #expect(shot.pixel(x: 80, y: 80).isClose(to: Self.panel, tolerance: 4), "\(shot.pixel(x: 80, y: 80))")
        #expect(shot.pixel(x: 360, y: 1439).isClose(to: Self.white, tolerance: 4))
        #expect(shot.pixel(x: 719, y: 1000).isClose(to: Self.white, tolerance: 4))

        try phoc.send("pointer 135 85.5 360 720")
        try phoc.send("button 272 pressed")
        try phoc.send("button 272 released")
        let logged = try live.loggedEvents(atLeast: 3)
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(logged.first?.location == Point(x: 50, y: 25))
        #expect(logged.first?.touch == .pointer)

        phoc.stop()
        #expect(live.client.waitForExit(timeout: 10))
        #expect(live.client.exitStatus == 1)
    }
}
