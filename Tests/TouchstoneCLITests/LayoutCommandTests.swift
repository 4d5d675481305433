import Foundation
import Testing

/// A scene file in the temporary folder for the length of a test.
private struct TemporaryScene {
    let path: String

    init(_ text: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-layout-\(UUID()).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A toolbar whose `zoom` button is 4 % of the content width: 50 pt in landscape, 31 pt in portrait.
private let toolbar = """
{"size": [1280, 800],
 "root": {"name": "root", "layout": {"direction": "row", "padding": 16, "gap": 8, "alignItems": "flex-start"},
  "children": [
    {"name": "back", "kind": "button", "label": "Back", "width": 96, "height": 48},
    {"name": "zoom", "kind": "button", "label": "+", "width": "4%", "height": 48},
    {"name": "title", "kind": "text", "text": "Checkout", "grow": 1}
  ]}}
"""

/// `touchstone layout`, `--size` on replay, render and audit, and `audit --sizes` (behaviour.md §15.1).
@Suite struct LayoutCommandTests {
    @Test func layoutPrintsAnIndentedTreeOfFramesAtTheScenesSize() throws {
        let scene = try TemporaryScene(toolbar)
        defer { scene.remove() }
        let run = try CLIRun(["layout", scene.path])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout == """
        root  0, 0, 1280 × 800
          back  16, 16, 96 × 48
          zoom  120, 16, 50 × 48
          title  178, 16, 1086 × 19

        """)
    }

    @Test func layoutJSONIsOneLinePerNodeDepthFirstAtTheGivenSize() throws {
        let scene = try TemporaryScene(toolbar)
        defer { scene.remove() }
        let run = try CLIRun(["layout", scene.path, "--json", "--size", "800x1280"])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout == """
        {"node": "root", "frame": [0, 0, 800, 1280]}
        {"node": "back", "frame": [16, 16, 96, 48]}
        {"node": "zoom", "frame": [120, 16, 31, 48]}
        {"node": "title", "frame": [159, 16, 625, 19]}

        """)
    }

    @Test func theCheckoutExampleReflowsFromLandscapeToPortrait() throws {
        func frames(_ size: String) throws -> [String: String] {
            let run = try CLIRun(["layout", "examples/checkout/scene.json", "--json", "--size", size])
            #expect(run.status == 0)
            var result: [String: String] = [:]
            for line in run.stdout.split(separator: "\n") {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                let name = try #require(object?["node"] as? String)
                result[name] = "\(try #require(object?["frame"] as? [Int]))"
            }
            return result
        }
        let landscape = try frames("1280x800"), portrait = try frames("800x1280")
        // Side by side in landscape; the summary wraps under the items in portrait.
        #expect(landscape["items"] == "[16, 16, 795, 600]" && landscape["summary"] == "[827, 16, 437, 600]")
        #expect(portrait["items"] == "[16, 16, 768, 613]" && portrait["summary"] == "[16, 645, 768, 451]")
        #expect(landscape["pay"] == "[1056, 16, 200, 64]" && portrait["pay"] == "[576, 16, 200, 64]")
        #expect(landscape["footer"] == "[0, 704, 1280, 96]" && portrait["footer"] == "[0, 1184, 800, 96]")
    }

