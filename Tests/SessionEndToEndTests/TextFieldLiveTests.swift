import Foundation
import NodeCore
import Render
import SceneFormat
import Testing
import WestonControl

/// A text field in a live window under headless weston, typed into with real seat keys
/// (behaviour.md §16): the log, the screen and the replayed recording agree.
@Suite(.serialized) struct TextFieldLiveTests {
    static let scene = """
    { "size": [320, 120], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 320, 120], "children": [
        { "name": "field", "kind": "textField", "frame": [20, 20, 280, 48], "color": "#FFFFFF",
          "borderColor": "#000000", "borderWidth": 1, "fontSize": 24, "textColor": "#000000", "placeholder": "Type" },
        { "name": "ok", "kind": "button", "frame": [20, 80, 80, 30], "color": "#0000FF" } ] } }
    """

    /// Presses and releases the key with evdev code `name`'s, then waits for the frame it shows.
    private func type(_ names: [String], into live: LiveClient) throws {
        for name in names {
            try live.injectAndWaitForFrame([.key(name, pressed: true), .key(name, pressed: false)])
        }
    }

    @Test func tapTypeBackSpaceAndReturnAgreeInLogScreenAndReplay() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.injectAndWaitForFrame([.down(1, 100, 44), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        // `d` and `q` type while the field edits: they are not the window's commands.
        try type(["h", "d", "BackSpace", "q", "Return"], into: live)

        let events = try live.events()
        #expect(events.map { "\($0.node).\($0.event.name)" } == [
            "field.touchDown", "field.touchUpInside", "field.editingDidBegin",
            "field.editingChanged", "field.editingChanged", "field.editingChanged", "field.editingChanged",
            "field.primaryActionTriggered", "field.editingDidEndOnExit", "field.editingDidEnd",
        ])
        #expect(events.compactMap(\.text) == ["", "h", "hd", "h", "hq", "hq", "hq"])
        #expect(events.compactMap(\.caret) == [1, 2, 1, 2])

        // The screen shows the text the log reports: the field's pixels are the replay's.
        let shot = try live.screenshot()
        let replayPNG = live.folder.appending(path: "replay.png").path
        let replay = try runTouchstone(["replay", live.sceneFile.path, live.recordFile.path, "--png", replayPNG])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == (try String(contentsOf: live.eventsFile, encoding: .utf8)))
        let expected = try Canvas.readPNG(from: replayPNG)
        var differing = 0, ink = 0
        for y in 20 ..< 68 {
            for x in 20 ..< 300 {
                let live = shot.pixel(x: x, y: y), replayed = expected.components(x: x, y: y)
                if live.r < 128 && x > 30 && x < 290 && y > 22 && y < 66 { ink += 1 }
                if abs(Int(live.r) - Int(replayed.red)) > 2 || abs(Int(live.g) - Int(replayed.green)) > 2
                    || abs(Int(live.b) - Int(replayed.blue)) > 2 { differing += 1 }
            }
        }
        #expect(differing == 0)
        #expect(ink > 40, "the text 'hq' is drawn inside the field")
        #expect(try live.quit() == 0)
    }

    @Test func aHeldKeyRepeatsOnTheSessionClockAndTheRecordingReplaysEveryRepeat() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.injectAndWaitForFrame([.down(1, 100, 44), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        var after = try live.weston.monotonicTime()
        try live.inject([.key("x", pressed: true)])
        // Each repeat changes the text, so it comes with a commit of its own.
        var changes = 0
        for _ in 0 ..< 40 where changes < 4 {
            after = try live.weston.waitForCommit(after: after + 1, pid: live.client.pid, timeout: 10).timestampNanoseconds
            changes = try live.events().filter { $0.event == .control(.editingChanged) }.count
        }
        try live.inject([.key("x", pressed: false)])
        let events = try live.events().filter { $0.event == .control(.editingChanged) }
        #expect(events.count >= 4)
        // The press types at once; the repeats follow 400 ms later, 25 ms apart (weston's repeat_info).
        let times = events.map(\.time)
        #expect(times.count >= 3 && times[1] - times[0] == 400 && times[2] - times[1] == 25)
        // Escape ends editing, so that `q` quits again.
        try live.injectAndWaitForFrame([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.replayRecording() == (try String(contentsOf: live.eventsFile, encoding: .utf8)))
        #expect(try live.quit() == 0)
    }
}
