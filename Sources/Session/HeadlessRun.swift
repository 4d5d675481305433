import DeviceRecording
import FileOutput
import FoundationEssentials
import Glibc
import NodeCore
import SceneFormat
import WestonControl

/// `touchstone run SCENE --headless DIR` (behaviour.md §19): the scene under a private
/// headless weston, an input script (or device recording) played through the compositor as
/// real seat input at its own timing; leaves `events.jsonl`, the recorded `input.jsonl`,
/// `screenshot.png` and `client.log` in DIR, then replays the recording and compares.
public enum HeadlessRun {
    /// What the run left: the live log's line count and whether replaying the recording gave it.
    public struct Outcome {
        public let eventLines: Int
        /// The unified diff of the live log against the recording's replay; empty when they agree.
        public let replayDiff: String
        public let files: (events: String, input: String, screenshot: String)
    }

    /// Throws `InputFileError` for a bad scene or script, `HeadlessDemoError` for the rest.
    public static func run(scenePath: String, outputDirectory: String, inputPath: String?, scale: Int,
                           recording: RecordingOptions) throws -> Outcome {
        let scene = try InputFiles.loadScene(scenePath)
        var options = recording
        options.size = scene.size
        let script = try inputPath.map { path throws(InputFileError) in try InputFiles.loadInputScript(path, recording: options) } ?? []
        let dir = URL(fileURLWithPath: outputDirectory, isDirectory: true).standardizedFileURL
        let files = (events: dir.appending(path: "events.jsonl"), input: dir.appending(path: "input.jsonl"),
                     screenshot: dir.appending(path: "screenshot.png"), log: dir.appending(path: "client.log"))
        do throws(OutputFileError) {
            try HeadlessDemo.makeDirectories(dir.path)
        } catch {
            throw HeadlessDemoError.files(directory: dir.path, reason: error.reason)
        }
        let module: URL
        do throws(HarnessModule.NotFound) {
            module = try HarnessModule.locate(executable: URL(fileURLWithPath: HeadlessDemo.executablePath))
        } catch {
            throw HeadlessDemoError.moduleNotFound(error)
        }
        let state: PrivateTemporaryFolder
        do throws(PrivateTemporaryFolder.Failure) {
            state = try PrivateTemporaryFolder(prefix: "touchstone-run")
        } catch {
            throw HeadlessDemoError.temporaryFolder(error.description)
        }
        defer { state.remove() }
        let clientStatus: Int32?
        do throws(HarnessError) {
            let weston = try HeadlessWeston.start(width: Int(scene.size.width), height: Int(scene.size.height), scale: scale,
                                                  directory: state.url, module: module, diesWithParent: true)
            defer { weston.stop() }
            let client = try weston.launchClient(
                HeadlessDemo.executablePath,
                arguments: ["run", URL(fileURLWithPath: scenePath).standardizedFileURL.path, "--events", files.events.path,
                            "--record", files.input.path],
                outputPath: files.log.path, diesWithParent: true)
            defer { client.stop() }
            _ = try weston.waitForView(timeout: 10)
            try ScriptInjector(weston: weston).play(script)
            try HeadlessDemo.screenshotOnceSettled(weston, client, to: files.screenshot)
            try ScriptInjector(weston: weston).inject(.key("q", pressed: true))
            try ScriptInjector(weston: weston).inject(.key("q", pressed: false))
            clientStatus = client.waitForExit(timeout: 10) ? client.exitStatus : nil
        } catch {
            throw HeadlessDemoError.weston(error)
        }
        guard let clientStatus else { throw HeadlessDemoError.clientDidNotQuit(log: files.log.path) }
        guard clientStatus == 0 else { throw HeadlessDemoError.clientFailed(status: clientStatus, log: files.log.path) }
        // The run checks itself: its recording replays to its log.
        let live = String(decoding: (try? InputFiles.read(files.events.path)) ?? [], as: UTF8.self)
        let recorded = try InputFiles.loadInputScript(files.input.path)
        var replayed = ""
        Replay(scene: scene) { replayed += $0.line + "\n" }.play(recorded)
        let diff = UnifiedDiff.text(expected: live, actual: replayed, expectedName: files.events.path,
                                    actualName: "replay of \(files.input.path)")
        return Outcome(eventLines: live.split(separator: "\n").count, replayDiff: diff,
                       files: (files.events.path, files.input.path, files.screenshot.path))
    }
}
