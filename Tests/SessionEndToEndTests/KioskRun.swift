import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// A 400 × 300 scene for kiosk runs: `ok`, a button at 20…180 × 20…80, above `list`, a
/// scroll node at 0…400 × 100…300 over ten 50 pt rows one every 60 pt (`r0` at content
/// y 5…55, `r1` at 65…115, …), green and magenta in turn, on white.
let kioskScene: String = {
    let rows = (0 ..< 10).map { i in
        """
        { "name": "r\(i)", "kind": "button", "frame": [20, \(i * 60 + 5), 360, 50],
          "color": "\(i % 2 == 0 ? "#00C000" : "#C000C0")", "highlightedColor": "#FF0000" }
        """
    }.joined(separator: ",\n")
    return """
    { "size": [400, 300], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
        { "name": "ok", "kind": "button", "frame": [20, 20, 160, 60], "color": "#0000FF", "highlightedColor": "#FF0000" },
        { "name": "list", "kind": "scroll", "frame": [0, 100, 400, 200], "contentSize": [400, 600],
          "color": "#FFFFFF", "children": [
    \(rows)
        ] } ] } }
    """
}()

/// One `touchstone run` of `kioskScene` under a wlroots compositor whose window fills its
/// screen of `screen` points at `scale` pixels a point, with the scene shown at `factor`
/// (1, or the scaled-down fit where the screen is smaller than the scene): the checks every
/// kiosk run makes (docs/wayland.md "wlroots").
struct KioskRun {
    static let white = RGBA(r: 255, g: 255, b: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255)
    static let green = RGBA(r: 0, g: 0xC0, b: 0)
    static let magenta = RGBA(r: 0xC0, g: 0, b: 0xC0)

    let compositor: HeadlessWlroots
    let live: TracedClient
    let screen: (width: Int, height: Int)
    let scale: Int
    let factor: Double

    /// Starts the client with `arguments` and waits until the frame after the configure to
    /// the whole screen is shown.
    init(_ compositor: HeadlessWlroots, arguments: [String] = [], screen: (width: Int, height: Int),
         scale: Int = 1, factor: Double = 1) throws {
        self.compositor = compositor
        self.screen = screen
        self.scale = scale
        self.factor = factor
        live = try TracedClient(scene: kioskScene, arguments: arguments, in: compositor.directory, launch: compositor.launchClient)
        try live.waitForFrameShown(after: isFillConfigure)
    }

    private var isFillConfigure: (Substring) -> Bool {
        { [screen] line in line.contains("xdg_toplevel@") && line.contains(".configure(\(screen.width), \(screen.height),") }
    }

    /// Since the configure to the screen, the window's geometry is the screen with no offset;
    /// and no frame, the first included, had a title bar (`expectNoBarInAnyFrame`).
    func expectNoBar() throws {
        let trace = live.trace()
        let configured = try #require(trace.firstIndex(where: isFillConfigure))
        let geometries = trace[configured...].filter { $0.contains(".set_window_geometry(") }
        if let last = geometries.last {
            #expect(last.contains(".set_window_geometry(0, 0, \(screen.width), \(screen.height))"), "\(last)")
        }
        Self.expectNoBarInAnyFrame(trace)
    }

    /// No frame of the client's `trace`, from the first on, had a title bar: no title bar
    /// buffer made, no subsurface placed above the content, no window geometry reaching above
    /// the surface. cage shows the first frame, committed before its maximize arrives, with
    /// the surface's origin at the screen's corner: a bar there sat above the screen.
    static func expectNoBarInAnyFrame(_ trace: [Substring]) {
        #expect(!trace.contains { $0.contains(".create_buffer(") && $0.contains(", 32, ") }, "a title bar buffer")
        #expect(!trace.contains { $0.contains("wl_subsurface@") && $0.contains(".set_position(0, -") },
                "\(trace.filter { $0.contains(".set_position(") })")
        #expect(!trace.contains { $0.contains(".set_window_geometry(0, -") },
                "\(trace.filter { $0.contains(".set_window_geometry(") })")
    }

    /// The window never asked for a minimum size (one that fills the screen from its first
    /// configure has none to ask for; phoc would honour it past the screen's edge).
    func expectNoMinimumSize() {
        #expect(!live.trace().contains { $0.contains(".set_min_size(") && !$0.contains(".set_min_size(0, 0)") })
    }

