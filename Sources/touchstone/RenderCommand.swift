import ArgumentParser
import Session

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a PNG image, optionally with the tappable-area overlay."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Write the image to this PNG file.")
    var png: String

    @Flag(help: "Paint the tappable-area debug overlay over the scene.")
    var debugOverlay = false

    @Option(help: "Buffer scale: each point becomes N × N pixels (1, 2 or 3).")
    var scale = 1

    func validate() throws {
        try validateScale(scale)
    }

    func run() throws {
        let scene = try InputFiles.loadScene(scene)
        let window = scene.makeWindow()
        window.showsTappableAreas = debugOverlay
        try SceneRendering.writePNG(of: window, background: scene.background, scale: scale, to: png)
    }
}

/// Rejects a `--scale` outside `SceneRendering.supportedScales` as a bad argument (status 2).
func validateScale(_ scale: Int) throws {
    let range = SceneRendering.supportedScales
    guard range.contains(scale) else {
        throw ValidationError("--scale must be \(range.lowerBound)...\(range.upperBound), got \(scale)")
    }
}
