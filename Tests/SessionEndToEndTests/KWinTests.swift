import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// The second compositor: headless KWin 5.27 at scale 1.5, which offers fractional scale and
/// server-side decorations, with real touches and pointer input through
/// `org_kde_kwin_fake_input` and screenshots through `org.kde.KWin.ScreenShot2`
/// (docs/wayland.md "KWin"). One KWin serves the whole suite (`SharedKWin`): composited with
/// llvmpipe it is the heaviest thing the tests start.
@Suite("touchstone run under headless KWin at scale 1.5", .serialized, SharedKWin())
struct KWinTests {
    @Test func paintsAtOneAndAHalfTimesItsSizeAndATapLogsTheRightEventsAtTheRightPoints() throws {
        let live = try KWinClient(scene: testScene)

        // The first frame: a 600 × 450 buffer (1.5 × 400 × 300, not 2×) shown through a
        // viewport at 400 × 300 points, after the preferred scale 180/120.
        _ = try live.waitForTrace("first frame") { $0.contains("-> wl_surface@") && $0.contains(".attach(wl_buffer@") }
        let lines = live.trace()
        #expect(lines.contains { $0.contains("wp_fractional_scale_v1@") && $0.contains(".preferred_scale(180)") })
        let buffers = lines.filter { $0.contains(".create_buffer(") && !$0.contains(", 64, 64,") }
        #expect(buffers.contains { $0.contains(", 600, 450, 2400, ") }, "\(buffers)")
        #expect(!buffers.contains { $0.contains(", 800, 600, ") }, "a 2× buffer: \(buffers)")
        #expect(lines.contains { $0.contains(".set_destination(400, 300)") })
        // KWin decorates (server_side): the window draws no title bar of its own.
        #expect(lines.contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(2)") })
        #expect(!buffers.contains { $0.contains(", 600, 48, ") }, "a title bar was drawn: \(buffers)")

        // A finger on `ok`'s center (150, 95 in the scene).
        let origin = try live.origin(probing: (x: 610, y: 460))
        try live.kwin.send("touch down 1 \(origin.x + okCenter.x) \(origin.y + okCenter.y)")
        try live.kwin.send("touch frame")
        try live.kwin.send("touch up 1")
        try live.kwin.send("touch frame")
        let logged = try live.poll("three logged events") { () -> [EventLogEntry]? in
            let entries = try? EventLog.decode(Array((try? Data(contentsOf: live.events)) ?? Data()), file: live.events.path)
            return (entries?.count ?? 0) >= 3 ? entries : nil
        }
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(logged.first?.location == Point(x: 50, y: 25))
        #expect(logged.first?.touch == .finger(1))
    }

