import Testing
import NodeCore
import SceneFormat
@testable import Session

@Suite struct DemoSceneTests {
    static func replayDemo() throws -> (Replay, [EventLogEntry]) {
        let scene = try SceneDecoder.decode(Array(DemoScene.sceneJSON.utf8), file: DemoScene.sceneFileName)
        let script = try InputScript.decode(Array(DemoScene.scriptJSONL.utf8), file: DemoScene.scriptFileName)
        var log: [EventLogEntry] = []
        let replay = Replay(scene: scene) { log.append($0) }
        for event in script { replay.dispatcher.handle(event) }
        return (replay, log)
    }

    @Test func demoScriptExercisesEveryControlKind() throws {
        let (_, log) = try Self.replayDemo()
        let summary = log.map { "\($0.node).\($0.event.name)" }
        #expect(summary == [
            "play.touchDown", "play.touchUpInside", "play.primaryActionTriggered",
            "back.touchDown", "back.touchUpInside", "back.primaryActionTriggered",
            "volume.touchDown", "volume.valueChanged", "volume.touchDragInside", "volume.valueChanged",
            "volume.touchDragInside", "volume.valueChanged", "volume.touchUpInside",
            "mute.touchDown", "mute.touchUpInside", "mute.valueChanged",
            "over.touchDown", "over.touchUpInside", "over.primaryActionTriggered",
            "play.touchDown", "play.touchDragOutside", "play.touchDragExit", "play.touchUpOutside",
            "under.touchDown",
        ])
    }

    @Test func demoEndsWithAFingerDownOnAHighlightedControl() throws {
        let (replay, _) = try Self.replayDemo()
        let under = try #require(replay.window.root.node(named: "under") as? ControlNode)
        #expect(under.isHighlighted && under.isTracking)
        #expect(replay.window.activeTouches.map(\.id) == [.finger(7)])
    }
}
