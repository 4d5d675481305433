import Foundation
import Testing
@testable import WestonControl
import WestonHarness

#if canImport(Glibc)
import Glibc
#endif

/// weston-simple-touch (package `weston`) draws a fixed 600x500 window and a
/// red dot under every touch point: kiosk-shell centres it on an 800x600
/// output at (100, 50).
private let simpleTouch = "/usr/bin/weston-simple-touch"
private let outputWidth = 800
private let outputHeight = 600

/// Serialized: each test owns a weston, and the machine has two cores.
@Suite("Headless weston harness", .serialized)
struct HeadlessWestonTests {
    @Test func startsAndAnswersPing() throws {
        let weston = try HeadlessWeston.start(width: 640, height: 480)
        defer { weston.stop() }
        try weston.ping()
        #expect(weston.environment["WAYLAND_DISPLAY"] == HeadlessWeston.displayName)
        let runtime = try #require(weston.environment["XDG_RUNTIME_DIR"])
        let mode = try FileManager.default.attributesOfItem(atPath: runtime)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(FileManager.default.fileExists(atPath: runtime + "/" + HeadlessWeston.displayName))
    }

    @Test func outputsReportTheConfiguredSize() throws {
        let weston = try HeadlessWeston.start(width: outputWidth, height: outputHeight)
        defer { weston.stop() }
        let outputs = try weston.outputs()
        #expect(outputs.count == 1)
        #expect(outputs.first?.width == outputWidth)
        #expect(outputs.first?.height == outputHeight)
        #expect(outputs.first?.scale == 1)
        #expect(outputs.first?.pixelWidth == outputWidth)
    }

