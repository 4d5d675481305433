import Foundation
import Testing
@testable import WaylandClient
import Glibc
import WestonHarness

/// Fills every repaint rect with one opaque color; the test keeps the handler returned
/// (the window holds it weakly) to the end (`withExtendedLifetime`).
private func paintSolid(_ window: ToplevelWindow, argb: UInt32) -> TestWindowHandler {
    let handler = TestWindowHandler(for: window)
    handler.paint = { context in
        for rect in context.repaint.rects { context.buffer.fill(rect, argb: argb) }
    }
    return handler
}

/// Opens a window as `openWindow` does, painted in `argb` by `paintSolid`, runs `body` on it,
/// and stops the compositor after; the handler lives as long as `body` runs.
private func withSolidWindow(title: String, size: Size, shell: HeadlessWeston.Shell, output: Size, fullscreen: Bool = false,
                             argb: UInt32,
                             _ body: (HeadlessWeston, WaylandConnection, ToplevelWindow, TestWindowHandler) throws -> Void) throws {
    let (weston, connection, window) = try openWindow(title: title, size: size, shell: shell, output: output, fullscreen: fullscreen)
    defer { weston.stop() }
    let handler = paintSolid(window, argb: argb)
    try withExtendedLifetime(handler) { try body(weston, connection, window, handler) }
}

@Suite(.serialized) struct WestonSessionTests {
    @Test func mapsAToplevelAtTheOutputSizeAndItsColorReachesTheScreen() throws {
        // kiosk-shell: no startup fade, so the first presented frame is what the screenshot sees.
        try withSolidWindow(title: "touchstone test", size: Size(width: 100, height: 80), shell: .kiosk,
                            output: Size(width: 320, height: 240), fullscreen: true, argb: 0xFF20_C040) { weston, connection, window, handler in
            #expect(connection.boundVersions["wl_compositor"] ?? 0 >= 4)
            #expect(connection.outputs.count == 1)
            var presentedTime: UInt32?
            handler.presented = { presentedTime = $0 }
            try run(connection) { presentedTime != nil }

            // Fullscreen: the compositor's configure size (the output's) wins over the app's 100×80.
            #expect(window.logicalSize == Size(width: 320, height: 240))
            #expect(window.bufferSize == PixelSize(width: 320, height: 240))
            #expect(window.committedFrames == 1)

            let image = try weston.screenshot()
            #expect(image.width == 320 && image.height == 240)
            #expect(image.pixel(x: 160, y: 120) == RGBA(r: 0x20, g: 0xC0, b: 0x40))
            #expect(image.pixel(x: 2, y: 2) == RGBA(r: 0x20, g: 0xC0, b: 0x40))
        }
    }

    @Test func redrawsOnlyWhenAskedAndPacesOnFrameCallbacks() throws {
        // 120 high, so the pointer's start (100, 100) is on the output and the desktop shell
        // places the window there (on screen: an off-screen window gets no frame callbacks).
        try withSolidWindow(title: "pacing", size: Size(width: 50, height: 50), shell: .desktop,
                            output: Size(width: 200, height: 120), argb: 0xFF00_00FF) { _, connection, window, _ in
            try run(connection) { window.presentedFrames == 1 }
            // Idle: nothing changed, so a while of looping commits nothing.
            let idleReason = try connection.loop.run(until: .now + .milliseconds(100))
            #expect(idleReason == .deadline)
            #expect(window.committedFrames == 1)
            // Many requests before the next frame collapse into one commit per frame callback.
            for _ in 0 ..< 10 { window.setNeedsDisplay(DamageRegion([PixelRect(x: 0, y: 0, width: 10, height: 10)])) }
            try run(connection) { window.presentedFrames == 2 }
            #expect(window.committedFrames == 2)
            #expect(window.bufferCounts.alive <= 2)
        }
    }

