import Testing
@testable import WaylandClient
import WestonHarness

/// Runs the loop until `condition` holds after an iteration, failing after `seconds`.
func run(_ connection: WaylandConnection, seconds: Double = 5, until condition: @escaping () -> Bool) throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    let id = connection.loop.addIdleWork { if condition() { connection.loop.stop() } }
    defer { connection.loop.removeIdleWork(id) }
    let reason = try connection.loop.run(until: deadline)
    #expect(reason == .requested, "timed out waiting")
}

/// Starts weston with an `output` size and `shell`, connects to it and opens a toplevel of
/// `size` titled `title` (fullscreen when asked). The test stops the compositor when done
/// (`defer { weston.stop() }`); a failed connection stops it here.
func openWindow(title: String, size: Size, shell: HeadlessWeston.Shell = .kiosk, output: Size,
                fullscreen: Bool = false) throws -> (weston: HeadlessWeston, connection: WaylandConnection, window: ToplevelWindow) {
    let weston = try HeadlessWeston.start(width: Int(output.width), height: Int(output.height), shell: shell)
    do {
        let connection = try WaylandConnection(displayName: weston.displayPath)
        let window = ToplevelWindow(connection: connection, configuration:
            WindowConfiguration(title: title, appID: "org.touchstone.test", size: size, fullscreen: fullscreen))
        return (weston, connection, window)
    } catch {
        weston.stop()
        throw error
    }
}
