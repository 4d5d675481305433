import Foundation
import Testing
import TouchstoneApp
import WestonHarness

/// The built-in overlays as an app switches them (`App+Overlays`), under headless weston:
/// the properties and the debug keys are one state, and what they switch is on screen.
@Suite("App overlay switches under headless weston", .serialized)
struct AppOverlaySwitchTests {
    /// The next frame the app commits after `change`, as a screenshot.
    private func frame(after change: () throws -> Void, of live: AppUnderWeston) throws -> Screenshot {
        let sent = try live.weston.monotonicTime()
        try change()
        _ = try live.weston.waitForCommit(after: sent, pid: getpid(), timeout: 10)
        return try live.weston.screenshot()
    }

    @Test func theTappableAreaSwitchAndTheDebugKeyShareOneState() throws {
        let commands = CommandPipe()
        defer { commands.close() }
        var options = AppOptions(size: Size(width: 200, height: 100))
        options.drawsTitleBar = false
        let live = try AppUnderWeston(width: 200, height: 100, options: options, makeRoot: {
            let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
            root.backgroundColor = .white
            root.addSubnode(ButtonNode(name: "button", frame: Rect(x: 60, y: 30, width: 80, height: 40)))
            return root
        }, setup: { app, _ in
            app.watch(fileDescriptor: commands.readEnd) {
                switch commands.receive() {
                case UInt8(ascii: "a"): app.showsTappableAreas = true
                case UInt8(ascii: "p"): app.showsPointerLocation = true
                case UInt8(ascii: "q"): app.stop()
                default: break
                }
            }
        })
        let plain = try live.weston.screenshot()
        let tinted = try frame(after: { commands.send(UInt8(ascii: "a")) }, of: live)
        #expect(tinted.pixel(x: 100, y: 50) != plain.pixel(x: 100, y: 50), "the button's touch area is tinted")
        // The `d` debug key toggles the same state: off again.
        let toggled = try frame(after: { _ = try live.weston.key(32, pressed: true); _ = try live.weston.key(32, pressed: false) },
                                of: live)
        #expect(toggled.rgba == plain.rgba)
        let hud = try frame(after: { commands.send(UInt8(ascii: "p")) }, of: live)
        #expect(hud.rgba != plain.rgba, "the pointer-location HUD shows")
        commands.send(UInt8(ascii: "q"))
        let result = live.waitForExit()
        #expect(result.exited)
        #expect(result.error == nil)
    }
}
