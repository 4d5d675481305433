import Foundation
import Render
import HeadlessSession
import Session
import Testing
import WestonControl
import WestonHarness

/// `touchstone run SCENE --headless DIR --input SCRIPT` (behaviour.md §19).
@Suite("run --headless", .serialized)
struct HeadlessRunTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func anExampleUnderWestonLogsWhatItsReplayLogsAndItsRecordingReplaysToIt() throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runTouchstone(["run", "examples/padded-button/scene.json", "--headless", dir.path,
                                     "--input", "examples/padded-button/input.jsonl"],
                                    environment: [HarnessModule.environmentVariable: try HeadlessWeston.testModule().path],
                                    directory: Self.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let live = try String(contentsOf: dir.appending(path: "events.jsonl"), encoding: .utf8)
        let expected = try String(contentsOf: Self.packageRoot.appending(path: "examples/padded-button/events.jsonl"), encoding: .utf8)
        #expect(live == expected, "the live log, its times the script's, is the replay's")
        #expect(run.stdout.hasPrefix("run: \(expected.split(separator: "\n").count) control events in \(dir.path)/events.jsonl"))
        let shot = try Canvas.readPNG(from: dir.appending(path: "screenshot.png").path)
        #expect(shot.width == 320 && shot.height == 200)
        // The run checked that its recording replays to its log; so does this.
        let replay = try runTouchstone(["replay", "examples/padded-button/scene.json", dir.appending(path: "input.jsonl").path],
                                       directory: Self.packageRoot)
        #expect(replay.stdout == live)
    }

    @Test func aRunAtAnotherSizeLaysTheSceneOutThereAsReplayDoes() throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runTouchstone(["run", "examples/checkout/scene.json", "--headless", dir.path, "--size", "800x1280",
                                     "--input", "examples/checkout/input.jsonl"],
                                    environment: [HarnessModule.environmentVariable: try HeadlessWeston.testModule().path],
                                    directory: Self.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        let shot = try Canvas.readPNG(from: dir.appending(path: "screenshot.png").path)
        #expect(shot.width == 800 && shot.height == 1280)
        let replay = try runTouchstone(["replay", "examples/checkout/scene.json", "examples/checkout/input.jsonl", "--size", "800x1280"],
                                       directory: Self.packageRoot)
        let live = try String(contentsOf: dir.appending(path: "events.jsonl"), encoding: .utf8)
        #expect(!live.isEmpty && live == replay.stdout)
    }

    @Test func sigintDuringARunEndsItWithItsWestonAndStatus130() throws {
        let root = Self.packageRoot.path
        let out = FileManager.default.temporaryDirectory.appending(path: "touchstone-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try expectSignalEndsItWithItsWeston(["run", root + "/examples/chat/scene.json", "--headless", out.path,
                                             "--input", root + "/examples/chat/input.jsonl"], signal: SIGINT)
    }
}
