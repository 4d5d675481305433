import Foundation
import Testing
import WestonHarness

/// `examples/RoundButton` run with `TOUCHSTONE_EXPORT`: its screen, written as a case folder
/// (behaviour.md §19.1), passes `touchstone check`, and its recording replays to its log.
@Suite("Round button example's screens exported", .serialized)
struct RoundButtonExportTests {
    /// A program built next to the test bundle.
    static func executable(_ name: String) -> String {
        URL(fileURLWithPath: RoundButtonExampleTests.executable).deletingLastPathComponent().appending(path: name).path
    }

    /// Runs `touchstone ARGUMENTS`: its exit status and standard output.
    static func touchstone(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable("touchstone"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func launch(exportingTo folder: String) throws -> (HeadlessWeston, ChildProcess, URL) {
        let weston = try HeadlessWeston.start(width: 300, height: 300)
        let log = weston.directory.appending(path: "example.log")
        do {
            let client = try weston.launchClient(RoundButtonExampleTests.executable, extraEnvironment: ["TOUCHSTONE_EXPORT": folder],
                                                 outputPath: log.path)
            _ = try weston.waitForView(timeout: 10)
            return (weston, client, log)
        } catch {
            weston.stop()
            throw error
        }
    }

    /// A tap; with `shows`, one that waits for the frames showing its down and its up.
    private func tap(_ weston: HeadlessWeston, _ client: ChildProcess, id: Int32, x: Double, y: Double,
                     shows: Bool = true) throws {
        let down = try weston.touchDownAndFrame(id: id, x: x, y: y)
        if shows { _ = try weston.waitForCommit(after: down, pid: client.pid, timeout: 10) }
        let up = try weston.touchUp(id: id)
        if shows { _ = try weston.waitForCommit(after: up, pid: client.pid, timeout: 10) }
    }

    @Test func theExamplesScreenWrittenAsASceneReplaysWithItsRecordingToItsOwnEventLog() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-round-export-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (weston, client, output) = try launch(exportingTo: folder.path)
        defer {
            client.stop()
            weston.stop()
        }
        // The corner of the button's bounds, outside its disc: nothing changes on screen.
        try tap(weston, client, id: 1, x: RoundButtonExampleTests.corner.x, y: RoundButtonExampleTests.corner.y, shows: false)
        try tap(weston, client, id: 2, x: RoundButtonExampleTests.centre.x, y: RoundButtonExampleTests.centre.y)
        _ = try weston.key(1, pressed: true)   // Escape: the example quits, and the case is complete
        _ = try weston.key(1, pressed: false)
        #expect(client.waitForExit(timeout: 10))
        #expect(client.exitStatus == 0)

        let screen = folder.appending(path: "001")
        let log = (try? String(contentsOf: screen.appending(path: "events.jsonl"), encoding: .utf8)) ?? ""
        // The app's own log: one tap inside the disc, none for the corner outside it.
        let appOutput = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(appOutput.contains("round: tapped 1") && !appOutput.contains("tapped 2"), "\(appOutput)")
        #expect(log.components(separatedBy: #""node":"round","event":"touchUpInside""#).count == 2, "\(log)")
        #expect(!log.contains(#""touch":1"#), "\(log)")
        // `touchstone replay` of the scene with the recording gives that log, and `check` agrees.
        let replay = try Self.touchstone(["replay", screen.appending(path: "scene.json").path,
                                          screen.appending(path: "input.jsonl").path])
        #expect(replay.status == 0)
        #expect(replay.output == log)
        let check = try Self.touchstone(["check", folder.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("1 cases: 1 passed, 0 failed") || check.output.contains("1 passed"), "\(check.output)")
        // The round button is written as a control whose bands are its disc.
        let scene = (try? String(contentsOf: screen.appending(path: "scene.json"), encoding: .utf8)) ?? ""
        #expect(scene.contains(#""kind": "control""#) && scene.contains(#""bands""#), "\(scene)")
    }

    @Test func anExportFolderThatCannotBeMadeIsOneErrorLineAndTheAppGoesOn() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-round-unwritable-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder inside a regular file: refused for every user, root too.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: "file")
        try Data("x".utf8).write(to: file)
        let (weston, client, output) = try launch(exportingTo: file.appending(path: "cases").path)
        defer {
            client.stop()
            weston.stop()
        }
        try tap(weston, client, id: 1, x: RoundButtonExampleTests.centre.x, y: RoundButtonExampleTests.centre.y)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(text.contains("round: tapped 1"), "the app goes on: \(text)")
        let errors = text.split(separator: "\n").filter { $0.contains("scene export") }
        #expect(errors.count == 1, "\(text)")
        #expect(errors.first?.contains(file.path + "/cases: cannot create folder: Not a directory") == true, "\(text)")
        #expect(client.isRunning)
    }
}
