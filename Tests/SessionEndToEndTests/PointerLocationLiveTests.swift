import Foundation
import NodeCore
import Render
import DiagnosticsPainting
import Testing
import WestonHarness

/// `touchstone run --pointer-location` under headless weston: the HUD and the inspector on
/// screen, and the same pixels as `replay --pointer-location --png` of the recording.
@Suite("Pointer-location HUD under headless weston", .serialized)
struct PointerLocationLiveTests {
    private func rgba(_ color: Color) -> RGBA { RGBA(r: color.red, g: color.green, b: color.blue) }

    /// `ok`'s tracking rectangle is its slopRect (80, 50)–(220, 140) grown by 70 pt:
    /// (10, -20)–(290, 210). The finger drags from ok's center to x = `lastX`.
    private func drag(to lastX: Double) throws -> (LiveClient, Screenshot) {
        let live = try LiveClient(scene: testScene, arguments: ["--pointer-location"])
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        try live.injectAndWaitForFrame([.move(1, 220, 160), .touchFrame])
        try live.injectAndWaitForFrame([.move(1, lastX, okCenter.y), .touchFrame])
        return (live, try live.screenshot())
    }

    @Test func theTrackingRectangleTurnsRedExactlyAtTheTolerance() throws {
        let (_, inside) = try drag(to: 289.9)
        #expect(inside.pixel(x: 10, y: 180).isClose(to: rgba(DiagnosticsStyle.trackingInsideColor)))
        let (_, outside) = try drag(to: 290)
        #expect(outside.pixel(x: 10, y: 180).isClose(to: rgba(DiagnosticsStyle.trackingOutsideColor)))
        #expect(outside.pixel(x: 290, y: 250).isClose(to: rgba(DiagnosticsStyle.color(for: .finger(1)))))
    }

    /// Each crosshair line is a synchronized subsurface moved with `set_position`: every frame
    /// of motion is one commit of the window that carries each line's new position once.
    @Test func crosshairSubsurfacesMoveWithOneCommitPerFrame() throws {
        let live = try LiveClient(scene: testScene, arguments: ["--pointer-location"], environment: ["WAYLAND_DEBUG": "client"])
        try live.injectAndWaitForFrame([.down(1, okCenter.x, okCenter.y), .touchFrame])
        for step in 1...3 {
            try live.injectAndWaitForFrame([.move(1, okCenter.x + Double(10 * step), okCenter.y + Double(7 * step)), .touchFrame])
        }
        #expect(live.waitUntilIdle())
        let trace = live.clientLog().split(separator: "\n")
        let window = try #require(trace.first { $0.contains(".get_xdg_surface(") }?.split(separator: "wl_surface@").last?
            .prefix { $0.isNumber })
        var frames: [[Substring]] = [[]]
        for line in trace where line.contains(" -> ") {
            if line.contains("wl_surface@\(window).commit(") { frames.append([]) } else { frames[frames.count - 1].append(line) }
        }
        let moving = frames.map { $0.filter { $0.contains(".set_position(") } }.filter { !$0.isEmpty }
        #expect(moving.count == 4, "the down and three motions, one commit each: \(moving)")
        for positions in moving {
            let lines = positions.map { $0.split(separator: ".set_position").first ?? "" }
            #expect(Set(lines).count == lines.count, "one position per line and frame: \(positions)")
        }
        #expect(moving.last?.count == 2, "a diagonal motion moves both lines of the crosshair")
        #expect(!trace.contains { $0.contains("set_desync") })
    }

    @Test func theLiveHUDIsTheReplayedHUD() throws {
        let (live, screen) = try drag(to: 260)
        let png = live.folder.appending(path: "replay.png").path
        #expect(try live.quit() == 0)
        let replay = Process()
        replay.executableURL = URL(fileURLWithPath: LiveClient.executable)
        replay.arguments = ["replay", live.sceneFile.path, live.recordFile.path, "--pointer-location", "--png", png,
                            "--events", "/dev/null"]
        try replay.run()
        replay.waitUntilExit()
        #expect(replay.terminationStatus == 0)
        let image = try Canvas.readPNG(from: png)
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Weston draws the client's cursor (set on pointer enter) at the seat
                // pointer's start, (100, 100); a replay has no cursor.
                if (96..<140).contains(x), (96..<140).contains(y) { continue }
                let c = image.components(x: x, y: y)
                if !screen.pixel(x: x, y: y).isClose(to: RGBA(r: c.red, g: c.green, b: c.blue), tolerance: 1) { differing += 1 }
            }
        }
        #expect(differing == 0)
    }
}
