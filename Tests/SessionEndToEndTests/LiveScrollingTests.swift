import Foundation
import NodeCore
import SceneFormat
import Session
import Testing
import WestonHarness

/// A 400×300 window filled by `list`, a scroll node over 1200 pt of content: twenty
/// 50 pt buttons, one every 60 pt (`b0` at content y 5...55, `b1` at 65...115, ...),
/// blue and green in turn, red while highlighted, white gaps between them.
func scrollingListScene(extraListKeys: String = "") -> String {
    let buttons = (0 ..< 20).map { i in
        """
        { "name": "b\(i)", "kind": "button", "frame": [20, \(i * 60 + 5), 360, 50],
          "color": "\(i % 2 == 0 ? "#0000FF" : "#00C000")", "highlightedColor": "#FF0000" }
        """
    }.joined(separator: ",\n")
    return """
    { "size": [400, 300], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 400, 300], "children": [
        { "name": "list", "kind": "scroll", "frame": [0, 0, 400, 300], "contentSize": [400, 1200],
          "color": "#FFFFFF"\(extraListKeys), "children": [
    \(buttons)
        ] } ] } }
    """
}

private let blue = RGBA(r: 0, g: 0, b: 255)
private let green = RGBA(r: 0, g: 0xC0, b: 0)
private let red = RGBA(r: 255, g: 0, b: 0)

/// Live scrolling under headless weston (behaviour.md §9.5, §11): seat touches and pointer scrolls go in
/// through the harness, touches stamped at chosen times so that velocities are exact.
@Suite("Live scrolling under headless weston", .serialized)
struct LiveScrollingTests {
    @Test func draggingTheListMovesItsContentOnScreenAndLogsScrollLines() throws {
        let live = try LiveClient(scene: scrollingListScene(), arguments: ["--debug-overlay"])
        let stamps = try Stamps(live)
        try stamps.down(1, 200, 250, at: 0)
        // Slow moves (2 pt/ms at most, then a pause of more than 100 ms): no fling.
        try stamps.move(1, 200, 230, at: 40)
        try stamps.move(1, 200, 190, at: 80)
        try stamps.move(1, 200, 190, at: 300)
        try stamps.up(1, at: 310)
        let log = try live.waitForLog { $0.contains { $0.event.name == "scrollEnded" } }
        let scroll = log.filter { $0.node == "list" }
        #expect(scroll.map(\.event.name) == ["scrollBegan", "scrolled", "scrollEnded"])
        // The drag began past the 10 pt slop at t 40 without a jump: 60 pt of finger, 40 of offset.
        #expect(scroll.last?.location == Point(x: 0, y: 40))
        #expect(!log.contains { $0.node == "b4" }, "a drag that begins within the delay keeps the touch from the content")
        // b0 (content 5...55) now shows at -35...15, the gap below it at 15...25, b1 from 25;
        // the overlay's green (0.4) tints each button where it now is.
        live.waitUntilTheScreenSettles()
        let shot = try live.screenshot()
        #expect(shot.pixel(x: 200, y: 10).isClose(to: RGBA(r: 0, g: 102, b: 153)), "b0 under the overlay")
        #expect(shot.pixel(x: 200, y: 20).isClose(to: RGBA(r: 255, g: 255, b: 255)), "the gap")
        #expect(shot.pixel(x: 200, y: 50).isClose(to: RGBA(r: 0, g: 217, b: 0)), "b1 under the overlay")
        #expect(try live.quit() == 0)
    }

    @Test func aQuickTapOnAButtonInTheListFiresIt() throws {
        let live = try LiveClient(scene: scrollingListScene())
        let stamps = try Stamps(live)
        try stamps.down(1, 200, 100, at: 0)   // b1 (65...115)
        try stamps.up(1, at: 80)              // within the 150 ms delay
        let log = try live.waitForLog { $0.contains { $0.event.name == "primaryActionTriggered" } }
        #expect(log.map { "\($0.node).\($0.event.name)" } == ["b1.touchDown", "b1.touchUpInside", "b1.primaryActionTriggered"])
        #expect(log.allSatisfy { $0.time == log[0].time }, "down and up both at the up's time")
    }

