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
    /// answered `client_side`, that since that configure the window geometry is the
    /// content's with no offset, and that no frame had a title bar: not even the first,
    /// which cage shows before it maximizes (configured without a size, it was drawn with
    /// its bar above the screen).
    private func expectKiosk(_ live: TracedClient, width: Int, height: Int) throws {
        let maximized = { (line: Substring) in line.contains("xdg_toplevel@") && line.contains(".configure(\(width), \(height),") }
        try live.waitForFrameShown(after: maximized)
        let trace = live.trace()
        let configured = try #require(trace.firstIndex(where: maximized))
        #expect(trace.contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(1)") },
                "cage answers client_side")
        let geometries = trace[configured...].filter { $0.contains(".set_window_geometry(") }
        #expect(geometries.last?.contains(".set_window_geometry(0, 0, \(width), \(height))") == true, "\(geometries)")
        KioskRun.expectNoBarInAnyFrame(trace)
    }

    /// cage in a kiosk, portrait (720 × 1280), with input through the sway it runs in (cage
    /// 0.1.4 offers no input injection of its own): once cage maximizes it (after its first
    /// frame, which was configured without a size), the window fills cage's output with no
    /// bar, also asked `--fullscreen`; its minimum size never exceeds the screen; the screenshot shows the whole scene from the screen's
    /// top left; a click on `ok` and three wheel steps over `list` are logged at the scene's
    /// points; when cage goes, the client exits 1.
    @Test(arguments: [[], ["--fullscreen"]])
    func aCageKioskShowsTheWholeSceneAndLogsAClickAndAWheelScrollRight(arguments: [String]) throws {
        let cage = try HeadlessWlroots.start(.cageInSway, mode: (720, 1280))
        defer { cage.stop() }
        let run = try KioskRun(cage, arguments: arguments, screen: (720, 1280))
        defer { run.live.client.stop() }
        try run.expectNoBar()
        run.expectMinimumSizesWithinTheScreen()
        _ = try run.screenshotShowingTheWholeScene()
        try run.clickOnOKLogsRight()
        try run.wheelOverTheListLogsRight()
        cage.stop()
        #expect(run.live.client.waitForExit(timeout: 10))
        #expect(run.live.client.exitStatus == 1)
    }

    /// The virtual keyboard reaches the window on a phoc phone and in a cage kiosk (through
    /// the sway cage runs in, whose seat's keyboard is cage's): `q` quits with status 0.
    @Test(arguments: [HeadlessWlroots.Compositor.phoc, .cageInSway])
    func aKeyFromTheVirtualKeyboardReachesTheWindow(compositor: HeadlessWlroots.Compositor) throws {
        let phone = compositor == .phoc
        let wlroots = try HeadlessWlroots.start(compositor, mode: phone ? (720, 1440) : (720, 1280), scale: phone ? 2 : 1)
        defer { wlroots.stop() }
        let run = try KioskRun(wlroots, screen: phone ? (360, 720) : (720, 1280), scale: phone ? 2 : 1, factor: phone ? 0.9 : 1)
        defer { run.live.client.stop() }
        try run.typingQQuitsWithStatusZero()
    }

    /// phoc on a PinePhone-sized output (720 × 1440 pixels at scale 2: 360 × 720 points)
    /// honours a minimum size: the scene's 400 pt made it configure 400 × 720, 40 pt off the
    /// screen. A window maximized to the screen asks for none; phoc configures the screen
    /// (also for `--fullscreen`) and the 400 × 300 scene is scaled by 0.9, laid out at
    /// 400 × 800 and painted at 1.8 pixels a point, filling it. phoc advertises its seat only
    /// once the virtual pointer exists; the window binds it then. A click at `ok`'s shown
    /// center lands at `ok`'s center in the scene, three wheel steps (45 shown points) scroll
    /// `list` by 50 of the scene's, and when phoc goes the client exits 1.
    @Test(arguments: [[], ["--fullscreen"]])
    func onAPhoneSizedPhocTheSceneIsScaledDownToFillTheScreenAndAClickAndAWheelLogRight(arguments: [String]) throws {
        let phoc = try HeadlessWlroots.start(.phoc, mode: (720, 1440), scale: 2)
        defer { phoc.stop() }
        let run = try KioskRun(phoc, arguments: arguments, screen: (360, 720), scale: 2, factor: 0.9)
        defer { run.live.client.stop() }
        try run.expectNoBar()
        run.expectNoMinimumSize()
        #expect(run.live.trace().contains { $0.contains(".set_destination(360, 720)") })
        _ = try run.screenshotShowingTheWholeScene()
        try run.clickOnOKLogsRight()
        try run.wheelOverTheListLogsRight()
        phoc.stop()
        #expect(run.live.client.waitForExit(timeout: 10))
        #expect(run.live.client.exitStatus == 1)
    }
}
