import Foundation
import NodeCore
import SceneFormat
import HeadlessSession
import Session
import Testing
import WestonHarness

/// One `touchstone run` under its own headless weston: the scene is written to a
/// private folder, the client is launched with `--events` (and optional flags), and
/// input goes in through the harness module as real seat events.
final class LiveClient {
    let weston: HeadlessWeston
    let client: ChildProcess
    let folder: URL
    let injector: ScriptInjector
    let sceneFile: URL
    let eventsFile: URL
    let recordFile: URL
    let logFile: URL

    /// The `touchstone` binary built next to the test bundle.
    static var executable: String {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appending(path: "touchstone").path
    }

    init(scene: String, arguments: [String] = [], scale: Int = 1, shell: HeadlessWeston.Shell = .kiosk,
         output: (width: Int, height: Int)? = nil, environment: [String: String] = [:]) throws {
        folder = try makeScratchFolder("touchstone-e2e")
        sceneFile = folder.appending(path: "scene.json")
        eventsFile = folder.appending(path: "events.jsonl")
        recordFile = folder.appending(path: "input.jsonl")
        logFile = folder.appending(path: "client.log")
        try scene.write(to: sceneFile, atomically: true, encoding: .utf8)
        let size = try SceneDecoder.decode(Array(scene.utf8), file: "scene.json").size
        weston = try HeadlessWeston.start(width: output?.width ?? Int(size.width), height: output?.height ?? Int(size.height),
                                          scale: scale, shell: shell)
        injector = ScriptInjector(weston: weston)
        do {
            client = try weston.launchClient(
                Self.executable,
                arguments: ["run", sceneFile.path, "--events", eventsFile.path, "--record", recordFile.path] + arguments,
                extraEnvironment: environment, outputPath: logFile.path)
            // Mapped means the first frame, fully painted, is on screen; the desktop shell maps
            // its own background too, before or after.
            _ = try weston.waitForWindow(pid: client.pid, timeout: 10)
        } catch {
            weston.stop()
            throw error
        }
    }

    deinit {
        client.stop()
        weston.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Injects `events`, then waits for the client's next commit: the frame that shows
    /// their effect (control events are logged before that frame is drawn).
    func injectAndWaitForFrame(_ events: [InputEvent]) throws {
        let injected = try weston.monotonicTime()
        for event in events { try injector.inject(event) }
        _ = try weston.waitForCommit(after: injected, pid: client.pid, timeout: 10)
    }

    /// Injects `events` without waiting (for input that changes nothing on screen).
    func inject(_ events: [InputEvent]) throws {
        for event in events { try injector.inject(event) }
    }

    /// True once the client answered a ping sent now (`HeadlessWeston.waitForIdle`): it has
    /// handled all input injected so far and written what followed from it. A client that
    /// quit (no window left to ping) has written everything once it has exited.
    func waitUntilIdle() -> Bool {
        if (try? weston.waitForIdle(pid: client.pid, timeout: 10)) != nil { return true }
        return client.waitForExit(timeout: 10)
    }

    /// The event log so far.
    func events() throws -> [EventLogEntry] {
        // The client writes its log right after sending the frame a test waited for; its
        // answer to a ping sent now comes after that.
        #expect(waitUntilIdle(), "client never went idle: \(clientLog())")
        let bytes = Array((try? Data(contentsOf: eventsFile)) ?? Data())
        return try EventLog.decode(bytes, file: eventsFile.path)
    }

    /// `node.event` for each logged event, for readable assertions.
    func eventSummary() throws -> [String] {
        try events().map { "\($0.node).\($0.event.name)" }
    }

    /// The client's stderr and stdout.
    func clientLog() -> String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Quits with `q` and returns the exit status.
    func quit() throws -> Int32 {
        try inject([.key("q", pressed: true), .key("q", pressed: false)])
        #expect(client.waitForExit(timeout: 10), "client did not quit on q: \(clientLog())")
        return client.exitStatus ?? -1
    }

    /// The event log `touchstone replay` prints for the recorded input (expecting exit 0).
    func replayRecording() throws -> String {
        let replay = Process()
        replay.executableURL = URL(fileURLWithPath: Self.executable)
        replay.arguments = ["replay", sceneFile.path, recordFile.path]
        let out = Pipe()
        replay.standardOutput = out
        try replay.run()
        let replayed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        replay.waitUntilExit()
        #expect(replay.terminationStatus == 0)
        return replayed
    }

    func screenshot() throws -> Screenshot {
        try weston.screenshot()
    }
}

extension InputEvent {
    static func down(_ id: Int, _ x: Double, _ y: Double) -> InputEvent { .touchDown(id: id, location: Point(x: x, y: y)) }
    static func move(_ id: Int, _ x: Double, _ y: Double) -> InputEvent { .touchMotion(id: id, location: Point(x: x, y: y)) }
    static func up(_ id: Int) -> InputEvent { .touchUp(id: id) }
}

extension RGBA {
    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: RGBA, tolerance: Int = 2) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance
    }
}
