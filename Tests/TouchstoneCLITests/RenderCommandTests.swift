import Foundation
import Render
import Testing

private func temporaryPNG(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-\(UUID())-\(name).png").path
}

@Suite struct RenderCommandTests {
    @Test func renderWritesAPNGOfTheSceneSize() throws {
        let path = temporaryPNG("render")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", path])
        #expect(run.status == 0 && run.stdout == "" && run.stderr == "")
        let image = try Canvas.readPNG(from: path)
        #expect(image.width == 320 && image.height == 240)
        // The scene's white background in a corner, the "back" button's green inside it.
        #expect(image.components(x: 1, y: 1) == PixelComponents(alpha: 255, red: 255, green: 255, blue: 255))
        #expect(image.components(x: 45, y: 130) == PixelComponents(alpha: 255, red: 0x34, green: 0xC7, blue: 0x59))
    }

    @Test func scaleMultipliesThePixelSize() throws {
        let path = temporaryPNG("scale")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["render", "examples/slider-toggle/scene.json", "--png", path, "--scale", "2"])
        #expect(run.status == 0)
        let image = try Canvas.readPNG(from: path)
        #expect(image.width == 640 && image.height == 400)
    }

    @Test func debugOverlayPaintsTheTappableAreas() throws {
        let plain = temporaryPNG("plain"), overlay = temporaryPNG("overlay")
        defer {
            try? FileManager.default.removeItem(atPath: plain)
            try? FileManager.default.removeItem(atPath: overlay)
        }
        #expect(try CLIRun(["render", "examples/overlap/scene.json", "--png", plain]).status == 0)
        #expect(try CLIRun(["render", "examples/overlap/scene.json", "--png", overlay, "--debug-overlay"]).status == 0)
        // "front" has 10 pt of slop: at (285, 195) there is only white background without the overlay.
        let white = PixelComponents(alpha: 255, red: 255, green: 255, blue: 255)
        #expect(try Canvas.readPNG(from: plain).components(x: 285, y: 195) == white)
        #expect(try Canvas.readPNG(from: overlay).components(x: 285, y: 195)
                .isClose(to: PixelComponents(alpha: 255, red: 153, green: 255, blue: 153)))
    }

    @Test func unsupportedScaleExitsTwo() throws {
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", temporaryPNG("bad"), "--scale", "4.5"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--scale must be 0.25...4, got 4.5"))
    }

    @Test func scaleThatIsNotAWholeNumberOf120thsExitsTwoNamingTheNearest() throws {
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", temporaryPNG("bad"), "--scale", "1.33"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("a scale is a whole number of 1/120 steps (nearest: 1.3333333333333333)"))
        let word = try CLIRun(["render", "examples/overlap/scene.json", "--png", temporaryPNG("bad"), "--scale", "big"])
        #expect(word.status == 2)
        #expect(word.stderr.contains("expected a number such as 1.5 or a fraction such as 4/3"))
    }

    @Test(arguments: [("1.5", 480, 300), ("4/3", 427, 267), ("1.25", 400, 250)])
    func fractionalScaleRoundsThePixelSizeHalfUp(scale: String, width: Int, height: Int) throws {
        let path = temporaryPNG("fractional")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["render", "examples/slider-toggle/scene.json", "--png", path, "--scale", scale])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try Canvas.readPNG(from: path)
        #expect(image.width == width && image.height == height)
    }

    @Test func missingPNGOptionExitsTwo() throws {
        let run = try CLIRun(["render", "examples/overlap/scene.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Missing expected argument '--png <png>'"))
    }

    @Test func missingSceneExitsTwo() throws {
        let run = try CLIRun(["render", "examples/nope/scene.json", "--png", temporaryPNG("none")])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: examples/nope/scene.json: cannot read: no such file\n")
    }

    @Test func unwritablePNGExitsOne() throws {
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", "/nonexistent/dir/out.png"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("touchstone: error: cannot write PNG /nonexistent/dir/out.png"))
    }

    @Test func replayRendersTheFinalFrame() throws {
        let path = temporaryPNG("replay")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["replay", "examples/slider-toggle/scene.json", "examples/slider-toggle/input.jsonl",
                              "--png", path, "--debug-overlay", "--scale", "2"])
        let expected = try String(contentsOf: CLIRun.packageRoot.appendingPathComponent("examples/slider-toggle/events.jsonl"),
                                  encoding: .utf8)
        #expect(run.status == 0 && run.stdout == expected)
        let image = try Canvas.readPNG(from: path)
        #expect(image.width == 640 && image.height == 400)
    }

    @Test func replayWithoutPNGWritesNoImage() throws {
        let run = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--scale", "9"])
        #expect(run.status == 2)
    }
}