    @Test func theRightToLeftCheckoutMirrorsTheRows() throws {
        let run = try CLIRun(["layout", "examples/checkout-rtl/scene.json"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map { String($0) }
        #expect(lines.contains("    help  24, 12, 96 × 48"))
        #expect(lines.contains("    cancel  1136, 16, 120 × 64"))
        #expect(lines.contains("    pay  24, 16, 200 × 64"))
    }

    @Test func aBadSizeIsABadArgument() throws {
        for size in ["12", "0x5", "800x", "20000x10", "axb"] {
            let run = try CLIRun(["layout", "examples/checkout/scene.json", "--size", size])
            #expect(run.status == 2, "\(size)")
            #expect(run.stdout == "")
        }
        let run = try CLIRun(["layout", "examples/checkout/scene.json", "--size", "0x5"])
        #expect(run.stderr.contains("The value '0x5' is invalid for '--size <size>': width and height must be more than 0 and at most 16384 points"))
    }

    @Test func aMisplacedFrameIsABadSceneWithItsFileAndLine() throws {
        let scene = try TemporaryScene("""
        {"size": [200, 100], "root": {"name": "root", "layout": {}, "children": [
          {"name": "a", "frame": [0, 0, 10, 10]}]}}
        """)
        defer { scene.remove() }
        let run = try CLIRun(["layout", scene.path])
        #expect(run.status == 2 && run.stdout == "")
        #expect(run.stderr == "touchstone: error: \(scene.path):2: root.children[0].frame: its parent's 'layout' places this node; remove 'frame' (size it with width, height, grow, ...)\n")
    }

    @Test func replayLaysTheSceneOutAtTheGivenSizeBeforeTheFirstEvent() throws {
        // The portrait Pay button: footer at y 1184, the button at 576, 16 in it.
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-pay-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: input) }
        try """
        {"t":0,"type":"touch.down","id":1,"x":676,"y":1232}
        {"t":0,"type":"touch.frame"}
        {"t":40,"type":"touch.up","id":1}
        {"t":40,"type":"touch.frame"}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CLIRun(["replay", "examples/checkout/scene.json", input, "--size", "800x1280"])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout == """
        {"t":0,"node":"pay","event":"touchDown","touch":1,"x":100.0,"y":32.0}
        {"t":40,"node":"pay","event":"touchUpInside","touch":1,"x":100.0,"y":32.0}
        {"t":40,"node":"pay","event":"primaryActionTriggered","touch":1,"x":100.0,"y":32.0}

        """)
        // At the scene's own size the same point is in the items' empty space.
        #expect(try CLIRun(["replay", "examples/checkout/scene.json", input]).stdout == "")
    }

    @Test func renderAtASizeWritesAnImageOfThatSize() throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let run = try CLIRun(["render", "examples/checkout/scene.json", "--size", "800x1280", "--png", png])
        #expect(run.status == 0 && run.stderr == "")
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)).prefix(24))
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 800 && height == 1280)
        let tooLarge = try CLIRun(["render", "examples/checkout/scene.json", "--size", "16000x1000", "--scale", "2", "--png", png])
        #expect(tooLarge.status == 2)
    }

    @Test func auditSizesFindsAControlThatShrinksBelowTheMinimumAtOneSizeOnly() throws {
        let scene = try TemporaryScene(toolbar)
        defer { scene.remove() }
        let run = try CLIRun(["audit", scene.path, "--sizes", "1280x800,800x1280"])
        #expect(run.status == 3 && run.stderr == "")
        #expect(run.stdout == """
        Tappable-area audit at 2 sizes (1280×800, 800×1280): 2 controls, minimum 44 pt
        CONTROL  KIND    SIZES     FINDING
        zoom     button  800×1280  undersized 31 × 48 pt (fails Apple HIG 44 pt, Material 48 dp)
        1 finding in 1 of 2 controls, at 1 of 2 sizes

        """)
        let json = try CLIRun(["audit", scene.path, "--size", "1280x800", "--size", "800x1280", "--json"])
        #expect(json.status == 3)
        #expect(json.stdout == """
        {
          "minimumSize": 44,
          "sizes": ["1280x800", "800x1280"],
          "findingCount": 1,
          "findings": [
            {
              "control": "zoom",
              "kind": "button",
              "finding": "undersized",
              "detail": "undersized 31 × 48 pt (fails Apple HIG 44 pt, Material 48 dp)",
              "sizes": ["800x1280"]
            }
          ],
          "textNotes": []
        }

        """)
    }

    @Test func auditAtOneSizeIsTheUsualReportAtThatSize() throws {
        let scene = try TemporaryScene(toolbar)
        defer { scene.remove() }
        let landscape = try CLIRun(["audit", scene.path])
        #expect(landscape.status == 0 && landscape.stdout.hasSuffix("no findings\n"))
        let portrait = try CLIRun(["audit", scene.path, "--size", "800x1280"])
        #expect(portrait.status == 3)
        #expect(portrait.stdout == """
        Tappable-area audit: 2 controls, minimum 44 pt
        CONTROL  KIND    TAPPABLE (x, y, w × h)  FINDINGS
        back     button  16, 16, 96 × 48         ok
        zoom     button  120, 16, 31 × 48        undersized 31 × 48 pt (fails Apple HIG 44 pt, Material 48 dp)
        1 finding in 1 of 2 controls

        """)
    }

    @Test func theCheckoutExamplesAreCleanAtBothSizes() throws {
        for example in ["checkout", "checkout-rtl"] {
            let run = try CLIRun(["audit", "examples/\(example)/scene.json", "--sizes", "1280x800,800x1280"])
            #expect(run.status == 0, "\(example)")
            #expect(run.stdout.hasSuffix("no findings at any size\n"), "\(example)")
        }
    }
}