    @Test func aScaledOutputHasALogicalSizeAndALargerFramebuffer() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240, scale: 2)
        defer { weston.stop() }
        let output = try #require(try weston.outputs().first)
        #expect(output.width == 320 && output.height == 240 && output.scale == 2)
        #expect(output.pixelWidth == 640 && output.pixelHeight == 480)
        let shot = try weston.screenshot()
        #expect(shot.width == 640 && shot.height == 480)
    }

    @Test func malformedCommandsGetAnErrorLineAndTheChannelStaysUsable() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        defer { weston.stop() }
        let malformed = [
            "bogus", "touch", "touch down", "touch down x 1 2", "touch down 1 nan 2",
            "touch up 7", "touch motion 3 1 1", "pointer button left sideways",
            "pointer axis diagonal 1", "pointer axis vertical 0", "pointer axis vertical 1 sideways",
            "pointer axis vertical 1 wheel 0", "pointer axis vertical 1 wheel 1 2", "pointer axis-stop diagonal",
            "pointer axis-stop vertical finger extra", "pointer axis vertical 1 at -5", "pointer motion 1 2 at x",
            "pointer axis-stop vertical at", "key -1 pressed", "key 30", "screenshot relative.png",
            "wait-frame 0", "commit-wait", "views extra", String(repeating: "x", count: 9000),
        ]
        for command in malformed {
            #expect(throws: HarnessError.self, "\(command.prefix(40))") { try weston.send(command) }
        }
        do {
            try weston.send("touch up 7")
            Issue.record("expected an error reply")
        } catch {
            #expect(error == .commandFailed(command: "touch up 7", reason: "touch 7 is not down"))
        }
        try weston.ping()
        #expect(weston.isRunning)
    }

    @Test func aClientBecomesAViewAndATouchDotShowsInTheScreenshot() throws {
        let weston = try HeadlessWeston.start(width: outputWidth, height: outputHeight)
        defer { weston.stop() }
        let client = try weston.launchClient(simpleTouch)
        defer { terminate(client) }

        let views = try weston.waitForView(timeout: 10)
        #expect(views.count == 1)
        let view = try #require(views.first)
        #expect(view.pid == client.pid)
        #expect(view.role == "xdg_toplevel")
        #expect(view.width == 600 && view.height == 500)
        #expect(view.x == 100 && view.y == 50)

        let before = try weston.screenshot()
        #expect(before.width == outputWidth && before.height == outputHeight)
        #expect(!isRed(before.pixel(x: 400, y: 300)))

        try weston.armCommit()
        let injected = try weston.touchDown(id: 0, x: 400, y: 300)
        try weston.touchFrame()
        let commit = try weston.waitForCommit(timeout: 5)
        #expect(commit.pid == client.pid)
        #expect(commit.timestampNanoseconds >= injected)
        try weston.touchUp(id: 0)

        let png = weston.directory.appending(path: "dot.png")
        let after = try weston.screenshot(to: png)
        #expect(isRed(after.pixel(x: 400, y: 300)), "\(after.pixel(x: 400, y: 300))")
        #expect(!isRed(after.pixel(x: 420, y: 300)))
        #expect(!isRed(after.pixel(x: 50, y: 50)))
        let pngBytes = try #require(FileManager.default.contents(atPath: png.path))
        #expect(Array(pngBytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func waitingForOneClientsWindowIsNotEndedByAnotherClientsView() throws {
        let weston = try HeadlessWeston.start(width: outputWidth, height: outputHeight)
        defer { weston.stop() }
        let first = try weston.launchClient(simpleTouch)
        defer { terminate(first) }
        _ = try weston.waitForView(timeout: 10)
        // Another view is mapped already; a client that has none (nobody) is still waited for.
        #expect(throws: HarnessError.self) { try weston.waitForWindow(pid: first.pid + 100_000, timeout: 0.3) }
        let second = try weston.launchClient(simpleTouch)
        defer { terminate(second) }
        let views = try weston.waitForWindow(pid: second.pid, timeout: 10)
        #expect(views.contains { $0.pid == second.pid && $0.role == "xdg_toplevel" }, "\(views)")
    }

    @Test func aMappedClientsFirstFrameIsPresentedByALaterRepaintWithoutInput() throws {
        let weston = try HeadlessWeston.start(width: outputWidth, height: outputHeight)
        defer { weston.stop() }
        let before = try weston.frameCount()
        let client = try weston.launchClient(simpleTouch)
        defer { terminate(client) }
        // No input and no screenshot: mapping the window alone schedules the repaint that shows it.
        let presented = try weston.waitForPresented(pid: client.pid, timeout: 10)
        let committed = try #require(try weston.firstCommit(pid: client.pid))
        #expect(presented.frame > before, "frames \(before) → \(presented.frame)")
        #expect(presented.timestampNanoseconds > committed, "committed \(committed), presented \(presented)")
        let views = try weston.views()
        #expect(views.contains { $0.pid == client.pid }, "\(views)")
        // Stamped once: asking again answers at once with the same repaint, later ones aside.
        _ = try weston.screenshot()
        #expect(try weston.waitForPresented(pid: client.pid, timeout: 1) == presented)
        #expect(try weston.firstCommit(pid: client.pid) == committed)
        // A client with no surface has neither.
        #expect(try weston.firstCommit(pid: client.pid + 100_000) == nil)
        #expect(throws: HarnessError.self) { try weston.waitForPresented(pid: client.pid + 100_000, timeout: 0.3) }
    }

    @Test func touchCancelReachesTheFocusedClient() throws {
        try withBoundDebugClient { weston, log in
            try weston.touchDown(id: 3, x: 300, y: 200)
            try weston.touchFrame()
            let cancel = try weston.touchCancel()
            #expect(cancel.resources == 1)

            // Weston's touch state is reset: a new first finger works.
            try weston.touchDown(id: 4, x: 500, y: 400)
            try weston.touchFrame()
            try weston.touchUp(id: 4)

            let names = try waitForTouchEvents(log, count: 6).map(\.name)
            #expect(names == ["down", "frame", "cancel", "down", "frame", "up"])
        }
    }

    @Test func commitTimingCanFollowOneClient() throws {
        try withBoundDebugClient { weston, _ in
            let pid = try #require(try weston.views().first?.pid)
            try weston.armCommit(pid: pid + 100_000)  // nobody
            let down = try weston.touchDown(id: 0, x: 400, y: 300)
            #expect(throws: HarnessError.self) { try weston.waitForCommit(timeout: 0.3) }
            // The client's commit for the down is in before the next arm, however late it was.
            _ = try weston.waitForCommit(after: down, pid: pid, timeout: 10)

            try weston.armCommit(pid: pid)
            let injected = try weston.touchMotion(id: 0, x: 410, y: 300)
            let commit = try weston.waitForCommit(timeout: 10)
            #expect(commit.pid == pid && commit.timestampNanoseconds >= injected)
            try weston.touchUp(id: 0)
            #expect(throws: HarnessError.self) { try weston.send("commit-arm nobody") }
        }
    }

    @Test func waitIdleAnswersWithTheClientsOwnPong() throws {
        try withBoundDebugClient { weston, log in
            let pid = try #require(try weston.views().first?.pid)
            let asked = try weston.monotonicTime()
            let idle = try weston.waitForIdle(pid: pid)
            #expect(idle >= asked)
            // libwayland logs a request before sending it: the answer was the client's pong.
            let trace = try String(contentsOf: log, encoding: .utf8)
            #expect(trace.contains("xdg_wm_base") && trace.contains(".pong("), "no pong in \(log.path)")
            #expect(throws: HarnessError.self) { try weston.waitForIdle(pid: pid + 100_000, timeout: 1) }
        }
    }

    @Test func touchCancelWithoutFocusSendsNothing() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        defer { weston.stop() }
        try weston.touchDown(id: 1, x: 10, y: 10)
        #expect(try weston.touchCancel().resources == 0)
        // The id is free again after the cancel.
        try weston.touchDown(id: 1, x: 10, y: 10)
        try weston.touchUp(id: 1)
    }

    /// Reproduces weston 10 (issue 44): no wl_touch.frame after the last up.
    @Test func weston10SendsNoFrameAfterTheLastUp() throws {
        try withBoundDebugClient { weston, log in
            try weston.touchDown(id: 0, x: 300, y: 200)
            try weston.touchFrame()
            try weston.touchUp(id: 0)
            try weston.touchFrame()  // no focus any more: weston drops it
            try weston.touchDown(id: 1, x: 400, y: 300)
            try weston.touchFrame()
            try weston.touchUp(id: 1)

            let names = try waitForTouchEvents(log, count: 6).map(\.name)
            #expect(names == ["down", "frame", "up", "down", "frame", "up"])
        }
    }

    @Test func pointerAndKeyboardEventsReachTheClient() throws {
        // weston-eventdemo binds pointer and keyboard (simple-touch does not).
        try withBoundDebugClient(executable: "/usr/bin/weston-eventdemo",
                                 binding: ["get_pointer(", "get_keyboard("]) { weston, log in
            try weston.pointerMotion(x: 200, y: 200)
            try weston.pointerButton(.left, pressed: true)
            try weston.pointerButton(.left, pressed: false)
            try weston.pointerAxis(.vertical, value: 10)
            try weston.key(30, pressed: true)
            try weston.key(30, pressed: false)

            let expected = [
                "wl_pointer@", ".motion(", ", 272, 1)", ", 272, 0)", ".axis(", ", 30, 1)", ", 30, 0)",
            ]
            let text = try waitForLog(log, containing: expected, timeout: 5)
            for marker in expected {
                #expect(text.contains(marker), "\(marker)")
            }
        }
    }

    @Test func scrollFramesCarryTheirSourceWheelStepsAndTheTouchpadsStop() throws {
        try withBoundDebugClient(executable: "/usr/bin/weston-eventdemo",
                                 binding: ["get_pointer("]) { weston, log in
            try weston.pointerMotion(x: 200, y: 200)
            try weston.pointerAxis(.vertical, value: 15, source: .wheel, steps: 1)
            try weston.pointerAxis(.horizontal, value: -7.5, source: .finger)
            try weston.pointerAxisStop(.horizontal, source: .finger)
            try weston.pointerAxis(.vertical, value: 3)

            let markers = [".axis_source(0)", ".axis_discrete(0, 1)", ", 0, 15.00000000)", ".axis_source(1)",
                           ", 1, -7.50000000)", ".axis_stop(", ", 0, 3.00000000)"]
            let text = try waitForLog(log, containing: markers, timeout: 5)
            let pointerEvents = text.split(separator: "\n").filter { $0.contains("wl_pointer@") && !$0.contains(" -> ") }
                .compactMap { line in line.range(of: "wl_pointer@").map { String(line[$0.upperBound...]) } }
                .map { $0.drop { $0 != "." }.prefix { $0 != "(" } }
                .filter { $0 != ".motion" && $0 != ".enter" }
            #expect(pointerEvents == [".frame",  // the enter's frame
                                      ".frame",  // the motion's
                                      ".axis_source", ".axis_discrete", ".axis", ".frame",
                                      ".axis_source", ".axis", ".frame",
                                      ".axis_source", ".axis_stop", ".frame",
                                      ".axis", ".frame"], "\(text)")
        }
    }

    @Test func stampedPointerEventsCarryTheirOwnTimes() throws {
        try withBoundDebugClient(executable: "/usr/bin/weston-eventdemo",
                                 binding: ["get_pointer("]) { weston, log in
            let base = try weston.monotonicTime() + 1_000_000_000
            func milliseconds(_ offset: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (base + offset) / 1_000_000) }
            #expect(try weston.pointerMotion(x: 200, y: 200, at: base) == base)
            try weston.pointerAxis(.vertical, value: 6, source: .finger, at: base + 8_000_000)
            try weston.pointerAxis(.vertical, value: 4, source: .finger, at: base + 16_000_000)
            try weston.pointerAxisStop(.vertical, source: .finger, at: base + 24_000_000)
            try weston.pointerButton(.left, pressed: true, at: base + 40_000_000)
            let markers = [
                ".motion(\(milliseconds(0)), ", ".axis(\(milliseconds(8_000_000)), 0, 6.00000000)",
                ".axis(\(milliseconds(16_000_000)), 0, 4.00000000)", ".axis_stop(\(milliseconds(24_000_000)), 0)",
                ", \(milliseconds(40_000_000)), 272, 1)",
            ]
            let text = try waitForLog(log, containing: markers, timeout: 5)
            #expect(markers.allSatisfy(text.contains), "\(text)")
        }
    }

    @Test func framesAdvanceAndCanBeAwaited() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        defer { weston.stop() }
        let start = try weston.frameCount()
        _ = try weston.screenshot()
        #expect(try weston.frameCount() > start)
        do {
            // Nothing damages the output: no frame comes, the wait times out.
            _ = try weston.waitForFrame(timeout: 0.2)
            Issue.record("expected a timeout")
        } catch {
            guard case .timeout = error else { throw error }
        }
        try weston.ping()
    }

    @Test func aDeferredReplyDoesNotBlockOtherConnections() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        defer { weston.stop() }
        let waiting = try ControlConnection(path: weston.controlSocket)
        // An idle output never repaints: this reply stays deferred.
        try waiting.write("wait-frame 3000\nping\n")
        let other = try ControlConnection(path: weston.controlSocket)
        #expect(try other.roundTrip("ping", timeout: 2) == "ok pong")
        try weston.ping()
        // The deferred command resolves (here: by a forced repaint) and the
        // queued ping follows it, in order.
        _ = try weston.screenshot()
        #expect(try waiting.readLine(timeout: 5, command: "wait-frame").hasPrefix("ok "))
        #expect(try waiting.readLine(timeout: 5, command: "ping") == "ok pong")
    }

    @Test func aSecondFingerGoesToTheSurfaceTheFirstOnePicked() throws {
        try withBoundDebugClient { weston, log in
            try weston.touchDown(id: 0, x: 300, y: 200)
            // Outside the window: still delivered to it (weston keeps the focus
            // of the first finger until all are up).
            try weston.touchDown(id: 1, x: 20, y: 20)
            try weston.touchFrame()
            try weston.touchUp(id: 1)
            try weston.touchUp(id: 0)

            let events = try waitForTouchEvents(log, count: 5)
            #expect(events.map(\.name) == ["down", "down", "frame", "up", "up"])
            let downs = events.filter { $0.name == "down" }.map(\.line)
            // Surface-local coordinates of the second finger: (20 - 100, 20 - 50).
            #expect(downs.last?.contains("-80.00000000, -30.00000000") == true, "\(downs)")
        }
    }

    @Test func aCrashedWestonIsReportedWithItsLog() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        defer { weston.stop() }
        kill(weston.pid, SIGKILL)
        do {
            try weston.ping()
            Issue.record("ping succeeded after SIGKILL")
        } catch {
            guard case .westonExited(let status, _) = error else {
                Issue.record("unexpected error: \(error)")
                return
            }
            #expect(status == 128 + SIGKILL)
        }
    }

    @Test func stopLeavesNoProcessAndIsIdempotent() throws {
        let weston = try HeadlessWeston.start(width: 320, height: 240)
        let pid = weston.pid
        let directory = weston.directory
        #expect(kill(pid, 0) == 0)
        weston.stop()
        weston.stop()
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(throws: HarnessError.stopped) { try weston.ping() }
    }

    @Test func aBrokenModuleFailsWithWestonsLog() throws {
        let bogus = FileManager.default.temporaryDirectory
            .appending(path: "touchstone-not-a-module-\(getpid()).so")
        try Data("not an ELF file".utf8).write(to: bogus)
        defer { try? FileManager.default.removeItem(at: bogus) }
        do {
            let weston = try HeadlessWeston.start(width: 320, height: 240, module: bogus, startTimeout: 10)
            weston.stop()
            Issue.record("weston started with a bogus module")
        } catch {
            guard case .westonFailedToStart(_, let tail) = error else {
                Issue.record("unexpected error: \(error)")
                return
            }
            #expect(tail.contains("touchstone-not-a-module"), "\(tail)")
        }
    }
}

