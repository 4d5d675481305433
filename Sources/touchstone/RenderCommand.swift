import ArgumentParser
import NodeCore
import Render
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

    @Option(help: "Buffer scale: each point becomes N × N pixels, N from 0.25 to 4 in steps of 1/120 (e.g. 1.5, 1.25, 4/3, 0.9).",
            transform: parseScale)
    var scale: RenderScale = 1

    @Option(help: "The window size to lay the scene out at, WIDTHxHEIGHT in points (default: the scene's size).",
            transform: WindowSizeArgument.parseWindow)
    var size: Size?

    func validate() throws {
        try validateScale(scale)
        try validateImageSize(size, scale: scale)
    }

    func run() throws {
        try OutputPaths.requireDistinct(inputs: [("scene", scene)], outputs: [("--png", png)])
        let use = SceneUse.offline(scale: scale.factor)
        let loaded = try InputFiles.loadScene(scene, for: use)
        if size == nil { try SceneRendering.requireRenderable(loaded, file: scene, scale: scale) }
        let window = SceneWindow.make(loaded, size: size, images: use.decoder()).window
        window.showsTappableAreas = debugOverlay
        try SceneRendering.writePNG(of: window, background: loaded.background, scale: scale, to: png)
    }
}

/// Rejects a `--scale` outside `SceneRendering.supportedScales` as a bad argument (status 2).
func validateScale(_ scale: RenderScale) throws {
    let range = SceneRendering.supportedScales
    guard range.contains(scale) else {
        throw ValidationError("--scale must be \(range.lowerBound)...\(range.upperBound), got \(scale)")
    }
}

/// Rejects a `--size` too large for an image at `scale` as a bad argument (status 2).
func validateImageSize(_ size: Size?, scale: RenderScale) throws {
    guard let size, let problem = SceneRendering.imageProblem(size: size, scale: scale) else { return }
    throw ValidationError("--size: \(problem)")
}

/// A `--scale` value: a decimal (`1.5`) or a fraction (`4/3`) that is a whole number of
/// 120ths; anything else is a bad argument (status 2) naming the nearest valid scale.
func parseScale(_ text: String) throws -> RenderScale {
    if let scale = RenderScale(parsing: text) { return scale }
    guard let value = Double(text), value.isFinite else {
        throw ValidationError("expected a number such as 1.5 or a fraction such as 4/3")
    }
    let range = SceneRendering.supportedScales
    guard value >= range.lowerBound.factor, value <= range.upperBound.factor else {
        throw ValidationError("--scale must be \(range.lowerBound)...\(range.upperBound), got \(text)")
    }
    let nearest = RenderScale(units: Int((value * Double(RenderScale.denominator)).rounded()))
    throw ValidationError("a scale is a whole number of 1/\(RenderScale.denominator) steps (nearest: \(nearest))")
}