    @Test func holdingThenDraggingKeepsTheButtonByDefault() throws {
        let live = try LiveClient(scene: scrollingListScene())
        let stamps = try Stamps(live)
        try stamps.down(1, 200, 100, at: 0)
        // The delay expires on the client's timer: the content gets the down, the button highlights.
        _ = try live.waitForLog { $0.contains { $0.event.name == "touchDown" } }
        live.waitUntilTheScreenSettles()
        #expect(try live.screenshot().pixel(x: 200, y: 100).isClose(to: red))
        try stamps.move(1, 200, 60, at: 400)
        try stamps.up(1, at: 420)
        let log = try live.waitForLog { $0.contains { $0.event.name == "touchUpInside" } }
        #expect(log.map { "\($0.node).\($0.event.name)" }
                == ["b1.touchDown", "b1.touchDragInside", "b1.touchUpInside", "b1.primaryActionTriggered"])
        #expect(log[0].time == 150, "the content saw the down when the delay expired")
    }

    @Test func holdingThenDraggingCancelsTheButtonWithCancelsControlTouches() throws {
        let live = try LiveClient(scene: scrollingListScene(extraListKeys: #", "cancelsControlTouches": true"#))
        let stamps = try Stamps(live)
        try stamps.down(1, 200, 100, at: 0)
        _ = try live.waitForLog { $0.contains { $0.event.name == "touchDown" } }
        try stamps.move(1, 200, 60, at: 400)
        try stamps.move(1, 200, 40, at: 600)
        try stamps.up(1, at: 800)
        let log = try live.waitForLog { $0.contains { $0.event.name == "scrollEnded" } }
        #expect(log.map { "\($0.node).\($0.event.name)" }
                == ["b1.touchDown", "b1.touchCancel", "list.scrollBegan", "list.scrolled", "list.scrollEnded"])
        // The drag began at y 60 (past the slop) and followed the finger to 40: offset 20,
        // so b1 (content 65...115) shows at 45...95, no longer highlighted.
        #expect(log.last?.location == Point(x: 0, y: 20))
        live.waitUntilTheScreenSettles()
        #expect(try live.screenshot().pixel(x: 200, y: 60).isClose(to: green))
    }

    @Test func aFlingDeceleratesAndStops() throws {
        let live = try LiveClient(scene: scrollingListScene())
        let stamps = try Stamps(live)
        try stamps.fling(1, from: 280, steps: 5, by: 40)
        let log = try live.waitForLog(timeout: 20) { $0.contains { $0.event.name == "scrollStopped" } }
        let scroll = log.filter { $0.node == "list" }
        let ended = try #require(scroll.first { $0.event.name == "scrollEnded" })
        let stopped = try #require(scroll.last)
        #expect(ended.event == .scroll(.ended(decelerates: true)))
        #expect(stopped.event.name == "scrollStopped")
        #expect(stopped.time > ended.time)
        #expect((stopped.location?.y ?? 0) > (ended.location?.y ?? 0), "it kept moving after the lift")
        // Once stopped, the frames that show the end go out and then nothing: no frame
        // for 300 ms, and no CPU time used by the client meanwhile.
        live.waitUntilTheScreenSettles()
        let cpu = try live.client.cpuTicks()
        #expect(throws: HarnessError.self) { try live.weston.waitForFrame(timeout: 0.3) }
        #expect(try live.client.cpuTicks() == cpu, "idle CPU is zero once the animation ended")
    }

    @Test func aWheelScrollsTheListUnderThePointer() throws {
        let live = try LiveClient(scene: scrollingListScene())
        try live.inject([.pointerMotion(location: Point(x: 200, y: 150))])
        try live.injectAndWaitForFrame([.pointerAxis(.vertical, value: 60, source: .wheel)])
        let log = try live.waitForLog { $0.contains { $0.event.name == "scrolled" } }
        #expect(log.map(\.event.name) == ["scrolled"])
        #expect(log.first?.location == Point(x: 0, y: 60))
        live.waitUntilTheScreenSettles()
        #expect(try live.screenshot().pixel(x: 200, y: 30).isClose(to: green), "b1 moved up to where b0 was")
    }

    @Test func aRecordedSessionWithFlingsAndDelayedTapsReplaysToTheIdenticalLog() throws {
        let live = try LiveClient(scene: scrollingListScene())
        let stamps = try Stamps(live)
        try stamps.fling(1, from: 280, steps: 4, by: 30)
        _ = try live.waitForLog(timeout: 20) { $0.contains { $0.event.name == "scrollStopped" } }
        try stamps.down(2, 200, 150, at: 5000)
        _ = try live.waitForLog { $0.contains { $0.event.name == "touchDown" } }
        try stamps.up(2, at: 5400)
        try live.inject([.pointerMotion(location: Point(x: 200, y: 150)),
                         .pointerAxis(.vertical, value: -25, source: .wheel)])
        _ = try live.waitForLog { $0.filter { $0.event.name == "scrolled" && $0.touch == nil }.count == 1 }
        #expect(try live.quit() == 0)
        let liveLog = try String(contentsOf: live.eventsFile, encoding: .utf8)
        #expect(try live.replayRecording() == liveLog)
        #expect(liveLog.contains(#""event":"scrollStopped""#) && liveLog.contains(#""event":"primaryActionTriggered""#))
    }

    /// A touchpad scroll (source `finger`) stamped every 8 ms, then `axis_stop`: the list
    /// follows one to one, then decelerates on its own on frame callbacks with the velocity
    /// of the last 100 ms of scrolling (behaviour.md §9.4), and the recording replays to
    /// the identical log.
    @Test func aTouchpadScrollEndingInAxisStopDeceleratesLiveAndReplaysIdentically() throws {
        let live = try LiveClient(scene: scrollingListScene())
        let stamps = try Stamps(live)
        try stamps.pointerMotion(200, 150, at: 0)
        for step in 0 ..< 7 { try stamps.axis(.vertical, 6, at: 10 + UInt64(step) * 8) }
        try stamps.axisStop(.vertical, at: 60)
        let log = try live.waitForLog(timeout: 20) { $0.contains { $0.event.name == "scrollStopped" } }
        let scroll = log.filter { $0.node == "list" }
        #expect(scroll.map(\.event.name) == Array(repeating: "scrolled", count: 7) + ["scrollStopped"])
        let axisTimes: [Double] = [10, 18, 26, 34, 42, 50, 58]
        #expect(scroll.dropLast().map(\.time) == axisTimes, "the axis events' own times")
        #expect(scroll.dropLast().last?.location == Point(x: 0, y: 42))
        // 0.75 pt/ms (six 6 pt steps over 48 ms) at the normal rate: about 375 pt more,
        // ending more than two seconds after the stop, when the speed falls to 0.01 pt/ms.
        let stopped = try #require(scroll.last)
        let final = try #require(stopped.location?.y)
        #expect(final > 400 && final < 420, "\(final)")
        #expect(stopped.time > 2000)
        #expect(!log.contains { $0.node != "list" }, "a touchpad scroll never reaches the content")

        // The frames painted while it decelerated end at the final offset: find a row of
        // the screen in the middle of a button (content y 5...55 mod 60) and check its colour.
        live.waitUntilTheScreenSettles()
        let shot = try live.screenshot()
        let row = try #require((100 ..< 200).first { y in
            let inButton = (Double(y) + final - 5).truncatingRemainder(dividingBy: 60)
            return inButton > 10 && inButton < 40
        })
        let index = Int((Double(row) + final - 5) / 60)
        #expect(shot.pixel(x: 200, y: row).isClose(to: index % 2 == 0 ? blue : green), "b\(index) at row \(row)")

        #expect(try live.quit() == 0)
        let liveLog = try String(contentsOf: live.eventsFile, encoding: .utf8)
        let recording = try String(contentsOf: live.recordFile, encoding: .utf8)
        #expect(recording.contains(#""type":"pointer.axis_stop""#) && recording.contains(#""source":"finger""#))
        #expect(try live.replayRecording() == liveLog)
    }
}

