import Foundation
import NodeCore
import Render
import DiagnosticsPainting
import Testing

/// The pointer-location HUD and touch inspector as `replay --png --pointer-location` paints
/// them over this scene: a button "play" at (100, 80, 80, 40) with a 30 pt drag tolerance,
/// so its tracking rectangle is (70, 50, 140, 100) and its right edge x = 210.
let inspectorScene = """
{ "size": [320, 240], "background": "#FFFFFF",
  "root": { "name": "root", "frame": [0, 0, 320, 240], "children": [
    { "name": "play", "kind": "button", "frame": [100, 80, 80, 40], "dragTolerance": 30,
      "color": "#5AC8FA", "highlightedColor": "#007AFF", "label": "Play" } ] } }
"""

@Suite struct PointerLocationReplayTests {
    let white = PixelComponents(alpha: 255, red: 255, green: 255, blue: 255)

    private func over(_ color: Color, on background: PixelComponents) -> PixelComponents {
        let a = color.alpha
        func mix(_ c: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(c) * a + Double(b) * (1 - a)).rounded()) }
        return PixelComponents(alpha: 255, red: mix(color.red, background.red), green: mix(color.green, background.green),
                               blue: mix(color.blue, background.blue))
    }

    /// Finger 1 down at (140, 100), to (160, 130), then to x = `lastX`, y = 100, still down.
    private func drag(to lastX: Double, extra: [String] = []) -> [String] {
        [#"{"t":0,"type":"touch.down","id":1,"x":140,"y":100}"#, #"{"t":0,"type":"touch.frame"}"#,
         #"{"t":16,"type":"touch.motion","id":1,"x":160,"y":130}"#, #"{"t":16,"type":"touch.frame"}"#,
         #"{"t":32,"type":"touch.motion","id":1,"x":\#(lastX),"y":100}"#, #"{"t":32,"type":"touch.frame"}"#] + extra
    }

    private func render(_ lines: [String], _ arguments: [String] = ["--pointer-location"]) throws -> Canvas {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-hud-\(UUID())").path
        let scene = base + ".json", script = base + ".input.jsonl", png = base + ".png"
        defer { for file in [scene, script, png] { try? FileManager.default.removeItem(atPath: file) } }
        try inspectorScene.write(toFile: scene, atomically: true, encoding: .utf8)
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try CLIRun(["replay", scene, script, "--png", png] + arguments)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try Canvas.readPNG(from: png)
    }

    @Test func theTrackingRectangleIsGreenJustInsideTheToleranceAndRedAtIt() throws {
        let inside = try render(drag(to: 209.999))
        let outside = try render(drag(to: 210))
        let green = PixelComponents(premultiplying: DiagnosticsStyle.trackingInsideColor)
        let red = PixelComponents(premultiplying: DiagnosticsStyle.trackingOutsideColor)
        // The outline is 2 pt inside the rectangle's edges: left edge at x 70–71, top at y 50–51.
        for (x, y) in [(70, 70), (71, 130), (140, 50), (140, 51), (150, 148), (100, 148), (100, 149)] {
            #expect(inside.components(x: x, y: y) == green, "(\(x), \(y))")
            #expect(outside.components(x: x, y: y) == red, "(\(x), \(y))")
        }
        // The crosshair lies over the outline's right edge (x 208–209): its core at 209, then 210.
        #expect(inside.components(x: 209, y: 140) == PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1))))
        #expect(outside.components(x: 209, y: 140) == PixelComponents(premultiplying: DiagnosticsStyle.crosshairEdgeColor))
        // Just outside the rectangle: the scene.
        #expect(inside.components(x: 69, y: 70) == white)
        #expect(inside.components(x: 140, y: 49) == white)
    }

    @Test func crosshairsPathBarAndLabelAtKnownPoints() throws {
        let image = try render(drag(to: 200))
        let finger = PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1)))
        // Crosshair through (200, 100): the core column 200 and row 100, an opaque dark band
        // beside them, the same over the white background and over the button.
        let edge = PixelComponents(premultiplying: DiagnosticsStyle.crosshairEdgeColor)
        #expect(image.components(x: 200, y: 200) == finger)
        #expect(image.components(x: 300, y: 100) == finger)
        #expect(image.components(x: 199, y: 200) == edge)
        #expect(image.components(x: 201, y: 200) == edge)
        #expect(image.components(x: 300, y: 101) == edge)
        #expect(image.components(x: 110, y: 99) == edge)
        #expect(image.components(x: 110, y: 101) == edge)
        #expect(image.components(x: 110, y: 100) == finger)
        #expect(image.components(x: 203, y: 200) == white)
        // The path: a point of the segment (140, 100) → (160, 130) below the button, and its dark edge.
        #expect(image.components(x: 156, y: 124) == finger)
        #expect(image.components(x: 150, y: 123) == white)
        // The bar across the top, dark at the right end (no text there).
        #expect(image.components(x: 318, y: 2) == over(DiagnosticsStyle.boxColor, on: white))
        #expect(image.components(x: 318, y: 22) == white)
        // The inspector's label box beside the touch, at (200, 100) + (26, 8), opaque.
        #expect(image.components(x: 227, y: 109) == PixelComponents(premultiplying: DiagnosticsStyle.labelBoxColor))
    }

    @Test func thePKeyTogglesTheHUDAndCClearsThePaths() throws {
        let p = [#"{"t":40,"type":"key","key":"p","state":"pressed"}"#]
        let toggledOn = try render(drag(to: 200, extra: p), [])
        #expect(toggledOn.components(x: 200, y: 200) == PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1))))
        let toggledOff = try render(drag(to: 200, extra: p))
        #expect(toggledOff.components(x: 200, y: 200) == white)
        let cleared = try render(drag(to: 200, extra: [#"{"t":40,"type":"key","key":"c","state":"pressed"}"#]))
        #expect(cleared.components(x: 156, y: 124) == white)
        #expect(cleared.components(x: 200, y: 200) != white)
    }

    /// A crosshair runs through the middle of the whole point its touch lies in, at every
    /// scale (here 1.5: the point (160, 100) is pixels 240–241 and rows 150–151), and its
    /// vertical line starts below the bar; its horizontal line lies over the vertical one.
    @Test func crosshairsSnapToWholePointsAndStopAtTheBar() throws {
        let image = try render(drag(to: 160.9), ["--pointer-location", "--scale", "1.5"])
        let finger = PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1)))
        let edge = PixelComponents(premultiplying: DiagnosticsStyle.crosshairEdgeColor)
        #expect(image.components(x: 239, y: 60) == edge)
        #expect(image.components(x: 240, y: 60) == finger)
        #expect(image.components(x: 241, y: 60) == finger)
        #expect(image.components(x: 242, y: 60) == edge)
        #expect(image.components(x: 30, y: 150) == finger)
        #expect(image.components(x: 30, y: 152) == edge)
        #expect(image.components(x: 240, y: 152) == edge, "the horizontal band over the vertical core")
        let barBottom = Int(DiagnosticsStyle.barHeight * 1.5)
        #expect(image.components(x: 240, y: barBottom - 1) != finger && image.components(x: 240, y: barBottom - 1) != edge)
        #expect(image.components(x: 240, y: barBottom) == finger)
    }

    @Test func theHUDScalesWithTheBuffer() throws {
        let image = try render(drag(to: 200), ["--pointer-location", "--scale", "2"])
        let finger = PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1)))
        // The core line through the middle of the point (200, 200): pixels 400 and 401.
        #expect(image.components(x: 399, y: 400) == PixelComponents(premultiplying: DiagnosticsStyle.crosshairEdgeColor))
        #expect(image.components(x: 400, y: 400) == finger)
        #expect(image.components(x: 401, y: 400) == finger)
        #expect(image.components(x: 402, y: 400) == PixelComponents(premultiplying: DiagnosticsStyle.crosshairEdgeColor))
        #expect(image.components(x: 140, y: 100) == PixelComponents(premultiplying: DiagnosticsStyle.trackingInsideColor))
    }
}