// MARK: - Helpers

private func isRed(_ pixel: RGBA) -> Bool {
    pixel.r > 200 && pixel.g < 80 && pixel.b < 80
}

private func terminate(_ process: ChildProcess) {
    process.stop(grace: 2)
}

/// weston-simple-touch with libwayland's protocol log on stderr.
private func launchDebugClient(
    _ weston: HeadlessWeston, executable: String = simpleTouch
) throws -> (ChildProcess, URL) {
    let log = weston.directory.appending(path: "client-\(UUID().uuidString).log")
    let client = try weston.launchClient(
        executable, extraEnvironment: ["WAYLAND_DEBUG": "client"], outputPath: log.path)
    return (client, log)
}

/// Runs `body` with a headless weston and a debug-logging client (`executable`) that is
/// mapped and has bound its input objects (`binding`); stops both afterwards.
private func withBoundDebugClient(executable: String = simpleTouch, binding requests: [String] = ["get_touch("],
                                  _ body: (HeadlessWeston, URL) throws -> Void) throws {
    let weston = try HeadlessWeston.start(width: outputWidth, height: outputHeight)
    defer { weston.stop() }
    let (client, log) = try launchDebugClient(weston, executable: executable)
    defer { terminate(client) }
    _ = try weston.waitForView(timeout: 10)
    try waitUntilBound(weston, log, requests: requests)
    // weston 10 picks touch and pointer focus from the view list it builds at an output
    // repaint, which may come after the commit that mapped the view: a screenshot repaints.
    _ = try weston.screenshot()
    try body(weston, log)
}

