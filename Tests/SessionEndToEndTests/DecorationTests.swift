import Foundation
import NodeCore
import Render
import Testing
import WestonHarness

/// Client-side decorations under weston's desktop shell, which offers no decoration manager
/// (docs/wayland.md "Decorations"): the window draws a 32 pt title bar above the scene.
@Suite("Title bar under headless weston's desktop shell", .serialized)
struct DecorationTests {
    static let titleBarHeight = 32.0
    static let barColor = RGBA(r: 235, g: 235, b: 235)

    /// A floating window of `testScene` on a 900 × 700 pt output at `scale`, with the pointer
    /// parked in a corner so the screenshots show no cursor over the window.
    private func floatingWindow(scale: Int = 1, environment: [String: String] = [:]) throws -> (LiveClient, HarnessView) {
        let live = try LiveClient(scene: testScene, scale: scale, shell: .desktop, output: (900, 700), environment: environment)
        try live.weston.pointerMotion(x: 899, y: 699)
        #expect(live.waitUntilIdle())
        let window = try view(of: live)
        // The title bar and the resize border are subsurfaces: weston gives them views (and
        // input) only in the first output repaint after the commit that maps them, which may
        // come after the client went idle. A screenshot (in device pixels) repaints; the bar in
        // it is on screen.
        for _ in 0..<20 {
            if try live.screenshot().pixel(x: Int(window.x + 4) * scale, y: Int(window.y - 16) * scale).isClose(to: Self.barColor) {
                return (live, window)
            }
            #expect(live.waitUntilIdle())
        }
        Issue.record("no title bar above \(window): \(live.clientLog())")
        return (live, window)
    }

    /// The client's content surface (the scene); the title bar is a subsurface above it.
    private func view(of live: LiveClient) throws -> HarnessView {
        try #require(try live.weston.views().first { $0.pid == live.client.pid && $0.role == "xdg_toplevel" })
    }

    /// Waits, frame by frame, until the client's content view satisfies `condition`.
    private func waitForView(of live: LiveClient, _ condition: (HarnessView) -> Bool) throws -> HarnessView {
        // Each change of the view repaints the output; no further frame means no change.
        for _ in 0..<200 {
            let current = try view(of: live)
            if condition(current) { return current }
            guard (try? live.weston.waitForFrame(timeout: 3)) != nil else { break }
        }
        return try view(of: live)
    }

    /// The close button's center in output coordinates (44 pt wide at the bar's right end).
    private func closeCenter(_ view: HarnessView) -> (x: Double, y: Double) {
        (view.x + Double(view.width) - 22, view.y - Self.titleBarHeight / 2)
    }

