import Foundation
import Render
import DiagnosticsPainting
import Testing

@Suite struct TouchTestReplayTests {
    private func withFiles(_ lines: [String], _ body: (_ script: String, _ report: String, _ png: String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-touchtest-\(UUID())").path
        let script = base + ".input.jsonl", report = base + ".json", png = base + ".png"
        defer { for f in [script, report, png] { try? FileManager.default.removeItem(atPath: f) } }
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        try body(script, report, png)
    }

    private let diagonal = [
        #"{"t":0,"type":"touch.down","id":0,"x":10,"y":10}"#, #"{"t":0,"type":"touch.frame"}"#,
        #"{"t":10,"type":"touch.motion","id":0,"x":50,"y":50}"#, #"{"t":10,"type":"touch.frame"}"#,
        #"{"t":20,"type":"touch.down","id":1,"x":70,"y":10}"#, #"{"t":20,"type":"touch.frame"}"#,
        #"{"t":25,"type":"touch.up","id":1}"#, #"{"t":25,"type":"touch.frame"}"#,
        #"{"t":60,"type":"touch.up","id":0}"#,
        #"{"t":70,"type":"key","key":"q","state":"pressed"}"#,
        #"{"t":80,"type":"touch.down","id":2,"x":70,"y":50}"#,
    ]

    @Test func replayWritesTheReportAndTheCoverageImage() throws {
        try withFiles(diagonal) { script, report, png in
            let run = try CLIRun(["touch-test", "--replay", script, "--size", "80x60", "--report", report, "--png", png])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let json = try String(contentsOfFile: report, encoding: .utf8)
            #expect(json.contains(#""filledCells":4,"#))
            #expect(json.contains(#""maxSimultaneousTouches":2,"#))
            #expect(json.contains(#""ghostTouches":["# + "\n" + #"    {"id":1,"down":20.0,"durationMs":5.0,"x":70.0,"y":10.0}"#))
            #expect(!json.contains(#""id":2"#))  // after q
            let image = try Canvas.readPNG(from: png)
            #expect(image.width == 80 && image.height == 60)
            let filled = PixelComponents(premultiplying: DiagnosticsStyle.filledCellColor)
            let empty = PixelComponents(premultiplying: DiagnosticsStyle.emptyCellColor)
            let line = PixelComponents(premultiplying: DiagnosticsStyle.gridLineColor)
            // The diagonal (10, 10) → (50, 50) fills cells (0, 0), (1, 1), (2, 2); finger 1 cell (3, 0).
            for (x, y) in [(10, 10), (30, 30), (50, 50), (70, 10)] { #expect(image.components(x: x, y: y) == filled, "(\(x), \(y))") }
            for (x, y) in [(30, 10), (10, 30), (50, 10), (70, 50)] { #expect(image.components(x: x, y: y) == empty, "(\(x), \(y))") }
            #expect(image.components(x: 20, y: 25) == line)
            #expect(image.components(x: 25, y: 40) == line)
        }
    }

    @Test func replayingTwiceGivesIdenticalFiles() throws {
        try withFiles(diagonal) { script, report, png in
            _ = try CLIRun(["touch-test", "--replay", script, "--report", report, "--png", png])
            let first = (try Data(contentsOf: URL(fileURLWithPath: report)), try Data(contentsOf: URL(fileURLWithPath: png)))
            _ = try CLIRun(["touch-test", "--replay", script, "--report", report, "--png", png])
            #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == first.0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == first.1)
        }
    }

    @Test func badArgumentsExitWithStatus2() throws {
        #expect(try CLIRun(["touch-test", "--replay", "x.jsonl", "--cell", "0"]).status == 2)
        #expect(try CLIRun(["touch-test", "--size", "80by60"]).status == 2)
        #expect(try CLIRun(["touch-test", "--replay", "/nonexistent.jsonl"]).status == 2)
    }
}
