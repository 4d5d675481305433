import Foundation
import Testing
@testable import WaylandClient
import WestonHarness

/// Scroll events from a real weston 10 seat (injected through the harness module) as the
/// window's `PointerBatch`es.
@Suite(.serialized) struct PointerScrollTests {
    @Test func scrollFramesArriveAsValueEventsWithSourceWheel120thsAndStop() throws {
        let (weston, connection, window) = try openWindow(title: "scroll", size: Size(width: 320, height: 240),
                                                          output: Size(width: 320, height: 240))
        defer { weston.stop() }
        let handler = TestWindowHandler(for: window)
        defer { withExtendedLifetime(handler) {} }
        handler.paint = { context in
            for rect in context.repaint.rects { context.buffer.fill(rect, argb: 0xFFFF_FFFF) }
        }
        var batches: [PointerBatch] = []
        handler.pointer = { batches.append($0) }
        try run(connection) { window.presentedFrames == 1 }
        // weston 10 offers wl_seat 7: wheel steps come as axis_discrete, never axis_value120.
        #expect(connection.boundVersions["wl_seat"] == 7)

        try weston.pointerMotion(x: 40, y: 30)
        let wheel = try weston.pointerAxis(.vertical, value: 15, source: .wheel, steps: 1)
        try weston.pointerAxis(.horizontal, value: -7.5, source: .finger)
        let stop = try weston.pointerAxisStop(.horizontal, source: .finger)
        try run(connection) { batches.last?.events.last?.action == .axisStop(.horizontal, source: .finger) }

        let scrolls = batches.filter { $0.events.contains { $0.action != .enter && $0.action != .motion } }
        #expect(scrolls.map { $0.events.map(\.action) } == [
            [.axis(.vertical, value: 15, source: .wheel, value120: 120)],
            [.axis(.horizontal, value: -7.5, source: .finger, value120: nil)],
            [.axisStop(.horizontal, source: .finger)],
        ])
        #expect(scrolls.allSatisfy { $0.surfaceID == window.surfaceID })
        #expect(scrolls.allSatisfy { $0.events[0].location == Point(x: 40, y: 30) }, "surface points")
        // Compositor timestamps: weston stamps input with CLOCK_MONOTONIC milliseconds.
        #expect(scrolls.first?.events[0].time == UInt32(truncatingIfNeeded: wheel / 1_000_000))
        #expect(scrolls.last?.events[0].time == UInt32(truncatingIfNeeded: stop / 1_000_000))
    }
}