    @Test func titleBarWithTheScenesNameAndACloseButtonIsDrawnAboveTheUnchangedScene() throws {
        let (live, view) = try floatingWindow()
        #expect(view.width == 400 && view.height == 300, "the scene keeps its size: \(view)")
        let shot = try live.screenshot()
        let x0 = Int(view.x), y0 = Int(view.y)
        func darkPixels(x: Range<Int>, y: Range<Int>) -> Int {
            var count = 0
            for py in y { for px in x where shot.pixel(x: px, y: py).r < 128 { count += 1 } }
            return count
        }
        // The bar's color at its left end and around the close button's glyph.
        #expect(shot.pixel(x: x0 + 4, y: y0 - 16).isClose(to: Self.barColor))
        #expect(shot.pixel(x: x0 + 360, y: y0 - 28).isClose(to: Self.barColor))
        #expect(shot.pixel(x: x0 + 200, y: y0 - 30).isClose(to: Self.barColor))
        // The title ("scene.json — Touchstone", centered) and the close button's × in dark text.
        #expect(darkPixels(x: x0 + 100 ..< x0 + 300, y: y0 - 26 ..< y0 - 6) > 40)
        #expect(darkPixels(x: x0 + 356 ..< x0 + 400, y: y0 - 26 ..< y0 - 6) > 10)
        // Nothing of the bar in the scene: its first row and `ok` keep their colors.
        #expect(shot.pixel(x: x0 + 4, y: y0).isClose(to: RGBA(r: 255, g: 255, b: 255)))
        #expect(shot.pixel(x: x0 + Int(okCenter.x), y: y0 + Int(okCenter.y)).isClose(to: RGBA(r: 0, g: 0, b: 255)))
        // And the scene's coordinates are its own: a tap on `ok` lands at the same point in it.
        try live.injectAndWaitForFrame([.down(1, view.x + okCenter.x, view.y + okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(try live.events().first?.location == Point(x: 50, y: 25))
    }

    @Test func tapOnTheCloseButtonHighlightsItAndExitsZero() throws {
        let (live, view) = try floatingWindow()
        let close = closeCenter(view)
        try live.injectAndWaitForFrame([.down(1, close.x, close.y), .touchFrame])
        // Pressed: the button's highlight color behind the ×.
        let pressed = try live.screenshot().pixel(x: Int(close.x) + 16, y: Int(close.y) - 12)
        #expect(pressed.isClose(to: RGBA(r: 224, g: 27, b: 36)), "\(pressed)")
        try live.inject([.up(1)])
        #expect(live.client.waitForExit(timeout: 10), "no exit after the close button: \(live.clientLog())")
        #expect(live.client.exitStatus == 0)
        // The bar's button is not part of the scene: nothing in the scene's event log.
        #expect(try live.eventSummary().isEmpty)
    }

    @Test func atOutputScaleTwoTheTitleBarIsDrawnAtTwoPixelsAPointAndItsCloseButtonExitsZero() throws {
        let (live, view) = try floatingWindow(scale: 2)
        let shot = try live.screenshot()
        #expect(shot.width == 1800 && shot.height == 1400)
        // Device pixels: the window's content starts at twice its position in points.
        let x0 = Int(view.x * 2), y0 = Int(view.y * 2)
        func column(_ x: Int, _ rows: Range<Int>) -> [RGBA] { rows.map { shot.pixel(x: x0 + x, y: y0 + $0) } }
        func row(_ y: Int, _ columns: Range<Int>) -> [RGBA] { columns.map { shot.pixel(x: x0 + $0, y: y0 + y) } }
        let log = "window at \(view); client: \(live.clientLog())"
        /// Whether `pixels` are the bar's color, all the same (no pixel blended with what is
        /// beside the bar), and `outside` is not.
        func isBar(_ pixels: ArraySlice<RGBA>, beside outside: RGBA) -> Bool {
            pixels.allSatisfy { $0 == pixels.first } && pixels.first?.isClose(to: Self.barColor) == true
                && !outside.isClose(to: Self.barColor, tolerance: 8)
        }
        // The 32 pt bar is 64 pixels tall, its edges sharp: the desktop above it, the scene's
        // white right below (at its left end, away from the title and the close button).
        let left = column(8, -65..<2)
        #expect(isBar(left[1...64], beside: left[0]) && left[65] == RGBA(r: 255, g: 255, b: 255), "\(left); \(log)")
        // Its sides: on the window's edges, 0 and 800 pixels.
        let sides = (left: row(-8, -1..<3), right: row(-8, 797..<801))
        #expect(isBar(sides.left[1...], beside: sides.left[0]), "\(sides.left); \(log)")
        #expect(isBar(sides.right[..<3], beside: sides.right[3]), "\(sides.right); \(log)")
        // The title and the × are set at 28 px, not 14 pt drawn at 1 and doubled: the glyphs'
        // dark pixels do not come in 2 × 2 blocks.
        var dark = 0, splitBlocks = 0
        for y in stride(from: -52, to: -12, by: 2) {
            for x in stride(from: 200, to: 800, by: 2) {
                let block = [shot.pixel(x: x0 + x, y: y0 + y), shot.pixel(x: x0 + x + 1, y: y0 + y),
                             shot.pixel(x: x0 + x, y: y0 + y + 1), shot.pixel(x: x0 + x + 1, y: y0 + y + 1)]
                dark += block.filter { $0.r < 128 }.count
                if block.contains(where: { $0 != block[0] }) { splitBlocks += 1 }
            }
        }
        #expect(dark > 400, "no title or × in the bar: \(log)")
        #expect(splitBlocks > 200, "the glyphs are doubled pixels (\(splitBlocks) split blocks); \(log)")

        // A tap on the close button (in points, as input is) closes the window: exit 0.
        let close = closeCenter(view)
        try live.injectAndWaitForFrame([.down(1, close.x, close.y), .touchFrame])
        try live.inject([.up(1)])
        #expect(live.client.waitForExit(timeout: 10), "no exit after the close button: \(live.clientLog())")
        #expect(live.client.exitStatus == 0)
    }

    @Test func fingerDragOnTheTitleBarMovesTheWindowAndTouchesWorkAfterwards() throws {
        let (live, start) = try floatingWindow()
        let grab = (x: start.x + 120, y: start.y - 16)
        try live.inject([.down(1, grab.x, grab.y), .touchFrame, .move(1, grab.x + 10, grab.y + 5), .touchFrame])
        // The client answers the first move past the threshold with xdg_toplevel.move.
        #expect(live.waitUntilIdle())
        for step in 1...4 {
            try live.inject([.move(1, grab.x + 25 * Double(step), grab.y + 15 * Double(step)), .touchFrame])
        }
        try live.inject([.up(1)])
        // weston 10 moves the window with the finger from where the move began (the pointer
        // from where it was pressed): (100, 60) less the (10, 5) past the drag threshold.
        let moved = try waitForView(of: live) { $0.x == start.x + 90 && $0.y == start.y + 55 }
        #expect(moved.x == start.x + 90 && moved.y == start.y + 55, "from \(start) to \(moved)")
        // The finger the compositor took is forgotten: the next touches go to the scene as usual.
        try live.injectAndWaitForFrame([.down(1, moved.x + okCenter.x, moved.y + okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
    }

    @Test func pointerDragOnTheTitleBarMovesTheWindow() throws {
        let (live, start) = try floatingWindow()
        try live.weston.pointerMotion(x: start.x + 120, y: start.y - 16)
        try live.weston.pointerButton(.left, pressed: true)
        try live.weston.pointerMotion(x: start.x + 130, y: start.y - 10)
        #expect(live.waitUntilIdle())
        try live.weston.pointerMotion(x: start.x + 170, y: start.y + 14)
        try live.weston.pointerMotion(x: start.x + 200, y: start.y + 24)
        try live.weston.pointerButton(.left, pressed: false)
        let moved = try waitForView(of: live) { $0.x == start.x + 80 && $0.y == start.y + 40 }
        #expect(moved.x == start.x + 80 && moved.y == start.y + 40, "from \(start) to \(moved)")
    }

    @Test func doubleTapOnTheTitleBarMaximizesTheWindow() throws {
        let (live, start) = try floatingWindow()
        let point = (x: start.x + 100, y: start.y - 16)
        #expect(live.waitUntilIdle())
        let injected = try live.weston.monotonicTime()
        // Each up closed by its frame, as compositors send them: the second tap is then complete
        // whenever the client happens to read the events.
        try live.inject([.down(1, point.x, point.y), .touchFrame, .up(1), .touchFrame,
                         .down(1, point.x, point.y), .touchFrame, .up(1), .touchFrame])
        _ = try live.weston.waitForCommit(after: injected, pid: live.client.pid, timeout: 10)
        let maximized = try waitForView(of: live) { $0.width == 900 }
        // The whole output's width; its height less the title bar (and weston's panel).
        #expect(maximized.width == 900 && maximized.height > 300, "\(maximized)")
    }

    /// The cursor is set once per enter and once per change of shape: onto the scene (an
    /// arrow), onto the right border (`right_side`), along it (nothing new), to the bottom
    /// right corner (`bottom_right_corner`), back onto the scene (an arrow). Before, each
    /// enter of the border set the arrow and then `right_side` twice.
    @Test func overTheResizeBorderTheCursorIsSetOncePerEnterAndOncePerShapeChange() throws {
        let (live, start) = try floatingWindow(environment: ["WAYLAND_DEBUG": "client"])
        // The pointer is parked off the window (floatingWindow): what came before is not counted.
        let before = live.clientLog().split(separator: "\n").count
        let path = [(start.x + 100, start.y + 150), (start.x + 404, start.y + 150), (start.x + 404, start.y + 170),
                    (start.x + 405, start.y + 200), (start.x + 404, start.y + 304), (start.x + 405, start.y + 305),
                    (start.x + 300, start.y + 150)]
        for (x, y) in path {
            try live.weston.pointerMotion(x: x, y: y)
            // The client's pong comes after whatever it sent for that motion.
            #expect(live.waitUntilIdle())
        }
        // The pointer's events and the cursor requests, in order, from the first enter on.
        let lines = live.clientLog().split(separator: "\n").dropFirst(before).filter {
            ($0.contains(" wl_pointer@") && ($0.contains(".enter(") || $0.contains(".leave(")))
                || ($0.contains("-> wl_pointer@") && $0.contains(".set_cursor("))
        }
        let events = lines.map { $0.contains(".set_cursor(") ? "set_cursor" : $0.contains(".enter(") ? "enter" : "leave" }
        #expect(events == ["enter", "set_cursor", "leave", "enter", "set_cursor", "set_cursor",
                                                  "leave", "enter", "set_cursor"], "\(lines.joined(separator: "\n"))")
    }

    @Test func pointerOnTheRightBorderShowsAResizeCursorAndDraggingResizes() throws {
        let (live, start) = try floatingWindow()
        try live.weston.pointerMotion(x: start.x + okCenter.x, y: start.y + okCenter.y)
        let arrow = try live.weston.waitForCursor(pid: live.client.pid, timeout: 10)
        let edge = (x: start.x + 400 + 4, y: start.y + 150)
        try live.weston.pointerMotion(x: edge.x, y: edge.y)
        // The client's pong comes after the set_cursor it sent for that motion.
        #expect(live.waitUntilIdle())
        let resizeCursor = try live.weston.waitForCursor(pid: live.client.pid, timeout: 10)
        #expect(resizeCursor != arrow, "the border shows the same cursor as the scene: \(arrow)")
        try live.weston.pointerButton(.left, pressed: true)
        #expect(live.waitUntilIdle())
        try live.weston.pointerMotion(x: edge.x + 30, y: edge.y)
        try live.weston.pointerMotion(x: edge.x + 60, y: edge.y)
        try live.weston.pointerButton(.left, pressed: false)
        let resized = try waitForView(of: live) { $0.width == 460 }
        #expect(resized.width == 460 && resized.height == 300, "\(resized)")
    }
}

/// The minimum size under a compositor that configures less (behaviour.md §14): kiosk-shell
/// makes the window fullscreen on an output half the scene's size.
@Suite("Minimum size under headless weston", .serialized)
struct MinimumSizeTests {
    @Test func aSceneConfiguredBelowItsSizeIsShownScaledDownAndTouchesReachItsOwnCoordinates() throws {
        let live = try LiveClient(scene: testScene, output: (200, 150))
        let view = try #require(try live.weston.views().first { $0.pid == live.client.pid })
        #expect(view.width == 200 && view.height == 150, "\(view)")
        let shot = try live.screenshot()
        // All of the scene shows, at half size: `ok` and the `edge` button near its bottom right.
        #expect(shot.pixel(x: 75, y: 47).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 8))
        #expect(shot.pixel(x: 122, y: 67).isClose(to: RGBA(r: 0, g: 255, b: 0), tolerance: 8))
        // A tap at `ok`'s shown center is at its center in the scene.
        try live.injectAndWaitForFrame([.down(1, okCenter.x / 2, okCenter.y / 2), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(try live.events().first?.location == Point(x: 50, y: 25))
    }

    /// Shown at 0.9 on a 360 × 270 output, the 400 × 300 scene with text is painted at 0.9
    /// itself (a 360 × 270 buffer shown 1:1), so its glyphs are the ones `touchstone render
    /// --scale 0.9` sets, pixel for pixel; shrunk by the compositor from a 400 × 300 buffer,
    /// columns of them were lost ("Item 0" read "ltcm 0").
    @Test func aSceneShownScaledDownIsPaintedAtTheSizeItIsShownAtWithTheSameGlyphsAsARenderAtThatScale() throws {
        let live = try LiveClient(scene: textScene, output: (360, 270))
        // The pointer parked at the bottom right corner: its cursor is drawn off the rows compared.
        try live.weston.pointerMotion(x: 359, y: 269)
        #expect(live.waitUntilIdle())
        let shot = try live.screenshot()
        #expect(shot.width == 360 && shot.height == 270)
        let png = live.folder.appending(path: "render.png").path
        let render = try runTouchstone(["render", live.sceneFile.path, "--png", png, "--scale", "0.9"])
        #expect(render.status == 0, "\(render.stderr)")
        let image = try Canvas.readPNG(from: png)
        #expect(image.width == 360 && image.height == 270)
        var differing: [(x: Int, y: Int)] = [], dark = 0
        for y in 0..<250 {
            for x in 0..<360 {
                let shown = shot.pixel(x: x, y: y), rendered = image.components(x: x, y: y)
                if shown.r < 128 { dark += 1 }
                if shown.r != rendered.red || shown.g != rendered.green || shown.b != rendered.blue { differing.append((x, y)) }
            }
        }
        #expect(dark > 200, "no text in the screenshot")
        #expect(differing.isEmpty, """
            \(differing.count) pixels differ from the render at 0.9, within \
            x \(differing.map(\.x).min() ?? 0)...\(differing.map(\.x).max() ?? 0), \
            y \(differing.map(\.y).min() ?? 0)...\(differing.map(\.y).max() ?? 0)
            """)
    }
}

/// A 400 × 300 scene of labels (black on white) to compare glyphs in.
private let textScene = """
{ "size": [400, 300], "background": "#FFFFFF",
  "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
    { "name": "a", "kind": "button", "frame": [10, 10, 380, 60], "label": "Item 0 Item 1 Item 2", "color": "#FFFFFF" },
    { "name": "b", "kind": "button", "frame": [10, 90, 380, 60], "label": "lllllll iiiiii mmmmm", "color": "#FFFFFF" },
    { "name": "c", "kind": "button", "frame": [10, 170, 380, 60], "label": "Touchstone 0123456789", "color": "#FFFFFF" }
  ] } }
"""
