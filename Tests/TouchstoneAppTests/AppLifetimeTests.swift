import Foundation
import Testing
import TouchstoneApp
import WestonHarness

/// Weak references to what an app on another thread made, read once its run returned.
private final class Probes: @unchecked Sendable {
    private let lock = NSLock()
    private weak var app: App?
    private weak var window: AnyObject?
    private weak var root: Node?

    func watch(_ app: App, _ root: Node) {
        lock.withLock {
            self.app = app
            window = app.window
            self.root = root
        }
    }

    /// What is still alive: empty once the app and everything it owned are gone.
    var alive: [String] {
        lock.withLock {
            [("app", app as AnyObject?), ("window", window), ("root", root)].compactMap { $0.1 == nil ? nil : $0.0 }
        }
    }
}

/// Once `run()` returns and the app is dropped, the app, its window and its tree are freed:
/// nothing the app wired up (the event log, its handlers) keeps them in a cycle.
@Suite("App lifetime under headless weston", .serialized)
struct AppLifetimeTests {
    @Test func aLoggedTreeIsFreedWithItsApp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-lifetime-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probes = Probes()
        let live = try AppUnderWeston(width: 120, height: 80,
                                      options: AppOptions(eventLog: .file(folder.appendingPathComponent("events.jsonl").path)),
                                      makeRoot: {
                                          let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 120, height: 80))
                                          root.addSubnode(ButtonNode(name: "button", frame: Rect(x: 10, y: 10, width: 50, height: 30)))
                                          return root
                                      }, setup: { app, root in probes.watch(app, root) })
        try live.weston.key(1, pressed: true)   // KEY_ESC quits with the debug keys
        _ = try live.weston.key(1, pressed: false)
        let result = live.waitForExit()
        #expect(result.exited)
        #expect(result.error == nil)
        #expect(probes.alive == [])
    }

    @Test func handlersThatCaptureTheAppLetItGoWhenTheRunEnds() throws {
        let commands = CommandPipe()
        defer { commands.close() }
        let probes = Probes()
        let live = try AppUnderWeston(width: 120, height: 80, makeRoot: {
            Node(name: "root", frame: Rect(x: 0, y: 0, width: 120, height: 80))
        }, setup: { app, root in
            probes.watch(app, root)
            // Each handler holds the app strongly, as user code naturally writes it.
            app.watch(fileDescriptor: commands.readEnd) {
                if commands.receive() == UInt8(ascii: "q") { app.stop() }
            }
            app.schedule(after: .seconds(3600)) { app.stop() }
            app.onKey = { _, _ in app.window.showsTappableAreas }
            app.onInput = { _, _ in _ = app.inputTime }
        })
        commands.send(UInt8(ascii: "q"))
        let result = live.waitForExit()
        #expect(result.exited)
        #expect(result.error == nil)
        #expect(probes.alive == [])
    }
}
