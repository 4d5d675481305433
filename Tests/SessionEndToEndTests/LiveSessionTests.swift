import Foundation
import NodeCore
import SceneFormat
import Session
import Testing
import WestonHarness

/// A 400×300 scene: a panel whose slop grows it by 10 pt, holding `ok` (slop 20 pt,
/// inside the panel's slop) and `edge` (slop 40 pt, reaching past the panel's slop).
let testScene = """
{ "size": [400, 300], "background": "#FFFFFF",
  "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
    { "name": "panel", "frame": [40, 40, 240, 120], "slop": [-10, -10, -10, -10], "color": "#EEEEEE",
      "children": [
        { "name": "ok", "kind": "button", "frame": [60, 30, 100, 50], "slop": [-20, -20, -20, -20],
          "color": "#0000FF", "highlightedColor": "#FF0000" },
        { "name": "edge", "kind": "button", "frame": [180, 80, 50, 30], "slop": [-40, -40, -40, -40],
          "color": "#00FF00", "highlightedColor": "#FF00FF" }
      ] } ] } }
"""

/// `ok` is at window (100, 70)–(200, 120); its center:
let okCenter = (x: 150.0, y: 95.0)

/// Every test starts its own weston and client; serialized for the 2-core CI machine.
@Suite("Live session under headless weston", .serialized)
struct LiveSessionTests {
    @Test func tapOnAButtonSendsDownUpInsideAndPrimaryAction() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(try live.events().first?.location == Point(x: 50, y: 25))
        #expect(try live.quit() == 0)
    }

    @Test func tapInTheSlopBandHits() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, 85, 55), .touchFrame])   // 15 pt outside ok's bounds
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
    }

    @Test func tapOutsideTheParentsSlopRectMisses() throws {
        let live = try LiveClient(scene: testScene)
        // Inside edge's own slop (to 310, 190) but outside the panel's slop (to 290, 170): nobody is hit.
        try live.inject([.down(1, 300, 180), .touchFrame, .up(1)])
        // A tap that does hit afterwards proves the first one was delivered and missed.
        try live.injectAndWaitForFrame([.down(2, okCenter.x, okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.up(2)])
        #expect(try live.events().map(\.node) == ["ok", "ok", "ok"])
        #expect(try live.events().first?.touch == .finger(2))
    }

    @Test func dragBeyondTheToleranceExitsAndEndsOutside() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        // ok's tracking rect reaches x = 200 + 20 + 70 = 290 (exclusive).
        try live.injectAndWaitForFrame([.move(1, 290, 95), .touchFrame])
        try live.inject([.up(1)])
        try live.injectAndWaitForFrame([.down(2, okCenter.x, okCenter.y), .touchFrame])
        // The second down is a repeat by behaviour.md §3: same node, within 350 ms and 40 pt of the first down.
        #expect(try live.eventSummary() == [
            "ok.touchDown", "ok.touchDragOutside", "ok.touchDragExit", "ok.touchUpOutside",
            "ok.touchDown", "ok.touchDownRepeat",
        ])
    }

    @Test func twoFingersOnOneControlCancel() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.down(2, okCenter.x + 20, okCenter.y), .touchFrame])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchCancel"])
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 0, g: 0, b: 255)))
    }

    @Test func compositorCancelSendsTouchCancelAndLeavesNoHighlight() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 255, g: 0, b: 0)))
        try live.injectAndWaitForFrame([.touchCancel])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchCancel"])
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 0, g: 0, b: 255)))
    }

    @Test func missingFinalFrameLeavesNoStuckHighlight() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        // weston 10 sends no wl_touch.frame after the last up; the client must not wait for one.
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.eventSummary().last == "ok.primaryActionTriggered")
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 0, g: 0, b: 255)))
    }

    @Test func pointerClickBehavesLikeATap() throws {
        let live = try LiveClient(scene: testScene)
        try live.inject([.pointerMotion(location: Point(x: okCenter.x, y: okCenter.y))])
        try live.injectAndWaitForFrame([.pointerButton(.left, pressed: true)])
        try live.injectAndWaitForFrame([.pointerButton(.left, pressed: false)])
        #expect(try live.eventSummary() == ["ok.touchDown", "ok.touchUpInside", "ok.primaryActionTriggered"])
        #expect(try live.events().allSatisfy { $0.touch == .pointer })
    }

    @Test func highlightedColorIsOnScreenOnlyWhileTheFingerIsDown() throws {
        let live = try LiveClient(scene: testScene)
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 0, g: 0, b: 255)))
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 255, g: 0, b: 0)))
        try live.injectAndWaitForFrame([.up(1)])
        #expect(try live.screenshot().pixel(x: 150, y: 95).isClose(to: RGBA(r: 0, g: 0, b: 255)))
    }

    @Test func overlayFillAndEdgeColorsAppearAtTheExpectedPixels() throws {
        let live = try LiveClient(scene: testScene, arguments: ["--debug-overlay"])
        let shot = try live.screenshot()
        // ok's slop band over the panel (#EEEEEE): green 0.4 OVER → (143, 245, 143).
        #expect(shot.pixel(x: 90, y: 95).isClose(to: RGBA(r: 143, g: 245, b: 143)))
        // edge's right side is cut by the panel's slop at x = 290: dark green band (30,90,50,0.7)
        // over the white window background → (98, 140, 112).
        #expect(shot.pixel(x: 288, y: 140).isClose(to: RGBA(r: 98, g: 140, b: 112)))
        // No overlay outside every tappable area.
        #expect(shot.pixel(x: 380, y: 280).isClose(to: RGBA(r: 255, g: 255, b: 255)))
    }

    @Test func dKeyTogglesTheOverlayOnScreen() throws {
        let live = try LiveClient(scene: testScene)
        #expect(try live.screenshot().pixel(x: 90, y: 95).isClose(to: RGBA(r: 238, g: 238, b: 238)))
        try live.injectAndWaitForFrame([.key("d", pressed: true)])
        #expect(try live.screenshot().pixel(x: 90, y: 95).isClose(to: RGBA(r: 143, g: 245, b: 143)))
        try live.inject([.key("d", pressed: false)])
        try live.injectAndWaitForFrame([.key("d", pressed: true)])
        #expect(try live.screenshot().pixel(x: 90, y: 95).isClose(to: RGBA(r: 238, g: 238, b: 238)))
    }

    @Test func recordedSessionReplaysToTheIdenticalEventLog() throws {
        let live = try LiveClient(scene: testScene)
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.move(1, 300, 95), .touchFrame])
        try live.injectAndWaitForFrame([.move(1, 160, 100), .touchFrame])
        try live.injectAndWaitForFrame([.up(1)])
        try live.inject([.pointerMotion(location: Point(x: 120, y: 80))])
        try live.injectAndWaitForFrame([.pointerButton(.left, pressed: true)])
        try live.injectAndWaitForFrame([.pointerButton(.left, pressed: false)])
        #expect(try live.quit() == 0)
        let liveLog = try String(contentsOf: live.eventsFile, encoding: .utf8)
        #expect(liveLog.split(separator: "\n").count == 10)
        #expect(try live.replayRecording() == liveLog)
    }

    @Test func compositorGoingAwayExitsOneWithAClearLine() throws {
        let live = try LiveClient(scene: testScene)
        live.weston.stop()
        #expect(live.client.waitForExit(timeout: 10))
        #expect(live.client.exitStatus == 1)
        let firstLine = live.clientLog().split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("touchstone: error: lost the Wayland compositor: "))
    }
}
