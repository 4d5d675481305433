import Foundation
import Testing

/// `replay`, `touch-test --replay` and `import` with device recordings (behaviour.md §18).
@Suite struct RecordingCommandTests {
    /// A two-finger evemu recording on a 3200 × 2000 panel: a tap at the padded button's
    /// centre, then a second finger that lands and lifts while the first moves.
    static let evemu = """
    # EVEMU 1.3
    N: Test Panel
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 60 02
    A: 2f 0 9 0 0 0
    A: 35 0 3199 0 0 0
    A: 36 0 1999 0 0 0
    A: 39 0 65535 0 0 0
    E: 5.000000 0003 002f 0000
    E: 5.000000 0003 0039 0007
    E: 5.000000 0003 0035 1600
    E: 5.000000 0003 0036 1000
    E: 5.000000 0000 0000 0000
    E: 5.060500 0003 0039 -001
    E: 5.060500 0000 0000 0000
    E: 5.500000 0003 0039 0008
    E: 5.500000 0003 0035 0100
    E: 5.500000 0000 0000 0000
    E: 5.510000 0003 002f 0001
    E: 5.510000 0003 0039 0009
    E: 5.510000 0003 0035 3000
    E: 5.510000 0003 0036 1900
    E: 5.510000 0003 002f 0000
    E: 5.510000 0003 0035 0200
    E: 5.510000 0000 0000 0000
    E: 5.520000 0003 002f 0001
    E: 5.520000 0003 0039 -001
    E: 5.520000 0003 002f 0000
    E: 5.520000 0003 0039 -001
    E: 5.520000 0000 0000 0000

    """

    @Test func importWritesTheScriptAndReplayOfTheRecordingEqualsReplayOfIt() throws {
        let folder = try ScratchFolder()
        let recording = try folder.write("tap.evemu", Self.evemu)
        let imported = try CLIRun(["import", recording, "--size", "320x200"])
        #expect(imported.stderr == "")
        #expect(imported.status == 0)
        #expect(imported.stdout == """
        {"t":0,"type":"touch.down","id":0,"x":160.0,"y":100.0}
        {"t":0,"type":"touch.frame"}
        {"t":60,"type":"touch.up","id":0}
        {"t":60,"type":"touch.frame"}
        {"t":500,"type":"touch.down","id":0,"x":10.0,"y":100.0}
        {"t":500,"type":"touch.frame"}
        {"t":510,"type":"touch.motion","id":0,"x":20.0,"y":100.0}
        {"t":510,"type":"touch.down","id":1,"x":300.0,"y":190.0}
        {"t":510,"type":"touch.frame"}
        {"t":520,"type":"touch.up","id":0}
        {"t":520,"type":"touch.up","id":1}
        {"t":520,"type":"touch.frame"}

        """)
        let script = try folder.write("tap.jsonl", imported.stdout)
        let fromRecording = try CLIRun(["replay", "examples/padded-button/scene.json", recording])
        let fromScript = try CLIRun(["replay", "examples/padded-button/scene.json", script])
        #expect(fromRecording.status == 0)
        #expect(fromRecording.stdout.contains(#""node":"play","event":"touchUpInside""#))
        #expect(fromRecording.stdout == fromScript.stdout)
    }

    @Test func importWithoutSizeKeepsDeviceUnitsAndRotates() throws {
        let folder = try ScratchFolder()
        let recording = try folder.write("tap.evemu", Self.evemu)
        let units = try CLIRun(["import", recording])
        #expect(units.stdout.hasPrefix(#"{"t":0,"type":"touch.down","id":0,"x":1600.0,"y":1000.0}"#))
        // 90° clockwise of normalized (0.5, 0.5) is (0.5, 0.5); of the second tap's (100, 1000): (1 − 0.5, 100/3200).
        let rotated = try CLIRun(["import", recording, "--size", "320x200", "--rotate", "90"])
        #expect(rotated.stdout.contains(#"{"t":500,"type":"touch.down","id":0,"x":160.0,"y":6.25}"#))
    }

    @Test func touchTestReplaysARecordingOntoItsSize() throws {
        let folder = try ScratchFolder()
        let recording = try folder.write("tap.evemu", Self.evemu)
        let run = try CLIRun(["touch-test", "--replay", recording, "--size", "320x200", "--report", folder.file("report.json")])
        #expect(run.stderr == "")
        #expect(run.status == 0)
        let report = try String(contentsOfFile: folder.file("report.json"), encoding: .utf8)
        #expect(report.contains(#""maxSimultaneousTouches":2,"#))
        #expect(report.contains(#""touchCount":3,"#))
    }

    @Test func badRecordingsExitTwoWithOneLine() throws {
        let folder = try ScratchFolder()
        let touchpad = try folder.write("pad.evemu", """
        N: Synaptics TM3053
        P: 01 00 00 00 00 00 00 00
        B: 03 00 00 00 00 00 80 60 02
        A: 2f 0 4 0 0 0
        A: 35 0 3199 0 0 0
        A: 36 0 1999 0 0 0
        E: 0.000000 0000 0000 0000

        """)
        let run = try CLIRun(["replay", "examples/padded-button/scene.json", touchpad])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: \(touchpad):1: no touchscreen in the recording: device 0 'Synaptics TM3053' is a touchpad (INPUT_PROP_POINTER)\n")
        let script = try CLIRun(["import", "examples/padded-button/input.jsonl"])
        #expect(script.status == 2)
        #expect(script.stderr == "touchstone: error: examples/padded-button/input.jsonl:1: not a device recording (libinput record YAML or an evemu recording)\n")
        let rotation = try CLIRun(["import", touchpad, "--rotate", "45"])
        #expect(rotation.status == 2)
        #expect(rotation.stderr.contains("--rotate must be 0, 90, 180 or 270"))
    }
}
