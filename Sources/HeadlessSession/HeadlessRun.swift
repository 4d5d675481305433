public import DeviceRecording
import FileOutput
import FoundationEssentials
import Glibc
public import NodeCore
import SceneFormat
import Session
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
    /// `size` is the output's (nil: the scene's); the scene is laid out at it (behaviour.md §15.1).
    public static func run(scenePath: String, outputDirectory: String, inputPath: String?, scale: Int, size: Size? = nil,
                           recording: RecordingOptions) throws -> Outcome {
        let scene = try InputFiles.loadScene(scenePath, for: .live)
        let asked = size
        let size = size ?? scene.size
        var options = recording
        options.size = size
        let script = try inputPath.map { path throws(InputFileError) in try InputFiles.loadInputScript(path, recording: options) } ?? []
        let dir = URL(fileURLWithPath: outputDirectory, isDirectory: true).standardizedFileURL
        let files = HeadlessScene.Files(in: dir)
        let screenshot = dir.appending(path: "screenshot.png")
        do throws(OutputFileError) {
            try HeadlessDemo.makeDirectories(dir.path)
        } catch {
            throw HeadlessDemoError.files(directory: dir.path, reason: error.reason)
        }
        // The session lasts until the script's replay has fired its last timer (a deceleration's end).
        let timing = Replay(scene: try InputFiles.loadScene(scenePath, for: .live), size: asked, imageScale: Double(scale)) { _ in }
        timing.play(script)
        try HeadlessScene.show(scenePath: scenePath, size: size, asked: asked, scale: scale, script: script, files: files,
                               screenshot: screenshot, lastsUntil: timing.window.clock.now)
        // The run checks itself: its recording replays to its log.
        // A missing log is an empty one: the comparison below then says what differs.
        let live = String(decoding: (try? InputFiles.read(files.events.path)) ?? [], as: UTF8.self)
        let recorded = try InputFiles.loadInputScript(files.input.path)
        var replayed = ""
        Replay(scene: scene, size: asked, imageScale: Double(scale)) { replayed += $0.line + "\n" }.play(recorded)
        let diff = UnifiedDiff.text(expected: live, actual: replayed, expectedName: files.events.path,
                                    actualName: "replay of \(files.input.path)")
        return Outcome(eventLines: live.split(separator: "\n").count, replayDiff: diff,
                       files: (files.events.path, files.input.path, screenshot.path))
    }
}
