import Foundation
import NodeCore
import SceneFormat
import Session
import Testing
@testable import Render

/// Every scene in `examples/` rendered at scale 1, with and without the overlay,
/// compared with the reference PNGs in `Golden/` (see its README to regenerate them).
@Suite struct GoldenImageTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldenFolder = testsFolder.appendingPathComponent("Golden")
    static let examplesFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    /// A channel may differ this much and still match (rounding in other pixman builds).
    static let channelTolerance = 2
    /// Share of pixels allowed to differ more than that: glyph edges from another
    /// FreeType version or hinting setting. Shapes and overlay bands must match.
    static let looseFraction = 0.005
    /// Set to 1 to rewrite the golden images instead of comparing.
    static let updateVariable = "TOUCHSTONE_UPDATE_GOLDEN"

    static let scenes: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? []
        return files.filter { FileManager.default.fileExists(atPath: examplesFolder.appendingPathComponent("\($0)/scene.json").path) }.sorted()
    }()

    static func goldenName(_ scene: String, overlay: Bool) -> String {
        overlay ? "\(scene)-overlay.png" : "\(scene).png"
    }

    private func renderExample(_ name: String, overlay: Bool) throws -> Canvas {
        let path = Self.examplesFolder.appendingPathComponent("\(name)/scene.json").path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let scene = try SceneDecoder.decode(bytes, file: path)
        try SceneImages.load(scene.root, .decode(scale: 1), sceneBytes: bytes, file: path)
        // Laid out as `touchstone render` lays scenes out (self-sizing rows too), text measured in the pinned fonts.
        let window = SceneWindow.make(scene, measurer: TextMeasurer(labelFont: pinnedFonts)).window
        window.showsTappableAreas = overlay
        let renderer = try Renderer(window: window, background: scene.background, scale: 1, labelFont: pinnedFonts)
        return try renderer.renderImage()
    }

    @Test func examplesExist() {
        #expect(!Self.scenes.isEmpty)
    }

    @Test(arguments: scenes, [false, true])
    func exampleSceneMatchesItsGoldenImage(scene: String, overlay: Bool) throws {
        let canvas = try renderExample(scene, overlay: overlay)
        let goldenPath = Self.goldenFolder.appendingPathComponent(Self.goldenName(scene, overlay: overlay)).path
        try Self.compare(canvas, withGoldenAt: goldenPath)
    }

    /// Expects `canvas` to match the PNG at `path` within the tolerances above, or
    /// rewrites the PNG (and fails) when `updateVariable` is set.
    static func compare(_ canvas: Canvas, withGoldenAt path: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment[updateVariable] == "1" {
            try canvas.writePNG(to: path)
            // A run that rewrites the references compared nothing: it must not pass.
            Issue.record("rewrote \(path); run again without \(updateVariable) to compare", sourceLocation: sourceLocation)
            return
        }
        let golden = try Canvas.readPNG(from: path)
        try #require(golden.width == canvas.width && golden.height == canvas.height,
                     "golden \(golden.width)×\(golden.height), rendered \(canvas.width)×\(canvas.height)",
                     sourceLocation: sourceLocation)
        var loose = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where !canvas.components(x: x, y: y)
                .isClose(to: golden.components(x: x, y: y), tolerance: channelTolerance) {
                loose += 1
            }
        }
        let allowed = Int(Double(canvas.width * canvas.height) * looseFraction)
        #expect(loose <= allowed, "\(loose) pixels differ from \(path) (at most \(allowed) may)",
                sourceLocation: sourceLocation)
    }

    @Test func everyGoldenImageBelongsToAnExampleScene() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path).filter { $0.hasSuffix(".png") }
        let expected = Self.scenes.flatMap { [Self.goldenName($0, overlay: false), Self.goldenName($0, overlay: true)] }
        #expect(files.sorted() == expected.sorted())
    }
}
