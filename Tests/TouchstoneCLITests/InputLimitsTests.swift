import Foundation
import Render
import SceneFormat
import Testing

@Suite struct InputLimitsTests {
    // Issue 13, item 3.
    @Test func aWindowNoCanvasCanHoldIsRejectedAtLoadWithFileLineAndKey() throws {
        let folder = try ScratchFolder()
        let huge = try folder.write("huge.json", """
        {
          "size": [1e308, 200],
          "root": {"name": "root", "frame": [0, 0, 10, 10]}
        }
        """)
        for command in [["audit", huge], ["render", huge, "--png", folder.file("x.png")]] {
            let run = try CLIRun(command)
            #expect(run.status == 2)
            #expect(run.stderr == "touchstone: error: \(huge):2: size: width and height must be more than 0 and at most 16384 points, got [1e+308, 200]\n")
        }
        let wide = try folder.write("wide.json", """
        {
          "size": [16384, 16384],
          "root": {"name": "root", "frame": [0, 0, 10, 10]}
        }
        """)
        #expect(try CLIRun(["audit", wide]).stderr.contains("wide.json:2: size: [16384, 16384] is 268435456 square points, more than the 67108864"))
        #expect(folder.contents == ["huge.json", "wide.json"])
    }

    @Test func aSceneTooLargeAtTheChosenScaleIsRejectedBeforeAnyWork() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("big.json", """
        {
          "size": [8192, 8192],
          "root": {"name": "root", "frame": [0, 0, 10, 10]}
        }
        """)
        let run = try CLIRun(["render", scene, "--png", folder.file("x.png"), "--scale", "2"])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: \(scene):2: size: 8192 × 8192 points at scale 2 is 16384 × 16384 pixels; an image may be at most 16384 pixels a side and 67108864 pixels in all\n")
        let replay = try CLIRun(["replay", scene, "examples/overlap/input.jsonl", "--png", folder.file("x.png"), "--scale", "3"])
        #expect(replay.status == 2 && replay.stdout == "")
    }

    @Test func coordinatesBeyondTheLimitAreRejectedWithTheirKey() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("far.json", """
        {"size": [100, 100], "root": {"name": "root", "frame": [0, 0, 100, 100], "children": [
          {"name": "b", "kind": "button",
           "frame": [1e12, 0, 10, 10]}]}}
        """)
        let run = try CLIRun(["audit", scene])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: \(scene):3: root.children[0].frame: x 1000000000000 is out of range -1000000000...1000000000\n")
    }

    // Issue 13, item 4.
    @Test func everyEventLogLineIsJSONEvenForHugeCoordinates() throws {
        let folder = try ScratchFolder()
        let script = try folder.write("far.jsonl", """
        {"t":0,"type":"touch.down","id":1,"x":10,"y":10}
        {"t":1,"type":"touch.motion","id":1,"x":1e308,"y":10}
        """)
        let run = try CLIRun(["replay", "examples/overlap/scene.json", script])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: \(script):2: x: 1e+308 is out of range -1000000000...1000000000\n")
        // The writer itself never prints `inf`: the largest finite numbers stay JSON.
        for value in [1e308, -1e308, 1e15, 123_456_789_012.345, Double.greatestFiniteMagnitude] {
            let text = EventLogEntry(time: 0, node: "n", event: .touchDragInside, touch: .finger(1),
                                     location: .init(x: value, y: -value)).line
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect((object?["x"] as? Double) != nil, "\(text)")
        }
    }

    // Issue 13, item 9.
    @Test func idsBeyondInt32ReplayAndTimesBeyond2To53AreRejected() throws {
        let folder = try ScratchFolder()
        let big = try folder.write("ids.jsonl", """
        {"t":1000000000000000,"type":"touch.down","id":3000000000,"x":100,"y":80}
        {"t":1000000000000001,"type":"touch.up","id":3000000000}
        """)
        let run = try CLIRun(["replay", "examples/overlap/scene.json", big])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"t":1000000000000000,"node":"back","event":"touchDown","touch":3000000000,"#))
        #expect(run.stdout.contains(#"{"t":1000000000000001,"node":"back","event":"touchUpInside","touch":3000000000,"#))
        let late = try folder.write("late.jsonl", #"{"t":9007199254740993,"type":"touch.frame"}"#)
        let rejected = try CLIRun(["replay", "examples/overlap/scene.json", late])
        #expect(rejected.status == 2)
        #expect(rejected.stderr == "touchstone: error: \(late):1: t: 9007199254740992 is out of range 0...9007199254740991\n")
        let wrongID = try folder.write("id.jsonl", #"{"t":0,"type":"touch.up","id":1e16}"#)
        #expect(try CLIRun(["replay", "examples/overlap/scene.json", wrongID]).stderr.contains(
            "id: expected a whole number in -9007199254740991...9007199254740991, got 1e+16"))
    }
}
