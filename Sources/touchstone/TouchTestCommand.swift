import ArgumentParser
import NodeCore
import Render
import Session

struct TouchTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-test",
        abstract: "Touch-screen test: a grid that fills where touches pass, live report-rate counters, and on exit (q) a JSON report and a coverage PNG.",
        discussion: """
        With --replay, no compositor: a recording (`touch-test --record`, or any input script) \
        is fed through the same model, giving the report and PNG the live test wrote. \
        The grid covers --size (pass the report's "size" when replaying a test whose window \
        the compositor sized).
        """
    )

    @Option(help: "Side of a grid cell, in points.")
    var cell = TouchTestOptions.defaultCellSize

    @Option(help: "Write the JSON report to this file on exit (coverage, never-touched cells, max touches, per-touch rates and jitter, ghost touches).")
    var report: String?

    @Option(help: "Write the coverage grid to this PNG file on exit.")
    var png: String?

    @Option(help: "Record the session's input to this file as an input script (`--replay` takes it back).")
    var record: String?

    @Option(help: "Replay this input script, or device recording (`libinput record` YAML, evemu; mapped onto --size), instead of opening a window.")
    var replay: String?

    @OptionGroup var recording: RecordingArguments

    @Option(help: "The window (and grid) size in points, WIDTHxHEIGHT.")
    var size = "800x600"

    @Option(help: "Buffer scale of the --png image: each point becomes N × N pixels, N from 0.25 to 4 in steps of 1/120 (e.g. 1.5).",
            transform: parseScale)
    var scale: RenderScale = 1

    @Flag(help: "Ask the compositor for a fullscreen window (the grid follows the size it gives).")
    var fullscreen = false

    func validate() throws {
        try validateScale(scale)
        _ = try parsedSize()
        if replay != nil, record != nil { throw ValidationError("--record needs a live session; it cannot be used with --replay") }
    }

    func parsedSize() throws -> Size {
        try WindowSizeArgument.parse(size)
    }

    func run() throws {
        let options = TouchTestOptions(cellSize: cell, size: try parsedSize(), reportPath: report, pngPath: png,
                                       recordPath: record, scale: scale)
        try options.validate()
        try OutputPaths.requireDistinct(inputs: [replay.map { ("--replay", $0) }].compactMap { $0 },
                                        outputs: [("--report", report), ("--png", png), ("--record", record)]
                                            .compactMap { role, path in path.map { (role, $0) } })
        if let replay {
            let script = try InputFiles.loadInputScript(replay, recording: recording.options(size: try parsedSize()))
            let (test, time) = TouchTestReplay.run(script, options: options)
            try TouchTestOutput.write(test, at: time, options: options)
        } else {
            try TouchTestSession(options: options, title: "Touchstone touch test", fullscreen: fullscreen).run()
        }
    }
}