    /// Edges at odd points land on half device pixels at 1.5 and are rounded to whole ones
    /// (behaviour.md §6 "Scale"); KWin shows the 1.5× buffer pixel for pixel.
    @Test func aScreenshotShowsEdgesBordersAndOverlayBandsOnWholeDevicePixels() throws {
        let live = try KWinClient(scene: sharpScene, arguments: ["--debug-overlay"])
        try live.waitForFirstFrameShown()
        let origin = try live.origin(probing: (x: 620, y: 470))
        let shot = try live.kwin.screenshot()
        // Native resolution: device pixels, 1.5 × the 1200 × 900 pt output.
        #expect(shot.width == 1800 && shot.height == 1350)
        // Where the content is drawn: KWin maps input with the window's logical position but
        // draws it on whole device pixels, which can differ by one (seen with Breeze's title
        // bar). Found as the panel's top-left corner (62, 62), next to the pointer's estimate.
        let white = RGBA(r: 255, g: 255, b: 255), grey = RGBA(r: 238, g: 238, b: 238)
        let estimate = (x: Int((origin.x * 1.5).rounded()), y: Int((origin.y * 1.5).rounded()))
        func isPanelCorner(_ x: Int, _ y: Int) -> Bool {
            shot.pixel(x: x + 62, y: y + 62) == grey && shot.pixel(x: x + 61, y: y + 62) == white
                && shot.pixel(x: x + 62, y: y + 61) == white
        }
        var corners: [(x: Int, y: Int)] = []
        for dy in -1...1 { for dx in -1...1 where isPanelCorner(estimate.x + dx, estimate.y + dy) {
            corners.append((estimate.x + dx, estimate.y + dy))
        } }
        guard corners.count == 1, let (ox, oy) = corners.first else {
            Issue.record("""
                the panel's corner is not within a pixel of \(estimate) (window at \(origin) pt; blurred?): \(corners); \
                the client's trace ends: \(live.trace().suffix(10).joined(separator: "\n"))
                """)
            return
        }

        /// The lengths of the runs of identical pixels along a row or column of the window,
        /// from `range.lowerBound` (device pixels from the window's origin): a blended pixel
        /// at an edge would be a run of its own.
        func runs(row y: Int? = nil, column x: Int? = nil, _ range: Range<Int>) -> [Int] {
            let pixels = range.map { at in
                if let x { shot.pixel(x: ox + x, y: oy + at) } else { shot.pixel(x: ox + at, y: oy + (y ?? 0)) }
            }
            var lengths: [Int] = []
            for (index, pixel) in pixels.enumerated() {
                if index > 0, pixel == pixels[index - 1] { lengths[lengths.count - 1] += 1 } else { lengths.append(1) }
            }
            if lengths.count < 2 {
                Issue.record("no edge in \(pixels) (window at \(origin) pt)")
            }
            return lengths
        }
        func color(_ x: Int, _ y: Int) -> RGBA { shot.pixel(x: ox + x, y: oy + y) }

        // The panel's left and top edges: 41 pt → 61.5 → pixel 62, white before, grey after.
        #expect(runs(row: 100, 59..<65) == [3, 3])
        #expect(runs(column: 100, 59..<65) == [3, 3])
        // `ok` spans 102–203 × 72–123 pt → pixels 153..<305 × 108..<185 (304.5 and 184.5 round
        // up), under the overlay's fill; its 1 pt border is exactly 1 pixel on every side.
        #expect(runs(row: 146, 151..<157) == [2, 1, 3])
        #expect(runs(row: 146, 302..<308) == [2, 1, 3])
        #expect(runs(column: 200, 106..<111) == [2, 1, 2])
        #expect(runs(column: 200, 181..<188) == [3, 1, 3])
        #expect(color(153, 146).isClose(to: RGBA(r: 0, g: 102, b: 0)), "border: \(color(153, 146))")
        #expect(color(200, 146).isClose(to: RGBA(r: 0, g: 102, b: 153)), "blue under the fill: \(color(200, 146))")
        // The overlay's fill over `ok`'s slop: 82 pt → pixel 123.
        #expect(runs(row: 146, 120..<126) == [3, 3])
        // `edge`'s tappable area is cut by the panel's slop on the right and at the bottom: bands
        // of 2 pt → 3 pixels inside 273..<438 × 123..<258, then the white background.
        #expect(runs(row: 240, 431..<441) == [4, 3, 3])
        #expect(runs(column: 350, 251..<261) == [4, 3, 3])
        #expect(color(436, 240).isClose(to: RGBA(r: 97, g: 139, b: 111), tolerance: 3), "band: \(color(436, 240))")
        #expect(color(438, 240) == white)

        // Without native resolution KWin answers in logical pixels, the output's 1200 × 900.
        let logical = try live.kwin.screenshot(nativeResolution: false)
        #expect(logical.width == 1200 && logical.height == 900)
    }
}

/// `testScene`'s layout moved to odd points, with a 1 pt border on `ok`: at 1.5 its edges fall
/// on half pixels.
private let sharpScene = """
{ "size": [400, 300], "background": "#FFFFFF",
  "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
    { "name": "panel", "frame": [41, 41, 241, 121], "slop": [-10, -10, -10, -10], "color": "#EEEEEE",
      "children": [
        { "name": "ok", "kind": "button", "frame": [61, 31, 101, 51], "slop": [-20, -20, -20, -20],
          "color": "#0000FF", "highlightedColor": "#FF0000", "borderWidth": 1, "borderColor": "#000000" },
        { "name": "edge", "kind": "button", "frame": [181, 81, 51, 31], "slop": [-40, -40, -40, -40],
          "color": "#00FF00", "highlightedColor": "#FF00FF" }
      ] } ] } }
"""

/// One headless KWin (1200 × 900 pt at scale 1.5, OpenGL compositing for screenshots) for a
/// whole suite, started before its first test and stopped after its last.
struct SharedKWin: SuiteTrait, TestScoping {
    @TaskLocal static var current: HeadlessKWin?

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let kwin = try HeadlessKWin.start(width: 1200, height: 900, scale: 1.5, compositing: .openGL)
        defer { kwin.stop() }
        try await Self.$current.withValue(kwin, operation: function)
    }
}

/// One `touchstone run` under the suite's KWin (see `TracedClient`).
final class KWinClient: TracedClient {
    let kwin: HeadlessKWin

    init(scene: String, arguments: [String] = []) throws {
        kwin = try #require(SharedKWin.current, "no SharedKWin around this test")
        try super.init(scene: scene, arguments: arguments, in: kwin.directory, launch: kwin.launchClient)
    }

    /// Where the window's content is, in global points: the pointer, moved to `probe` (inside
    /// the window KWin centers on the output, and not where it already is), says where it is
    /// in the window.
    func origin(probing probe: (x: Double, y: Double)) throws -> (x: Double, y: Double) {
        try kwin.send("pointer \(Int(probe.x)) \(Int(probe.y))")
        let motion = try waitForTrace("pointer motion") { $0.contains("wl_pointer@") && $0.contains(".motion(") }
        let numbers = motion.split(whereSeparator: { $0 == "(" || $0 == "," || $0 == ")" || $0 == " " }).compactMap { Double($0) }
        return (x: probe.x - numbers[numbers.count - 2], y: probe.y - numbers[numbers.count - 1])
    }
}