    @Test func beforeSleepWorkFollowsTheIterationsCommitAndRunsOnceMoreWhenTheLoopStops() throws {
        // kiosk-shell: the window is on screen at once (fullscreen), so frame callbacks come.
        try withSolidWindow(title: "order", size: Size(width: 50, height: 50), shell: .kiosk,
                            output: Size(width: 200, height: 100), argb: 0xFF00_00FF) { _, connection, window, handler in
            var steps: [String] = []
            handler.committed = { steps.append("commit") }
            let id = connection.loop.addBeforeSleepWork { steps.append("sleep") }
            try run(connection) { window.presentedFrames == 1 }
            // The commit of the first frame, then output work in the same iteration (after the
            // flush that sent the commit), and the stop's final round last.
            let commit = try #require(steps.firstIndex(of: "commit"))
            #expect(steps.count > commit + 1 && steps[commit + 1] == "sleep")
            #expect(steps.last == "sleep")
            connection.loop.removeBeforeSleepWork(id)
            let count = steps.count
            _ = try connection.loop.run(until: .now + .milliseconds(20))
            #expect(steps.count == count)
        }
    }

    /// The work between frames (catching up an idle buffer, the next scroll's pages) follows a
    /// change of the buffers: turns of the loop that change none (input, timers) skip it, so
    /// the handler is not asked about catching up before every sleep.
    @Test func idleBuffersAreLookedAtOnlyAfterTheBuffersChanged() throws {
        try withSolidWindow(title: "catch-up", size: Size(width: 50, height: 50), shell: .kiosk,
                            output: Size(width: 200, height: 100), argb: 0xFF00_00FF) { _, connection, window, handler in
            var asked = 0
            handler.catchesUp = {
                asked += 1
                return false
            }
            try run(connection) { window.presentedFrames == 1 }
            for frame in 2 ... 4 {
                window.setNeedsDisplay(DamageRegion([PixelRect(x: 0, y: 0, width: 10, height: 10)]))
                try run(connection) { window.presentedFrames == frame && window.bufferCounts.busy <= 1 }
            }
            // Two buffers took turns: each frame left the other lacking its damage.
            #expect(asked > 0)
            let askedAfterFrames = asked
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            defer { for fd in fds { close(fd) } }
            var woken = 0
            let source = connection.loop.addSource(fd: fds[0]) {
                var byte: UInt8 = 0
                if read(fds[0], &byte, 1) == 1 { woken += 1 }
            }
            defer { connection.loop.removeSource(source) }
            for turn in 1 ... 10 {
                var byte: UInt8 = 1
                try #require(write(fds[1], &byte, 1) == 1)
                try run(connection) { woken == turn }
            }
            #expect(asked == askedAfterFrames)
            #expect(window.committedFrames == 4)
        }
    }

    @Test func followsConfigureSizeChangesAndDropsStaleBuffers() throws {
        try withSolidWindow(title: "resize", size: Size(width: 120, height: 90), shell: .desktop,
                            output: Size(width: 320, height: 240), argb: 0xFFFF_0000) { _, connection, window, handler in
            var sizes: [Size] = []
            handler.resized = { size, _ in sizes.append(size) }
            try run(connection) { window.presentedFrames >= 1 }
            #expect(window.logicalSize == Size(width: 120, height: 90), "0×0 configure → the app's size")

            window.setFullscreen(true)
            try run(connection) { window.isFullscreen && window.presentedFrames >= 2 }
            #expect(window.logicalSize == Size(width: 320, height: 240))
            #expect(window.bufferSize == PixelSize(width: 320, height: 240))
            #expect(sizes.last == Size(width: 320, height: 240))
            // Once the old-size buffer comes back it is pruned: only new-size buffers stay.
            window.setNeedsDisplay()
            try run(connection) { window.presentedFrames >= 3 && window.bufferCounts.alive <= 2 }
        }
    }

    @Test func theWindowHoldsItsHandlerWeaklyAndACloseGoesToTheHandlerOrStopsTheLoop() throws {
        let (weston, connection, window) = try openWindow(title: "close", size: Size(width: 10, height: 10), shell: .kiosk,
                                                          output: Size(width: 100, height: 100))
        defer { weston.stop() }
        weak var released: TestWindowHandler?
        do {
            let handler = TestWindowHandler(for: window)
            released = handler
        }
        #expect(released == nil && window.handler == nil, "the window keeps no handler alive")
        // The handler's close replaces the default: the loop runs on to its deadline.
        let handler = TestWindowHandler(for: window)
        var closes = 0
        handler.closeRequested = { closes += 1 }
        var asked = false
        let ask = connection.loop.addIdleWork { if !asked { asked = true; window.requestClose() } }
        #expect(try connection.loop.run(until: .now + .milliseconds(50)) == .deadline)
        #expect(closes == 1)
        // Without a handler a close request stops the loop.
        window.handler = nil
        asked = false
        #expect(try connection.loop.run(until: .now + .seconds(5)) == .requested)
        connection.loop.removeIdleWork(ask)
        withExtendedLifetime(handler) {}
    }

