import ArgumentParser
import Session

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Feed an input script through the dispatch code (no compositor) and print the event log."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Argument(help: "The input script (JSON lines), e.g. one recorded with `touchstone run --record`.")
    var input: String

    @Option(help: "Write the event log to this file instead of standard output.")
    var events: String?

    func run() throws {
        let scene = try InputFiles.loadScene(scene)
        let script = try InputFiles.loadInputScript(input)
        let sink = try events.map { path throws(CommandFailure) in try LineSink(path: path) } ?? LineSink()
        var writeError: CommandFailure?
        let replay = Replay(scene: scene) { entry in
            guard writeError == nil else { return }
            do throws(CommandFailure) { try sink.write(entry.line) } catch { writeError = error }
        }
        replay.play(script)
        if let writeError { throw writeError }
    }
}
