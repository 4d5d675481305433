import ArgumentParser
import NodeCore
import Session
import TouchstoneApp

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a scene out and print every node's frame (in its parent's coordinates), depth first.",
        discussion: "As an indented tree, or with --json one line per node: {\"node\": NAME, \"frame\": [x, y, w, h]}."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The window size to lay out at, WIDTHxHEIGHT in points (default: the scene's size).",
            transform: WindowSizeArgument.parseWindow)
    var size: Size?

    @Flag(help: "Print one JSON object per line instead of an indented tree.")
    var json = false

    func run() throws {
        let loaded = try InputFiles.loadScene(scene, for: .layout)
        let window = SceneWindow.make(loaded, size: size).window
        try LayoutListing.write(window.root, json: json, to: LineSink())
    }
}