    /// A seat that goes with its connection cancels its touches into a handler that holds the
    /// connection unowned: the connection clears its seats' handlers as it goes, so the cancel
    /// reaches nothing (debug builds trap on a read of a gone connection).
    @Test func aConnectionThatGoesWithAFingerDownGoesQuietly() throws {
        let weston = try HeadlessWeston.start(width: 100, height: 100, shell: .kiosk)
        defer { weston.stop() }
        weak var released: WaylandConnection?
        do {
            let connection = try WaylandConnection(displayName: weston.displayPath)
            released = connection
            let window = ToplevelWindow(connection: connection, configuration:
                WindowConfiguration(title: "finger down", appID: "org.touchstone.test", size: Size(width: 10, height: 10), fullscreen: true))
            let handler = paintSolid(window, argb: 0xFF00_0000)
            var touches = 0
            handler.touches = { touches += $0.frame.changes.count }
            try run(connection) { window.presentedFrames == 1 }
            try weston.touchDownAndFrame(id: 1, x: 50, y: 50)
            try run(connection) { touches == 1 }
            #expect(connection.seats.count == 1)
            withExtendedLifetime(handler) {}
        }
        #expect(released == nil, "the connection outlived its last reference")
    }

    @Test func compositorDyingMidSessionIsAConnectionErrorWithExitStatusOne() throws {
        try withSolidWindow(title: "dying", size: Size(width: 10, height: 10), shell: .kiosk,
                            output: Size(width: 100, height: 100), argb: 0xFF00_0000) { weston, connection, window, _ in
            try run(connection) { window.presentedFrames == 1 }
            weston.stop(grace: 0)  // SIGKILL at once
            do throws(EventLoopError) {
                _ = try connection.loop.run(until: .now + .seconds(5))
                Issue.record("the loop should fail once the compositor is gone")
            } catch {
                guard case .display(.connectionLost) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
        }
    }

    @Test func protocolErrorNamesInterfaceObjectCodeAndMeaning() throws {
        let weston = try HeadlessWeston.start(width: 100, height: 100, shell: .kiosk)
        defer { weston.stop() }
        let connection = try WaylandConnection(displayName: weston.displayPath)
        let compositor = try connection.registry.bind(WlCompositor.self, required: 4, preferred: 4)
        let surface = compositor.createSurface()
        try surface.setBufferScale(scale: 0)
        #expect(throws: DisplayError.protocolError(interface: "wl_surface", objectID: surface.objectID, code: 0,
                                                   message: "invalid_scale: buffer scale value is invalid")) {
            try connection.display.roundtrip()
        }
    }

    @Test func terminationSignalStopsTheLoopCleanly() throws {
        let weston = try HeadlessWeston.start(width: 100, height: 100, shell: .kiosk)
        defer { weston.stop() }
        let connection = try WaylandConnection(displayName: weston.displayPath)
        try connection.loop.stopOnTerminationSignals()
        // raise() targets this thread, where the loop blocked SIGTERM for its signalfd.
        raise(SIGTERM)
        #expect(try connection.loop.run(until: .now + .seconds(5)) == .signal(SIGTERM))
    }

    @Test func missingCompositorIsOneLineNamingTheDisplay() throws {
        let path = "/tmp/touchstone-no-such-dir-\(getpid())/wayland-nothing"
        #expect {
            _ = try WaylandConnection(displayName: path)
        } throws: { error in
            guard let error = error as? ConnectionError, case .connect = error else { return false }
            return error.description == "cannot connect to Wayland display '\(path)': No such file or directory"
        }
    }
}
