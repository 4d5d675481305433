import Foundation
import Testing
import NodeCore
import SceneFormat
import Session

// A replay paints nothing between events, so its window records no invalidations
// (`Window.recordsInvalidations`): these tests pin that the event log does not depend on it.

/// Every example's scene and its input script played `copies` times over, each copy after
/// the previous one's end (lists keep scrolling, rows keep being made over).
private func exampleRun(_ name: String, copies: Int) throws -> (Scene, [TimedInputEvent]) {
    let folder = CLIRun.packageRoot.appendingPathComponent("examples")
    let sceneBytes = try Data(contentsOf: folder.appendingPathComponent("\(name)/scene.json"))
    let scriptBytes = try Data(contentsOf: folder.appendingPathComponent("\(name)/input.jsonl"))
    let scene = try SceneDecoder.decode(Array(sceneBytes), file: name)
    let script = try InputScript.decode(Array(scriptBytes), file: name)
    let span = (script.last?.time ?? 0) + 1000
    let events = (0 ..< copies).flatMap { copy in
        script.map { TimedInputEvent(time: $0.time + Double(copy) * span, event: $0.event) }
    }
    return (scene, events)
}

private func logLines(_ name: String, recordsInvalidations: Bool) throws -> (lines: [String], damaged: Bool) {
    let (scene, events) = try exampleRun(name, copies: 12)
    var lines: [String] = []
    let replay = Replay(scene: scene, recordsInvalidations: recordsInvalidations) { lines.append($0.line) }
    replay.play(events)
    return (lines, !replay.window.takeInvalidations().isEmpty)
}

@Suite struct ReplayDamageTests {
    @Test(arguments: ReplayCommandTests.examples)
    func aReplayRecordingNoDamageLogsWhatOneRecordingItLogs(example: String) throws {
        let plain = try logLines(example, recordsInvalidations: true)
        let fast = try logLines(example, recordsInvalidations: false)
        #expect(plain.lines.count > 12)
        #expect(fast.lines == plain.lines)
        #expect(plain.damaged && !fast.damaged)
    }
}
