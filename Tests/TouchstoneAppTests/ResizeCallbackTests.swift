import Foundation
import Testing
import TouchstoneApp
import WestonHarness

/// The sizes an app's `onResize` reported, written on the app's thread, read on the test's.
private final class SeenSizes: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [Size] = []
    func append(_ size: Size) { lock.withLock { sizes.append(size) } }
    var all: [Size] { lock.withLock { sizes } }
}

/// `App.onResize` under headless weston (behaviour.md §11): kiosk-shell configures every
/// window to the output's size, a resize the app did not ask for.
@Suite("App resize callback under headless weston", .serialized)
struct ResizeCallbackTests {
    private static let blue = Color(red: 0, green: 0, blue: 255)
    private static let red = Color(red: 255, green: 0, blue: 0)

    /// A 100 × 60 pt root with a red 20 pt badge that the app keeps in its bottom-right corner.
    private func start(outputWidth: Int, outputHeight: Int, rootSize: Size, seen: SeenSizes) throws -> AppUnderWeston {
        try AppUnderWeston(width: outputWidth, height: outputHeight, makeRoot: {
            let root = Node(name: "root", frame: Rect(origin: .zero, size: rootSize))
            root.backgroundColor = Self.blue
            let badge = Node(name: "badge", frame: Rect(x: rootSize.width - 20, y: rootSize.height - 20, width: 20, height: 20))
            badge.backgroundColor = Self.red
            root.addSubnode(badge)
            return root
        }, setup: { app, root in
            app.onResize = { size in
                seen.append(size)
                root.node(named: "badge")?.frame = Rect(x: size.width - 20, y: size.height - 20, width: 20, height: 20)
            }
        })
    }

    private func quit(_ live: AppUnderWeston) throws {
        try live.weston.key(1, pressed: true)   // KEY_ESC quits with the debug keys
        _ = try live.weston.key(1, pressed: false)
        #expect(live.waitForExit().exited)
    }

    @Test func anAppLaysItsTreeOutForTheSizeTheCompositorGivesItsWindow() throws {
        let seen = SeenSizes()
        let live = try start(outputWidth: 240, outputHeight: 160, rootSize: Size(width: 100, height: 60), seen: seen)
        _ = try live.weston.waitForIdle(pid: getpid(), timeout: 10)
        #expect(seen.all == [Size(width: 240, height: 160)])
        let shot = try live.weston.screenshot()
        #expect(shot.width == 240 && shot.height == 160)
        // The badge moved with the handler, in the frame that showed the new size.
        #expect(shot.pixel(x: 230, y: 150) == RGBA(r: 255, g: 0, b: 0))
        #expect(shot.pixel(x: 90, y: 50) == RGBA(r: 0, g: 0, b: 255))
        try quit(live)
    }

    @Test func aConfigureThatKeepsTheSizeDoesNotCallIt() throws {
        let seen = SeenSizes()
        let live = try start(outputWidth: 160, outputHeight: 100, rootSize: Size(width: 160, height: 100), seen: seen)
        _ = try live.weston.waitForIdle(pid: getpid(), timeout: 10)
        #expect(seen.all.isEmpty)
        #expect(try live.weston.screenshot().pixel(x: 150, y: 90) == RGBA(r: 255, g: 0, b: 0))
        try quit(live)
    }
}
