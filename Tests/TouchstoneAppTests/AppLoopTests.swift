import Foundation
import Testing
import TouchstoneApp
import WestonHarness

private let red = Color(red: 255, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 255)

/// The app loop under headless weston: the app's own file descriptors and timers run on
/// the loop, and what they change in the tree is on screen in the next frame.
@Suite("App loop under headless weston", .serialized)
struct AppLoopTests {
    @Test func aTreeChangedFromATimerIsRepaintedInTheNextFrame() throws {
        let commands = CommandPipe()
        defer { commands.close() }
        let live = try AppUnderWeston(width: 200, height: 100, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
            root.backgroundColor = red
            return root
        }, setup: { app, root in
            app.watch(fileDescriptor: commands.readEnd) {
                switch commands.receive() {
                case UInt8(ascii: "c"):
                    // The fd fired; the change happens in a timer it schedules.
                    app.schedule(after: .milliseconds(5)) { root.backgroundColor = blue }
                case UInt8(ascii: "q"):
                    app.stop()
                default:
                    break
                }
            }
        })
        #expect(try live.weston.screenshot().pixel(x: 100, y: 50) == RGBA(r: 255, g: 0, b: 0))
        let sent = try live.weston.monotonicTime()
        commands.send(UInt8(ascii: "c"))
        // The app is idle until the timer changes the tree: its first commit after the
        // command is the frame that shows the change.
        _ = try live.weston.waitForCommit(after: sent, pid: getpid(), timeout: 10)
        #expect(try live.weston.screenshot().pixel(x: 100, y: 50) == RGBA(r: 0, g: 0, b: 255))
        commands.send(UInt8(ascii: "q"))
        let result = live.waitForExit()
        #expect(result.exited)
        #expect(result.error == nil)
    }

    @Test(arguments: [2])
    func theWholeWindowIsPaintedAtOutputScale(_ scale: Int) throws {
        let live = try AppUnderWeston(width: 120, height: 80, scale: scale, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 120, height: 80))
            root.backgroundColor = blue
            return root
        })
        let shot = try live.weston.screenshot()
        #expect(shot.width == 120 * scale && shot.height == 80 * scale)
        for (x, y) in [(0, 0), (shot.width - 1, 0), (0, shot.height - 1), (shot.width - 1, shot.height - 1),
                       (shot.width / 2, shot.height / 2)] {
            #expect(shot.pixel(x: x, y: y) == RGBA(r: 0, g: 0, b: 255), "pixel (\(x), \(y))")
        }
        try live.weston.key(1, pressed: true)   // KEY_ESC quits with the debug keys
        _ = try live.weston.key(1, pressed: false)
        #expect(live.waitForExit().exited)
    }

    /// The app connects without waiting for the outputs' state: it still comes before the
    /// first configure, so the first frame is at the output's scale and never painted again.
    @Test(arguments: [1, 2, 3])
    func theFirstFrameIsAtOutputScaleAndTheOnlyOne(_ scale: Int) throws {
        let live = try AppUnderWeston(width: 120, height: 80, scale: scale, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 120, height: 80))
            root.backgroundColor = blue
            return root
        })
        _ = try live.weston.waitForIdle(pid: getpid(), timeout: 10)
        // Commits after the one that mapped the window: a frame painted again at another scale.
        let commits = try live.weston.commitCount(pid: getpid())
        #expect(commits == 0, "\(commits) commits after the first frame")
        let shot = try live.weston.screenshot()
        #expect(shot.width == 120 * scale && shot.height == 80 * scale)
        #expect(shot.pixel(x: shot.width - 1, y: shot.height - 1) == RGBA(r: 0, g: 0, b: 255))
        try live.weston.key(1, pressed: true)
        _ = try live.weston.key(1, pressed: false)
        #expect(live.waitForExit().exited)
    }

    /// weston 10 has no fractional scale: the harness offers 1.5 (180/120) itself. The app
    /// paints a buffer 1.5× the window, shown through the viewport at the window's size.
    @Test func theWholeWindowIsPaintedAtFractionalScaleOneAndAHalf() throws {
        let live = try AppUnderWeston(width: 120, height: 80, fractionalScale: 180, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 120, height: 80))
            root.backgroundColor = blue
            return root
        })
        let shot = try live.weston.screenshot()
        let view = try #require(try live.weston.views().first)
        #expect(view.width == 120 && view.height == 80)
        #expect(view.bufferWidth == 180 && view.bufferHeight == 120, "\(view)")
        #expect(shot.width == 120 && shot.height == 80)
        for (x, y) in [(0, 0), (shot.width - 1, 0), (0, shot.height - 1), (shot.width - 1, shot.height - 1),
                       (shot.width / 2, shot.height / 2)] {
            #expect(shot.pixel(x: x, y: y) == RGBA(r: 0, g: 0, b: 255), "pixel (\(x), \(y))")
        }
        try live.weston.key(1, pressed: true)
        _ = try live.weston.key(1, pressed: false)
        #expect(live.waitForExit().exited)
    }
}
