import ArgumentParser
import FileOutput
import HeadlessSession
import Session
import TouchstoneApp
import NodeCore
import SceneFormat

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show a scene in a Wayland window and print its control events.",
        discussion: "Keys: d toggles the tappable-area overlay, t the touch visualization, p the pointer-location HUD and touch inspector (c clears its paths), q or Escape quits."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Record the session's input to this file as an input script that `touchstone replay` accepts.")
    var record: String?

    @Option(help: "Write the event log to this file (each event right after the frame that shows it) instead of standard output.")
    var events: String?

    @Flag(help: "Start with the tappable-area debug overlay on.")
    var debugOverlay = false

    @Flag(help: "Start with the touch visualization on: a marker with the touch id at every active touch.")
    var showTouches = false

    @Flag(help: "Start with the pointer-location HUD and touch inspector on (p toggles it, c clears the paths).")
    var pointerLocation = false

    @Flag(help: "Ask the compositor to show the window fullscreen.")
    var fullscreen = false

    @Option(help: "Run under a private headless weston instead, playing --input through it as real seat input; leave events.jsonl, input.jsonl (the recording), screenshot.png and client.log in this folder. Exit 1 when the recording does not replay to the log.")
    var headless: String?

    @Option(help: "With --headless: the input script or device recording to play, at its own timing.")
    var input: String?

    @Option(help: "With --headless: the output's buffer scale (1 to 4).")
    var scale = 1

    @Option(help: ArgumentHelp("The session time of the first input event in ms; until it arrives the clock stands at 0 and no timer fires (what --headless passes: a script's first t).",
                               valueName: "ms"))
    var firstInputTime: Double?

    @OptionGroup var recording: RecordingArguments

    func validate() throws {
        if headless == nil, input != nil { throw ValidationError("--input needs --headless DIR") }
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be 1, 2, 3 or 4, got \(scale)") }
        if let firstInputTime, !(firstInputTime >= 0 && firstInputTime <= FileLimits.maximumTime) {
            throw ValidationError("--first-input-time must be 0 to \(Int(FileLimits.maximumTime)) ms, got \(firstInputTime)")
        }
        if headless != nil, firstInputTime != nil {
            throw ValidationError("--headless DIR sets the first input's time itself (the script's first t)")
        }
        if headless != nil, record != nil || events != nil {
            throw ValidationError("--headless DIR writes events.jsonl and input.jsonl itself; --events and --record are for a live window")
        }
    }

    @Option(help: "The window size to ask the compositor for, WIDTHxHEIGHT in points (default: the scene's size).",
            transform: WindowSizeArgument.parseWindow)
    var size: Size?

    func run() throws {
        if let headless {
            let outcome = try HeadlessRun.run(scenePath: scene, outputDirectory: headless, inputPath: input, scale: scale,
                                              size: size, recording: recording.options(size: nil))
            let sink = LineSink()
            try sink.write("run: \(outcome.eventLines) control events in \(outcome.files.events); screenshot \(outcome.files.screenshot); input recorded to \(outcome.files.input)")
            guard outcome.replayDiff.isEmpty else {
                StandardError.writeLine("touchstone: error: replaying \(outcome.files.input) does not give \(outcome.files.events):")
                for line in outcome.replayDiff.split(separator: "\n") { StandardError.writeLine(String(line)) }
                throw ExitCode(ExitStatus.runtimeFailure)
            }
            return
        }
        try RunArguments(scene: scene, record: record, events: events, debugOverlay: debugOverlay, showTouches: showTouches,
                         pointerLocation: pointerLocation, fullscreen: fullscreen, size: size, firstInputTime: firstInputTime).run()
    }
}
