import Foundation
import Glibc
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

/// Issue 31's key storm: overlay toggles sent to weston in one write into a scene of 1,100
/// buttons, at least 8,000 of them and more than twice as many bytes of key events as
/// weston's socket to the client holds. weston 10 drops a client the moment that socket is
/// full, about 3 ms into such a storm; the loop's socket reader empties it whatever the loop
/// thread is doing (behaviour.md §20.2). An even number of toggles leaves the screen as it was.
@Suite("Key storm under headless weston", .serialized)
struct KeyStormTests {
    static func manyButtons(columns: Int = 44, rows: Int = 25) -> String {
        var buttons: [String] = []
        for row in 0..<rows {
            for column in 0..<columns {
                buttons.append(#"{"name":"b\#(row)-\#(column)","kind":"button","frame":[\#(column * 20 + 2),\#(row * 20 + 2),16,16],"slop":[-2,-2,-2,-2]}"#)
            }
        }
        return #"{"size":[\#(columns * 20),\#(rows * 20)],"root":{"name":"root","frame":[0,0,\#(columns * 20),\#(rows * 20)],"children":["#
            + buttons.joined(separator: ",\n") + "]}}"
    }

    /// What a compositor's socket to a client holds before a write would block, in bytes: a
    /// socketpair made as weston's sockets are (the system's default buffer), filled 4 KiB at a
    /// time as libwayland flushes its ring.
    static func compositorSocketCapacity() throws -> Int {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { for fd in fds { close(fd) } }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0, count: 4096)
        var held = 0
        while true {
            let written = chunk.withUnsafeBytes { write(fds[0], $0.baseAddress, $0.count) }
            if written <= 0 { return held }
            held += written
        }
    }

    /// `wl_keyboard.key`: an 8-byte header and four 32-bit arguments.
    static let keyEventBytes = 24

    @Test func aStormOfMoreThanTwiceTheSocketInOneWriteDoesNotLoseTheClient() throws {
        let capacity = try Self.compositorSocketCapacity()
        // A toggle is a press and a release; an even number of them.
        let toggles = max(8000, (2 * capacity / (2 * Self.keyEventBytes) / 2 + 1) * 2)
        #expect(capacity > 0 && 2 * toggles * Self.keyEventBytes > 2 * capacity)
        let live = try LiveClient(scene: Self.manyButtons())
        // Settled first: the pointer's cursor may come a frame after the window's first one.
        live.waitUntilTheScreenSettles()
        let before = try live.screenshot()
        let keyD = 32
        let storm = Array(repeating: ["key \(keyD) pressed", "key \(keyD) released"], count: toggles).flatMap { $0 }
        try live.weston.sendTogether(storm, timeout: 120)
        #expect(live.waitUntilIdle(), "the client did not settle after the storm: \(live.clientLog())")
        #expect(live.client.isRunning, "the compositor dropped the client: \(live.clientLog())")
        live.waitUntilTheScreenSettles()
        let after = try live.screenshot()
        let differing = zip(stride(from: 0, to: after.rgba.count, by: 4), stride(from: 0, to: before.rgba.count, by: 4))
            .filter { after.rgba[$0.0 ..< $0.0 + 4] != before.rgba[$0.1 ..< $0.1 + 4] }.map { $0.0 / 4 }
        let first = differing.first.map { "(\($0 % after.width), \($0 / after.width))" } ?? "-"
        #expect(differing.isEmpty, "\(toggles) toggles (an even number) changed \(differing.count) pixels, first at \(first)")
        // Every key reached the client: its recording holds each press and release.
        let recorded = try String(contentsOf: live.recordFile, encoding: .utf8)
        #expect(recorded.components(separatedBy: "\"key\":\"d\"").count - 1 == 2 * toggles)
        #expect(try live.quit() == 0)
    }
}
