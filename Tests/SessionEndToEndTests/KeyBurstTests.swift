import Foundation
import NodeCore
import Testing

/// Issue 13, item 13: a burst of overlay and touch-visualization toggles (a thousand key
/// presses as fast as the harness sends them) is painted on frame callbacks, at most one
/// commit per frame: the compositor keeps the client, which then quits cleanly.
@Suite("Key bursts under headless weston", .serialized)
struct KeyBurstTests {
    @Test func aBurstOfTogglesKeepsTheClientAliveAndPaced() throws {
        let live = try LiveClient(scene: scrollingListScene())
        var burst: [InputEvent] = []
        for i in 0..<500 {
            let key = i % 2 == 0 ? "d" : "t"
            burst += [.key(key, pressed: true), .key(key, pressed: false)]
        }
        try live.inject(burst)
        live.waitUntilTheScreenSettles()
        #expect(live.client.isRunning, "the compositor dropped the client: \(live.clientLog())")
        #expect(try live.quit() == 0)
    }
}