/// Touches stamped at chosen milliseconds after a base instant on weston's clock.
struct Stamps {
    let live: LiveClient
    let base: UInt64

    init(_ live: LiveClient) throws {
        self.live = live
        base = try live.weston.monotonicTime()
    }

    private func time(_ milliseconds: UInt64) -> UInt64 { base + milliseconds * 1_000_000 }

    func down(_ id: Int32, _ x: Double, _ y: Double, at ms: UInt64) throws {
        try live.weston.touchDown(id: id, x: x, y: y, at: time(ms))
        try live.weston.touchFrame(at: time(ms))
    }

    func move(_ id: Int32, _ x: Double, _ y: Double, at ms: UInt64) throws {
        try live.weston.touchMotion(id: id, x: x, y: y, at: time(ms))
        try live.weston.touchFrame(at: time(ms))
    }

    func up(_ id: Int32, at ms: UInt64) throws {
        try live.weston.touchUp(id: id, at: time(ms))
    }

    func pointerMotion(_ x: Double, _ y: Double, at ms: UInt64) throws {
        try live.weston.pointerMotion(x: x, y: y, at: time(ms))
    }

    /// A touchpad scroll frame (source `finger`) of `value` points.
    func axis(_ axis: HeadlessWeston.ScrollAxis, _ value: Double, at ms: UInt64) throws {
        try live.weston.pointerAxis(axis, value: value, source: .finger, at: time(ms))
    }