/// Waits until the client has sent `requests` (the ones creating its input objects), then
/// makes weston run one more loop iteration (a ping), which handles everything the client
/// had sent by then: a mapped view alone does not mean the client's `wl_touch` exists,
/// since a client may ask for it after its first commit, and input sent before is lost.
private func waitUntilBound(_ weston: HeadlessWeston, _ log: URL, requests: [String]) throws {
    let text = try waitForLog(log, containing: requests, timeout: 10)
    #expect(requests.allSatisfy(text.contains), "the client never asked for its input objects")
    try weston.ping()
}

/// Bounded polling of a client's protocol log: returns once every marker
/// appears, or the last text read when `timeout` passes.
private func waitForLog(_ log: URL, containing markers: [String], timeout: Double) throws -> String {
    var text = ""
    return (try? Polling.until("\(markers) in \(log.lastPathComponent)", timeout: timeout) { () -> String? in
        text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return markers.allSatisfy(text.contains) ? text : nil
    }) ?? text
}

/// Bounded polling of the client's protocol log until it shows at least
/// `count` wl_touch events (or `timeout` passes); returns them all.
private func waitForTouchEvents(
    _ log: URL, count: Int, timeout: Double = 5
) throws -> [(name: String, line: String)] {
    var events: [(name: String, line: String)] = []
    do {
        return try Polling.until("\(count) wl_touch events", timeout: timeout) { () throws -> [(name: String, line: String)]? in
            events = try wlTouchEvents(log)
            return events.count >= count ? events : nil
        }
    } catch is PollTimeout {
        return events
    }
}

/// Events the client received on its wl_touch, in order.
private func wlTouchEvents(_ log: URL) throws -> [(name: String, line: String)] {
    let text = try String(contentsOf: log, encoding: .utf8)
    var events: [(String, String)] = []
    for line in text.split(separator: "\n") where !line.contains(" -> ") {
        guard let at = line.range(of: "wl_touch@") else { continue }
        let rest = line[at.upperBound...]
        guard let dot = rest.firstIndex(of: "."), let paren = rest.firstIndex(of: "(") else { continue }
        events.append((String(rest[rest.index(after: dot)..<paren]), String(line)))
    }
    return events
}