    /// Every minimum size the window asked for fits the screen (a window configured before
    /// the compositor maximizes it asks for one, capped at the output).
    func expectMinimumSizesWithinTheScreen() {
        for line in live.trace() where line.contains(".set_min_size(") {
            let numbers = line.split(whereSeparator: { $0 == "(" || $0 == "," || $0 == ")" || $0 == " " }).compactMap { Int($0) }
            #expect(numbers.count >= 2 && numbers[numbers.count - 2] <= screen.width && numbers[numbers.count - 1] <= screen.height,
                    "\(line)")
        }
    }

    /// The screenshot pixel at the scene's point (`x`, `y`).
    func pixel(_ shot: Screenshot, _ x: Double, _ y: Double) -> RGBA {
        shot.pixel(x: Int(x * factor * Double(scale)), y: Int(y * factor * Double(scale)))
    }

    /// A screenshot of the whole screen: `ok` and the first row where the scene puts them,
    /// `ok`'s top edge on its row (no bar above the scene, nothing shifted off the screen) and
    /// the scene's background in the screen's four corners (no band outside the surface).
    func screenshotShowingTheWholeScene() throws -> Screenshot {
        let shot = try compositor.screenshot()
        #expect(shot.width == screen.width * scale && shot.height == screen.height * scale)
        #expect(pixel(shot, 100, 50).isClose(to: Self.blue, tolerance: 8), "ok: \(pixel(shot, 100, 50))")
        #expect(pixel(shot, 200, 130).isClose(to: Self.green, tolerance: 8), "r0: \(pixel(shot, 200, 130))")
        let top = 20 * factor * Double(scale)
        #expect(shot.pixel(x: 100, y: Int(top) + 2).isClose(to: Self.blue, tolerance: 8)
                    && shot.pixel(x: 100, y: Int(top) - 2).isClose(to: Self.white, tolerance: 8),
                "ok's top edge at \(top) px")
        for (x, y) in [(0, 0), (shot.width - 1, 0), (0, shot.height - 1), (shot.width - 1, shot.height - 1)] {
            #expect(shot.pixel(x: x, y: y).isClose(to: Self.white, tolerance: 4), "(\(x), \(y)): \(shot.pixel(x: x, y: y))")
        }
        return shot
    }

    /// A virtual-pointer click at `ok`'s shown center logs touchDown, touchUpInside and
    /// primaryActionTriggered at `ok`'s center in the scene, (80, 30), with the pointer.
    func clickOnOKLogsRight() throws {
        try compositor.send("pointer \(100 * factor) \(50 * factor) \(screen.width) \(screen.height)")
        try compositor.send("button 272 pressed")
        try compositor.send("button 272 released")
        let logged = try live.loggedEvents(atLeast: 3)
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(logged.allSatisfy { $0.location == Point(x: 80, y: 30) && $0.touch == .pointer }, "\(logged)")
    }

    /// `q` typed on the virtual keyboard (evdev key 16 in its default us keymap), once the
    /// window has the keyboard's focus, quits `touchstone run` with status 0.
    func typingQQuitsWithStatusZero() throws {
        _ = try live.waitForTrace("a keyboard enter") { $0.contains(" wl_keyboard@") && $0.contains(".enter(") }
        try compositor.send("key 16 pressed")
        try compositor.send("key 16 released")
        #expect(live.client.waitForExit(timeout: 10), "no exit on q: \(live.trace().suffix(10).joined(separator: "\n"))")
        #expect(live.client.exitStatus == 0)
    }

    /// Three wheel steps (15 points of the screen each) over `list` scroll it by 45 points
    /// of the screen, 45 / `factor` of the scene, logged as one `scrolled`; the next frame
    /// shows `r1` where the gap and `r0` were.
    func wheelOverTheListLogsRight() throws {
        let before = try live.loggedEvents(atLeast: 0).count
        try compositor.send("pointer \(200 * factor) \(200 * factor) \(screen.width) \(screen.height)")
        try compositor.send("wheel 3")
        let logged = try live.loggedEvents(atLeast: before + 1).dropFirst(before)
        let offset = 45 / factor
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["list.scrolled"])
        #expect(logged.first.flatMap(\.location).map { abs($0.x) < 1e-9 && abs($0.y - offset) < 1e-6 } == true, "\(logged)")
        try live.waitForFrameShown(after: { $0.contains("wl_pointer@") && $0.contains(".axis(") })
        let shot = try compositor.screenshot()
        // r1 (content 65…115) now at scene 165 − offset…: 5 pt below its top edge.
        #expect(pixel(shot, 200, 170 - offset).isClose(to: Self.magenta, tolerance: 8), "r1: \(pixel(shot, 200, 170 - offset))")
    }
}