    /// The fingers leave the touchpad.
    func axisStop(_ axis: HeadlessWeston.ScrollAxis, at ms: UInt64) throws {
        try live.weston.pointerAxisStop(axis, source: .finger, at: time(ms))
    }

    /// A quick upward swipe at x 200 from t 0: down at `y`, `steps` moves of `distance`
    /// points 16 ms apart, the lift 2 ms after the last.
    func fling(_ id: Int32, from y: Double, steps: Int, by distance: Double) throws {
        try down(id, 200, y, at: 0)
        for step in 1 ... steps { try move(id, 200, y - Double(step) * distance, at: UInt64(step) * 16) }
        try up(id, at: UInt64(steps) * 16 + 2)
    }
}

extension LiveClient {
    /// Waits (bounded) until no output frame comes for 300 ms: what the log reports is then
    /// on screen, since a frame in flight can hold the frame that shows it back a little.
    func waitUntilTheScreenSettles() {
        var settled = false
        for _ in 0 ..< 20 where !settled {
            do { try weston.waitForFrame(timeout: 0.3) } catch { settled = true }
        }
        #expect(settled, "the client kept committing frames: \(clientLog())")
    }

    /// Polls the event log (bounded) until `condition` holds for it; returns it then, or
    /// records a failure with the client's output and returns what was logged.
    func waitForLog(timeout: Double = 10, until condition: ([EventLogEntry]) -> Bool) throws -> [EventLogEntry] {
        var entries: [EventLogEntry] = []
        do {
            return try Polling.until("the event log", timeout: timeout) { () -> [EventLogEntry]? in
                let bytes = Array((try? Data(contentsOf: eventsFile)) ?? Data())
                entries = (try? EventLog.decode(bytes, file: eventsFile.path)) ?? []
                return condition(entries) ? entries : nil
            }
        } catch {
            Issue.record("the log never got there: \(entries.map(\.line)) \(clientLog())")
            return entries
        }
    }
}

extension ChildProcess {
    /// User plus system CPU time used so far, in clock ticks (`/proc/PID/stat`).
    func cpuTicks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after "(comm)": state is the first, utime the 12th, stime the 13th.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
}
