import Foundation
import Render
import SceneFormat
import Testing

/// `touchstone demo --headless DIR`, the README's first command, as a user runs it.
@Suite("Headless demo", .serialized)
struct HeadlessDemoTests {
    @Test func headlessDemoLeavesAScreenshotAndAnEventLogThatReplaysIdentically() throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = try runTouchstone(["demo", "--headless", dir.path])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.hasPrefix("demo: 26 control events in \(dir.path)/events.jsonl"))

        // The live log is what replaying the recorded input gives.
        let replay = try runTouchstone(["replay", dir.appending(path: "demo-scene.json").path,
                                        dir.appending(path: "input.jsonl").path])
        let liveLog = try String(contentsOf: dir.appending(path: "events.jsonl"), encoding: .utf8)
        #expect(replay.status == 0)
        #expect(replay.stdout == liveLog)
        let events = try EventLog.decode(Array(liveLog.utf8), file: "events.jsonl")
        #expect(events.prefix(3).map(\.event.name) == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(events.last.map { "\($0.node).\($0.event.name)" } == "under.primaryActionTriggered")

        // The screenshot (scale 2) shows the overlay and the marker of the finger still down.
        let shot = try Canvas.readPNG(from: dir.appending(path: "demo.png").path)
        #expect(shot.width == 960 && shot.height == 640)
        // Back's tappable area over the white toolbar: green 0.4 → (153, 255, 153).
        #expect(shot.components(x: 172, y: 60).isClose(to: PixelComponents(alpha: 255, red: 153, green: 255, blue: 153), tolerance: 2))
        // Finger 7 down at (300, 110) pt: its ring (#007AFF) 22 pt to the left of the center.
        #expect(shot.components(x: 556, y: 220).isClose(to: PixelComponents(alpha: 255, red: 0, green: 122, blue: 255), tolerance: 8))
    }
}

struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built `touchstone` and waits for it.
func runTouchstone(_ arguments: [String]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: LiveClient.executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}
