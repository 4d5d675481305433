import Foundation
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// Copy, cut and paste through weston's clipboard (behaviour.md §16.7), with real seat keys:
/// between two fields of one window, out to another owner (the harness reads the
/// selection) and in from one (the harness owns it), and the recording replays it.
@Suite(.serialized) struct ClipboardLiveTests {
    static let scene = """
    { "size": [320, 200], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 320, 200], "children": [
        { "name": "from", "kind": "textField", "frame": [20, 10, 280, 40], "text": "copy me" },
        { "name": "to", "kind": "textField", "frame": [20, 60, 280, 40] },
        { "name": "pin", "kind": "textField", "frame": [20, 110, 280, 40], "text": "1234", "secure": true,
          "contentType": "pin" } ] } }
    """

    /// Taps the field whose frame starts at `y` (near its left edge).
    private func tap(y: Double, in live: LiveClient) throws {
        try live.injectAndWaitForFrame([.down(1, 60, y + 20), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
    }

    /// Presses `key` with Control held, as a keyboard does: Control_L down, the key, Control_L up.
    private func control(_ key: String, in live: LiveClient) throws {
        try live.inject([.key("Control_L", pressed: true), .key(key, pressed: true), .key(key, pressed: false),
                         .key("Control_L", pressed: false)])
    }

    /// The editingChanged entries so far, once at least `count` came (a paste arrives
    /// after the pipe is read, a loop turn or more after its key).
    private func changes(atLeast count: Int, in live: LiveClient) throws -> [EventLogEntry] {
        var found: [EventLogEntry] = []
        for _ in 0 ..< 50 {
            found = try live.events().filter { $0.event == .control(.editingChanged) }
            if found.count >= count { break }
            // A round trip with the client before the next look: it has run its loop since.
            _ = live.waitUntilIdle()
        }
        return found
    }

    @Test func copyFromOneFieldPastesIntoAnotherAndTheRecordingReplaysIt() throws {
        let live = try LiveClient(scene: Self.scene)
        try tap(y: 10, in: live)
        try control("a", in: live)
        try control("c", in: live)
        // The copy is weston's selection (once the client handled the keys): another
        // client reads the field's text.
        #expect(live.waitUntilIdle())
        #expect(try live.weston.selection() == Array("copy me".utf8))

        try tap(y: 60, in: live)
        try control("v", in: live)
        let pasted = try changes(atLeast: 1, in: live)
        #expect(pasted.map(\.node) == ["to"])
        #expect(pasted.first?.text == "copy me")
        #expect(pasted.first?.caret == 7)
        // The recording holds the pasted text as input, so replay needs no clipboard.
        let recording = try String(contentsOf: live.recordFile, encoding: .utf8)
        #expect(recording.contains(#""type":"text.paste","text":"copy me"}"#))
        try live.inject([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.replayRecording() == (try String(contentsOf: live.eventsFile, encoding: .utf8)))
        #expect(try live.quit() == 0)
    }

    @Test func aPasteFromAnotherOwnerDecodesInvalidUTF8AndDropsControls() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.weston.setSelection(Array("Grüße\n".utf8) + [0x41, 0xFF, 0x42, 0x00, 0x09, 0x43])
        try tap(y: 60, in: live)
        try control("v", in: live)
        let pasted = try changes(atLeast: 1, in: live)
        #expect(pasted.first?.text == "Grüße A\u{FFFD}B C")
        try live.inject([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.replayRecording() == (try String(contentsOf: live.eventsFile, encoding: .utf8)))
        #expect(try live.quit() == 0)
    }

    @Test func aSecureFieldNeverReachesTheSelection() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.weston.setSelection(Array("before".utf8))
        try tap(y: 110, in: live)
        try control("a", in: live)
        try control("c", in: live)
        try control("x", in: live)
        // Ctrl+A, C, X changed nothing: the selection is still the harness's, the text whole.
        #expect(try live.events().filter { $0.event == .control(.editingChanged) }.isEmpty)
        #expect(try live.weston.selection() == Array("before".utf8))
        try live.inject([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.quit() == 0)
    }

    @Test func aSelectionLargerThanTheLimitPastesNothingAndTheFieldStillTypes() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.weston.setSelection(size: (1 << 20) + 1)
        try tap(y: 60, in: live)
        try control("v", in: live)
        try live.injectAndWaitForFrame([.key("k", pressed: true), .key("k", pressed: false)])
        let typed = try changes(atLeast: 1, in: live)
        #expect(typed.map(\.text) == ["k"])
        #expect(live.clientLog().contains("paste: the clipboard holds more than 1048576 bytes; nothing pasted"))
        try live.inject([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.quit() == 0)
    }

    @Test func anOwnerThatNeverFinishesDoesNotStopTheLoopAndThePasteGivesUp() throws {
        let live = try LiveClient(scene: Self.scene)
        try live.weston.setStalledSelection()
        try tap(y: 60, in: live)
        try control("v", in: live)
        // The loop goes on while the paste waits: typing shows at once.
        try live.injectAndWaitForFrame([.key("k", pressed: true), .key("k", pressed: false)])
        #expect(try changes(atLeast: 1, in: live).map(\.text) == ["k"])
        // After the timeout the paste gives up with one line; nothing was pasted.
        let gaveUp = (try? Polling.until("the paste to give up", timeout: 10) { () -> Bool? in
            _ = live.waitUntilIdle()
            return live.clientLog().contains("paste: the clipboard's owner sent no end within 2.0 seconds; nothing pasted") ? true : nil
        }) ?? false
        #expect(gaveUp, "\(live.clientLog())")
        #expect(try live.events().filter { $0.event == .control(.editingChanged) }.map(\.text) == ["k"])
        try live.inject([.key("Escape", pressed: true), .key("Escape", pressed: false)])
        #expect(try live.quit() == 0)
    }
}
