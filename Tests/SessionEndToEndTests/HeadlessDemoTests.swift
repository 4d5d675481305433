import Foundation
import Render
import SceneFormat
import HeadlessSession
import Session
import Testing
import WestonHarness

/// `touchstone demo --headless DIR`, the README's first command, as a user runs it.
@Suite("Headless demo", .serialized)
struct HeadlessDemoTests {
    @Test func headlessDemoLeavesAScreenshotAndAnEventLogThatReplaysIdentically() throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let module = try HeadlessWeston.testModule()
        let demo = try runTouchstone(["demo", "--headless", dir.path],
                                     environment: [HarnessModule.environmentVariable: module.path])
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

/// Where `demo --headless` finds its weston module: it never builds it.
@Suite("Headless demo's weston module", .serialized)
struct HarnessModuleTests {
    /// Copies with `cp`: a copy written by this process could still be open in a child
    /// another test is forking at that moment, and executing it would fail (ETXTBSY).
    private func copyExecutable(_ source: String, to destination: String) throws {
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [source, destination]
        try cp.run()
        cp.waitUntilExit()
        try #require(cp.terminationStatus == 0)
    }

    @Test func aMissingModuleIsNamedWithHowToGetIt() throws {
        let dir = try makeScratchFolder("touchstone-install")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Run from outside the source tree, with no module beside the binary.
        let binary = dir.appending(path: "bin/touchstone")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try copyExecutable(LiveClient.executable, to: binary.path)
        let demo = try runTouchstone(["demo", "--headless", dir.appending(path: "out").path], executable: binary.path,
                                     directory: dir)
        #expect(demo.status == 1)
        #expect(demo.stderr.hasPrefix("touchstone: error: the headless demo needs Touchstone's weston module (touchstone-harness.so), not found in \(dir.path)/bin/touchstone-harness.so, \(dir.path)/lib/touchstone/touchstone-harness.so"),
                "\(demo.stderr)")
        #expect(demo.stderr.contains("install Touchstone with `tools/install PREFIX`"))
    }

    /// The output folder's path runs through a file: one line with the system's reason, status 1.
    @Test func anOutputFolderThatCannotBeMadeIsOneLineWithTheReason() throws {
        let dir = try makeScratchFolder("touchstone-install")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appending(path: "file")
        try Data("x".utf8).write(to: file)
        let out = file.appending(path: "out").path
        let demo = try runTouchstone(["demo", "--headless", out])
        #expect(demo.status == 1)
        #expect(demo.stderr == "touchstone: error: \(out): cannot write the output files: Not a directory\n")
    }

    @Test func aModuleVariableNamingNoFileIsAnError() throws {
        let demo = try runTouchstone(["demo", "--headless", "/nonexistent/out"],
                                     environment: [HarnessModule.environmentVariable: "/nonexistent/module.so"])
        #expect(demo.status == 1)
        #expect(demo.stderr == "touchstone: error: TOUCHSTONE_HARNESS_MODULE=/nonexistent/module.so: no such file; build the module with `make -C tools/weston-harness` in Touchstone's source tree\n")
    }

    /// The layout `tools/install` makes: the binary in PREFIX/bin, the module in
    /// PREFIX/lib/touchstone; run from a directory with no source tree.
    @Test func anInstalledLayoutRunsTheHeadlessDemoWithoutTheSourceTree() throws {
        let prefix = try makeScratchFolder("touchstone-install")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let binary = prefix.appending(path: "bin/touchstone")
        let module = prefix.appending(path: "lib/touchstone/touchstone-harness.so")
        for url in [binary, module] {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try copyExecutable(LiveClient.executable, to: binary.path)
        try FileManager.default.copyItem(at: try HeadlessWeston.testModule(), to: module)
        let out = prefix.appending(path: "out")
        let demo = try runTouchstone(["demo", "--headless", out.path], executable: binary.path, directory: prefix)
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appending(path: "demo.png").path))
    }
}

struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `touchstone` (the built one unless `executable` says otherwise) and waits for it.
func runTouchstone(_ arguments: [String], environment: [String: String] = [:], executable: String = LiveClient.executable,
                   directory: URL? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var inherited = ProcessInfo.processInfo.environment
    inherited.removeValue(forKey: HarnessModule.environmentVariable)
    process.environment = inherited.merging(environment) { _, new in new }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let (outData, errData) = ChildOutput.read(output: out.fileHandleForReading, error: err.fileHandleForReading)
    let stdout = String(decoding: outData, as: UTF8.self), stderr = String(decoding: errData, as: UTF8.self)
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}
