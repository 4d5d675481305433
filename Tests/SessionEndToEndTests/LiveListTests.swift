import Foundation
import NodeCore
import SceneFormat
import Testing

/// A 400×300 window filled by `list`: 30 rows of 50 pt, each a white row with a blue
/// 360×40 button (`row-{i}-btn`), batch-fetching 10 rows 300 ms after each fetch begins,
/// up to 40, when within one screen of its fetching end.
func fetchingListScene(inverted: Bool = false) -> String {
    """
    { "size": [400, 300], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
        { "name": "list", "kind": "list", "frame": [0, 0, 400, 300], "inverted": \(inverted), "leadingScreens": 1,
          "rows": { "count": 30, "extent": 50,
                    "template": { "name": "row-{i}", "frame": [0, 0, 400, 50], "color": "#FFFFFF", "children": [
                      { "name": "row-{i}-btn", "kind": "button", "frame": [20, 5, 360, 40],
                        "color": "#0000FF", "highlightedColor": "#FF0000" } ] } },
          "fetch": { "batch": 10, "delay": 300, "total": 40 } } ] } }
    """
}

/// Lists live under headless weston (behaviour.md §10): fetches begin from real seat
/// input, complete on the client's clock, and the new rows take taps.
@Suite("Live lists under headless weston", .serialized)
struct LiveListTests {
    @Test func flingingNearTheEndFetchesAndTheNewRowsTakeTaps() throws {
        let live = try LiveClient(scene: fetchingListScene())
        let stamps = try Stamps(live)
        // 2.5 pt/ms upward: the deceleration will end at the bottom edge, within a screen of it.
        try stamps.fling(1, from: 280, steps: 5, by: 40)
        let fetched = try live.waitForLog(timeout: 20) { $0.contains { $0.event.name == "scrollStopped" } }
        let list = fetched.filter { $0.node == "list" }.map(\.event.name)
        #expect(list.first == "scrollBegan")
        #expect(Array(list.drop { $0 != "scrollEnded" })
                == ["scrollEnded", "batchFetchBegan", "batchFetchCompleted", "scrollStopped"])
        let began = try #require(fetched.first { $0.event.name == "batchFetchBegan" })
        let completed = try #require(fetched.first { $0.event.name == "batchFetchCompleted" })
        #expect(began.rows == 30 && completed.rows == 40)
        #expect(completed.time == began.time + 300, "the simulated fetch completes on the clock, at begin + delay")
        #expect(began.time == fetched.first { $0.event.name == "scrollEnded" }?.time, "checked at the lift")

        // The new rows are there: scroll to the end and tap row 36's button (content 1805...1845).
        try live.inject([.pointerMotion(location: Point(x: 200, y: 150)),
                         .pointerAxis(.vertical, value: 500, source: .wheel)])
        _ = try live.waitForLog { $0.contains { $0.event.name == "scrolled" && $0.touch == nil } }
        try stamps.down(2, 200, 125, at: 5000)
        try stamps.up(2, at: 5060)
        let log = try live.waitForLog { $0.contains { $0.event.name == "primaryActionTriggered" } }
        #expect(log.last { $0.node == "list" }?.location == Point(x: 0, y: 1700))
        #expect(log.filter { $0.node.hasPrefix("row-") }.map { "\($0.node).\($0.event.name)" }
                == ["row-36-btn.touchDown", "row-36-btn.touchUpInside", "row-36-btn.primaryActionTriggered"])
        #expect(try live.quit() == 0)
        #expect(try live.replayRecording() == String(contentsOf: live.eventsFile, encoding: .utf8))
    }

    @Test func anInvertedListFetchesAtTheTopAndKeepsItsRowsInPlace() throws {
        let live = try LiveClient(scene: fetchingListScene(inverted: true))
        // It starts at the bottom (offset 1200), 1200 pt from the top: no fetch yet.
        try live.inject([.pointerMotion(location: Point(x: 200, y: 150)),
                         .pointerAxis(.vertical, value: -1000, source: .wheel)])
        let log = try live.waitForLog { $0.contains { $0.event.name == "batchFetchCompleted" } }
        #expect(log.map(\.event.name) == ["scrolled", "batchFetchBegan", "batchFetchCompleted"])
        #expect(log.first?.location == Point(x: 0, y: 200))
        // Row 25 (content 200...250) was at the top; 500 pt were added above it, and it still is.
        let stamps = try Stamps(live)
        try stamps.down(1, 200, 25, at: 5000)
        try stamps.up(1, at: 5060)
        let tapped = try live.waitForLog { $0.contains { $0.event.name == "primaryActionTriggered" } }
        #expect(tapped.last?.node == "row-25-btn")
        #expect(try live.quit() == 0)
    }
}
