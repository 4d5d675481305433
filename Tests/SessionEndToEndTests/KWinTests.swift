import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// The second compositor: headless KWin 5.27 at scale 1.5, which offers fractional scale and
/// server-side decorations, with real touches and pointer input through
/// `org_kde_kwin_fake_input` (docs/wayland.md "KWin").
@Suite("touchstone run under headless KWin at scale 1.5", .serialized)
struct KWinTests {
    @Test func paintsAtOneAndAHalfTimesItsSizeAndATapLogsTheRightEventsAtTheRightPoints() throws {
        let kwin = try HeadlessKWin.start(width: 1200, height: 900, scale: 1.5)
        defer { kwin.stop() }
        let folder = kwin.directory.appending(path: "client")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appending(path: "scene.json"), events = folder.appending(path: "events.jsonl")
        let log = folder.appending(path: "client.log")
        try testScene.write(to: scene, atomically: true, encoding: .utf8)
        let client = try kwin.launchClient(LiveClient.executable, arguments: ["run", scene.path, "--events", events.path],
                                           extraEnvironment: ["WAYLAND_DEBUG": "client"], outputPath: log.path)
        defer { client.stop() }
        func trace() -> [Substring] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        /// Checks `condition` until it holds, backing off from 1 ms to 0.2 s, for at most ~10 s:
        /// KWin has no harness to tell when the client is idle, so its files are polled.
        func poll<T>(_ what: String, _ condition: () -> T?) throws -> T {
            var wait: useconds_t = 1_000
            for _ in 0..<60 {
                if let value = condition() { return value }
                usleep(wait)
                wait = min(wait * 2, 200_000)
            }
            Issue.record("no \(what); the client's trace ends: \(trace().suffix(20).joined(separator: "\n"))")
            throw HarnessError.timeout(command: what, seconds: 10)
        }
        func waitForTrace(_ what: String, _ match: @escaping (Substring) -> Bool) throws -> Substring {
            try poll(what) { trace().last(where: match) }
        }

        // The first frame: a 600 × 450 buffer (1.5 × 400 × 300, not 2×) shown through a
        // viewport at 400 × 300 points, after the preferred scale 180/120.
        _ = try waitForTrace("first frame") { $0.contains("-> wl_surface@") && $0.contains(".attach(wl_buffer@") }
        let lines = trace()
        #expect(lines.contains { $0.contains("wp_fractional_scale_v1@") && $0.contains(".preferred_scale(180)") })
        let buffers = lines.filter { $0.contains(".create_buffer(") && !$0.contains(", 64, 64,") }
        #expect(buffers.contains { $0.contains(", 600, 450, 2400, ") }, "\(buffers)")
        #expect(!buffers.contains { $0.contains(", 800, 600, ") }, "a 2× buffer: \(buffers)")
        #expect(lines.contains { $0.contains(".set_destination(400, 300)") })
        // KWin decorates (server_side): the window draws no title bar of its own.
        #expect(lines.contains { $0.contains("zxdg_toplevel_decoration_v1@") && $0.contains(".configure(2)") })
        #expect(!buffers.contains { $0.contains(", 600, 48, ") }, "a title bar was drawn: \(buffers)")

        // Where the window is: KWin centers it on the 1200 × 900 pt output, where the pointer
        // starts; moved a little from there, the pointer's motion says where it is in the window.
        let probe = (x: 610.0, y: 460.0)
        try kwin.send("pointer \(Int(probe.x)) \(Int(probe.y))")
        let motion = try waitForTrace("pointer motion") { $0.contains("wl_pointer@") && $0.contains(".motion(") }
        let numbers = motion.split(whereSeparator: { $0 == "(" || $0 == "," || $0 == ")" || $0 == " " }).compactMap { Double($0) }
        let local = (x: numbers[numbers.count - 2], y: numbers[numbers.count - 1])
        let origin = (x: probe.x - local.x, y: probe.y - local.y)

        // A finger on `ok`'s center (150, 95 in the scene).
        try kwin.send("touch down 1 \(origin.x + okCenter.x) \(origin.y + okCenter.y)")
        try kwin.send("touch frame")
        try kwin.send("touch up 1")
        try kwin.send("touch frame")
        let logged = try poll("three logged events") { () -> [EventLogEntry]? in
            let entries = try? EventLog.decode(Array((try? Data(contentsOf: events)) ?? Data()), file: events.path)
            return (entries?.count ?? 0) >= 3 ? entries : nil
        }
        #expect(logged.map { "\($0.node).\($0.event.name)" } == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(logged.first?.location == Point(x: 50, y: 25))
        #expect(logged.first?.touch == .finger(1))
    }
}
