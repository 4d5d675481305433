import Foundation
import NodeCore
import Testing

/// Issue 13, item 13: bursts of overlay and touch-visualization toggles (a thousand key
/// presses, a hundred at a time as fast as the harness sends them) are painted on frame
/// callbacks, at most one commit per frame: the compositor keeps the client, which then
/// quits cleanly.
@Suite("Key bursts under headless weston", .serialized)
struct KeyBurstTests {
    @Test func aBurstOfTogglesKeepsTheClientAliveAndPaced() throws {
        let live = try LiveClient(scene: scrollingListScene())
        var burst: [InputEvent] = []
        for i in 0..<100 {
            let key = i % 2 == 0 ? "d" : "t"
            burst += [.key(key, pressed: true), .key(key, pressed: false)]
        }
        let frames = try live.weston.frameCount(), commits = try live.weston.commitCount(pid: live.client.pid)
        // Ten bursts of a hundred presses, each sent at once: on a loaded machine a single burst
        // of a thousand can fill the client's socket before it is scheduled to read, and weston
        // then drops it for that (not for its commits).
        for _ in 0..<10 {
            try live.inject(burst)
            #expect(live.waitUntilIdle(), "the client did not settle after a burst")
        }
        live.waitUntilTheScreenSettles()
        #expect(live.client.isRunning, "the compositor dropped the client: \(live.clientLog())")
        // Painted on frame callbacks: every commit but the first waited for an output repaint.
        let framesDuring = try live.weston.frameCount() - frames
        let commitsDuring = try live.weston.commitCount(pid: live.client.pid) - commits
        #expect(commitsDuring >= 1, "the toggles were never painted")
        #expect(commitsDuring <= framesDuring + 1, "\(commitsDuring) commits in \(framesDuring) frames")
        #expect(try live.quit() == 0)
    }
}
