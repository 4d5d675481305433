import Foundation
import SceneFormat
import Session
import Testing
@testable import TouchstoneApp
import WestonHarness

/// Screens of a live app written as `touchstone check` cases (behaviour.md §19.1): the scene,
/// the input recorded from then on and the event log it gave, which replay to each other.
@Suite("Scene export under headless weston", .serialized)
struct SceneExportTests {
    /// A control touchable only in its disc, with a tracking hook: an app's own class.
    final class Disc: ControlNode {
        override func pointInside(_ point: Point) -> Bool {
            let r = bounds.width / 2
            let dx = point.x - bounds.midX, dy = point.y - bounds.midY
            return dx * dx + dy * dy < r * r
        }

        override func beginTracking(_ touch: Touch) -> Bool {
            borderWidth = 4
            return true
        }
    }

    /// A disc in the middle of 300 × 300 (centre (150, 150), radius 60) and a switch below it.
    static func makeRoot() -> Node {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let panel = Node(name: "panel", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        root.addSubnode(panel)
        panel.addSubnode(Disc(name: "round", frame: Rect(x: 90, y: 90, width: 120, height: 120)))
        panel.addSubnode(ToggleNode(name: "wifi", frame: Rect(x: 120, y: 240, width: 60, height: 40)))
        return root
    }

    private static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-export-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// The log `touchstone replay` gives for a case folder's scene and input.
    static func replayLog(of folder: URL) throws -> String {
        let sceneFile = folder.appendingPathComponent("scene.json").path
        let scene = try SceneDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: sceneFile))), file: sceneFile)
        let input = try InputScript.decode(Array(try Data(contentsOf: folder.appendingPathComponent("input.jsonl"))),
                                           file: "input.jsonl")
        var bytes: [UInt8] = []
        let replay = Replay(scene: scene) { entry in
            entry.appendLine(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        replay.play(input)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A tap at (x, y); with `shows`, one that waits for the frames showing its down and its up.
    private func tap(_ weston: HeadlessWeston, id: Int32, x: Double, y: Double, shows: Bool = true) throws {
        let down = try weston.touchDownAndFrame(id: id, x: x, y: y)
        if shows { _ = try weston.waitForCommit(after: down, pid: getpid(), timeout: 10) }
        let up = try weston.touchUp(id: id)
        if shows { _ = try weston.waitForCommit(after: up, pid: getpid(), timeout: 10) }
    }

    private func quit(_ live: AppUnderWeston) throws {
        try live.weston.key(1, pressed: true)   // KEY_ESC quits with the debug keys
        _ = try live.weston.key(1, pressed: false)
        let result = live.waitForExit()
        #expect(result.exited)
        #expect(result.error == nil)
    }

    @Test func anExportFolderGetsTheFirstScreenWhoseRecordingReplaysToTheAppsOwnLog() throws {
        let folder = try Self.folder("option")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = folder.appendingPathComponent("cases")
        let appLog = folder.appendingPathComponent("app-events.jsonl")
        var options = AppOptions(eventLog: .file(appLog.path))
        options.exportDirectory = cases.path
        let live = try AppUnderWeston(width: 300, height: 300, options: options, makeRoot: Self.makeRoot)
        try tap(live.weston, id: 1, x: 96, y: 96, shows: false)   // the disc's square corner: nothing
        try tap(live.weston, id: 2, x: 150, y: 150)    // the disc
        try tap(live.weston, id: 3, x: 150, y: 260)    // the switch
        try quit(live)

        let first = cases.appendingPathComponent("001")
        let log = Self.text(first.appendingPathComponent("events.jsonl"))
        #expect(log == Self.text(appLog))
        #expect(log.contains(#""node":"round","event":"touchUpInside""#))
        #expect(log.contains(#""node":"wifi","event":"valueChanged","touch":3"#))
        #expect(!log.contains(#""touch":1"#), "the corner is outside the disc: \(log)")
        #expect(try Self.replayLog(of: first) == log)
        // Nothing is left but the case's three files.
        let files = try FileManager.default.contentsOfDirectory(atPath: first.path).sorted()
        #expect(files == ["events.jsonl", "input.jsonl", "scene.json"])
    }

    @Test func ctrlShiftEEndsTheCaseAndBeginsOneWithTheScreenAsItIsNow() throws {
        let folder = try Self.folder("key")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = folder.appendingPathComponent("cases")
        var options = AppOptions()
        options.exportDirectory = cases.path
        let live = try AppUnderWeston(width: 300, height: 300, options: options, makeRoot: Self.makeRoot)
        try tap(live.weston, id: 1, x: 150, y: 260)    // the switch goes on
        // Ctrl+Shift+E (KEY_LEFTCTRL 29, KEY_LEFTSHIFT 42, KEY_E 18).
        for code in [29, 42, 18] { _ = try live.weston.key(code, pressed: true) }
        for code in [18, 42, 29] { _ = try live.weston.key(code, pressed: false) }
        try tap(live.weston, id: 2, x: 150, y: 260)    // and off again
        try quit(live)

        let first = cases.appendingPathComponent("001"), second = cases.appendingPathComponent("002")
        let firstLog = Self.text(first.appendingPathComponent("events.jsonl"))
        let secondLog = Self.text(second.appendingPathComponent("events.jsonl"))
        #expect(firstLog.contains(#""node":"wifi","event":"valueChanged","touch":1,"x":30.0,"y":20.0,"value":true"#))
        #expect(!firstLog.contains(#""touch":2"#))
        #expect(secondLog.contains(#""node":"wifi","event":"valueChanged","touch":2,"x":30.0,"y":20.0,"value":false"#))
        #expect(!secondLog.contains(#""touch":1"#))
        // The second screen is the switch as it was at the key: on.
        let scene = try SceneDecoder.decode(Array(try Data(contentsOf: second.appendingPathComponent("scene.json"))), file: "scene.json")
        #expect((scene.root.node(named: "wifi") as? ToggleNode)?.isOn == true)
        #expect(try Self.replayLog(of: first) == firstLog)
        let replayed = try Self.replayLog(of: second)
        #expect(replayed == secondLog, "input: \(Self.text(second.appendingPathComponent("input.jsonl")))")
        // The key's press is the first case's last key event; the second begins after it.
        #expect(Self.text(first.appendingPathComponent("input.jsonl")).contains(#""key":"E","state":"pressed""#))
    }

    @Test func theOptionWinsOverTheEnvironmentWhichOtherwiseNamesTheFolder() {
        var options = AppOptions()
        #expect(SceneExporter.directory(options: options, environment: [:]) == nil)
        #expect(SceneExporter.directory(options: options, environment: ["TOUCHSTONE_EXPORT": ""]) == nil)
        #expect(SceneExporter.directory(options: options, environment: ["TOUCHSTONE_EXPORT": "out"]) == "out")
        options.exportDirectory = "mine"
        #expect(SceneExporter.directory(options: options, environment: ["TOUCHSTONE_EXPORT": "out"]) == "mine")
    }
}
