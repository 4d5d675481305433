import Foundation
import Testing
import WestonHarness

/// `examples/icon-toolbar` live under headless weston (behaviour.md §17.5): once the worker's
/// pixels are on screen, taps on the icons' opaque and transparent parts go where replay
/// sends them, and the recording replays to the identical event log.
@Suite("Images live", .serialized)
struct ImageLiveTests {
    @Test func tapsOnAlphaShapedIconsReplayFromTheRecordingToTheIdenticalEventLog() throws {
        let examples = HeadlessRunTests.packageRoot.appending(path: "examples")
        let scene = try String(contentsOf: examples.appending(path: "icon-toolbar/scene.json"), encoding: .utf8)
            .replacingOccurrences(of: "../images/", with: examples.appending(path: "images").path + "/")
        let live = try LiveClient(scene: scene)
        // An opaque point of each icon: the toolbar's colour shows there until its pixels arrive.
        let toolbar = RGBA(r: 0xF2, g: 0xF2, b: 0xF7)
        let opaque = [(48, 61), (124, 62), (216, 60), (276, 56)]
        var seen = try live.weston.monotonicTime()
        while true {
            let shot = try live.screenshot()
            if opaque.allSatisfy({ !shot.pixel(x: $0.0, y: $0.1).isClose(to: toolbar) }) { break }
            seen = try live.weston.waitForCommit(after: seen, pid: live.client.pid, timeout: 10).timestampNanoseconds
        }
        // The example's taps: each icon's opaque part, and two transparent parts, which reach the toolbar.
        for (id, (x, y)) in [(48, 61), (26, 38), (124, 62), (200, 60), (216, 60), (276, 56)].enumerated() {
            try live.inject([.down(id + 1, Double(x), Double(y)), .touchFrame, .up(id + 1), .touchFrame])
        }
        #expect(try live.quit() == 0)
        let liveLog = try String(contentsOf: live.eventsFile, encoding: .utf8)
        #expect(try live.eventSummary() == ["star", "toolbar", "heart", "toolbar", "ring", "bolt"].flatMap {
            ["\($0).touchDown", "\($0).touchUpInside"]
        })
        #expect(try live.replayRecording() == liveLog)
    }
}
