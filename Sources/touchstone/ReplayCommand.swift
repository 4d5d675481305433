import ArgumentParser
import FileOutput
import NodeCore
import Render
import Session
import TouchstoneApp

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Feed an input script through the dispatch code (no compositor) and print the event log."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Argument(help: "The input script (JSON lines), e.g. one recorded with `touchstone run --record`, or a device recording (`libinput record` YAML, evemu) mapped onto the scene's size.")
    var input: String

    @OptionGroup var recording: RecordingArguments

    @Option(help: "Write the event log to this file instead of standard output.")
    var events: String?

    @Option(help: "Render the final frame to this PNG file.")
    var png: String?

    @Flag(help: "Start with the tappable-area debug overlay on (the script's `d` key toggles it).")
    var debugOverlay = false

    @Flag(help: "Start with touch visualization on (the script's `t` key toggles it): the --png image shows a marker for each touch still down at the end.")
    var showTouches = false

    @Flag(help: "Start with the pointer-location HUD and touch inspector on (the script's `p` key toggles it, `c` clears the paths): the --png image shows them as they were at the end.")
    var pointerLocation = false

    @Option(help: "Buffer scale of the --png image: each point becomes N × N pixels, N from 0.25 to 4 in steps of 1/120 (e.g. 1.5).",
            transform: parseScale)
    var scale: RenderScale = 1

    @Option(help: "The window size to lay the scene out at, WIDTHxHEIGHT in points (default: the scene's size).",
            transform: WindowSizeArgument.parseWindow)
    var size: Size?

    func validate() throws {
        try validateScale(scale)
        if png != nil { try validateImageSize(size, scale: scale) }
    }

    func run() throws {
        try OutputPaths.requireDistinct(inputs: [("scene", scene), ("input script", input)],
                                        outputs: [("--events", events), ("--png", png)].compactMap { role, path in
                                            path.map { (role, $0) }
                                        })
        let scene = try InputFiles.loadScene(scene, for: .offline(scale: scale.factor))
        // Every line is checked before any output; a script file is then played as it is read.
        let script = try InputFiles.openInputScript(input, recording: recording.options(size: size ?? scene.size))
        if png != nil, size == nil { try SceneRendering.requireRenderable(scene, file: self.scene, scale: scale) }
        let sink = try events.map { path throws(OutputFileError) in try LineSink(replacing: path) } ?? LineSink()
        var writeError: OutputError?
        let replay = Replay(scene: scene, size: size, imageScale: scale.factor, showsTappableAreas: debugOverlay, showsTouches: showTouches,
                            showsPointerLocation: pointerLocation) { entry in
            guard writeError == nil else { return }
            do throws(OutputError) { try sink.write(entry.line) } catch { writeError = error }
        }
        switch script {
        case .events(let events): replay.play(events)
        case .file(let file):
            let reader = try file.reader()
            try replay.play(containsPaste: file.containsPaste) { () throws(InputFileError) in try reader.next() }
        }
        if let writeError { throw writeError }
        // Nothing is replaced until every output is written (behaviour.md §8).
        let image = try png.map { path throws(ImageOutputError) in
            try SceneRendering.writeUncommittedPNG(of: replay.window, background: scene.background, scale: scale,
                                                   touchMarkers: replay.touchMarkers(),
                                                   pointerLocation: replay.pointerLocationOverlay, to: path)
        }
        try sink.commit()
        if let image { try SceneRendering.commit(image) }
    }
}
