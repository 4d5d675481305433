import Foundation
import NodeCore
import Session
import Testing
import WestonHarness

/// `touchstone touch-test` under headless weston, fed by the harness with exact compositor
/// timestamps: the live report, its replay from the recording, and the rates they measure.
@Suite("touch-test under headless weston", .serialized)
struct TouchTestLiveTests {
    /// 8.333… ms: a 120 Hz touch panel.
    static let interval120Hz: UInt64 = 1_000_000_000 / 120

    @Test func a120HzStreamReportsAsSuchAndReplaysToTheIdenticalReportAndPNG() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-touchtest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = { (name: String) in folder.appending(path: name).path }

        let weston = try HeadlessWeston.start(width: 400, height: 300, scale: 1)
        defer { weston.stop() }
        let client = try weston.launchClient(
            LiveClient.executable,
            arguments: ["touch-test", "--size", "400x300", "--cell", "20", "--record", file("input.jsonl"),
                        "--report", file("live.json"), "--png", file("live.png")],
            outputPath: file("client.log"))
        defer { client.stop() }
        _ = try weston.waitForView(timeout: 10)
        let log = { (try? String(contentsOfFile: file("client.log"), encoding: .utf8)) ?? "" }

        // Stamped in the past, so the q typed afterwards (stamped now) comes last.
        var t = try weston.monotonicTime() - 5_000_000_000
        // Finger 0: 2 s at 120 Hz along a zigzag; fingers 1 and 2 down meanwhile (3 at once).
        try weston.touchDown(id: 0, x: 10, y: 30, at: t)
        try weston.touchFrame(at: t)
        for i in 1...240 {
            t += Self.interval120Hz
            let x = 10 + Double(i) * 1.5, y = 30 + Double(i % 40) * 6
            try weston.touchMotion(id: 0, x: x, y: y, at: t)
            if i == 100 {
                try weston.touchDown(id: 1, x: 300, y: 250, at: t)
                try weston.touchDown(id: 2, x: 350, y: 250, at: t)
            }
            if i == 130 {
                try weston.touchUp(id: 1, at: t)
                try weston.touchUp(id: 2, at: t)
            }
            try weston.touchFrame(at: t)
        }
        t += Self.interval120Hz
        try weston.touchUp(id: 0, at: t)
        // A 10 ms contact: a suspected ghost touch.
        t += 50_000_000
        try weston.touchDown(id: 3, x: 200, y: 150, at: t)
        try weston.touchFrame(at: t)
        t += 10_000_000
        try weston.touchUp(id: 3, at: t)
        try weston.key(16, pressed: true)   // q
        try weston.key(16, pressed: false)
        #expect(client.waitForExit(timeout: 20), "touch-test did not quit on q: \(log())")
        #expect(client.exitStatus == 0, "\(log())")

        let report = try String(contentsOfFile: file("live.json"), encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        #expect(json["maxSimultaneousTouches"] as? Int == 3)
        let touches = try #require(json["touches"] as? [[String: Any]])
        #expect(touches.map { $0["id"] as? Int } == [0, 1, 2, 3])
        let hz = try #require(touches[0]["medianHz"] as? Double)
        #expect(abs(hz - 120) <= 1, "median \(hz) Hz")
        #expect(touches[0]["motionEvents"] as? Int == 240)
        let ghosts = try #require(json["ghostTouches"] as? [[String: Any]])
        #expect(ghosts.map { $0["id"] as? Int } == [3])
        #expect(ghosts.first?["durationMs"] as? Double == 10)
        #expect((json["filledCells"] as? Int ?? 0) > 40)

        // The recording replays, with no compositor, to the same bytes.
        let replay = try CLIProcess.run([
            "touch-test", "--replay", file("input.jsonl"), "--size", "400x300", "--cell", "20",
            "--report", file("replay.json"), "--png", file("replay.png")])
        #expect(replay == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file("replay.json"))) == Data(report.utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file("replay.png")))
                == Data(contentsOf: URL(fileURLWithPath: file("live.png"))))
    }
}

/// Runs the `touchstone` binary built next to the tests and returns its exit status.
enum CLIProcess {
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LiveClient.executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
