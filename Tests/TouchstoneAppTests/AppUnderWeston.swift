import Foundation
import Testing
@testable import TouchstoneApp
import WestonHarness

/// An `App` running on its own thread, connected to a private headless weston, while the
/// test thread drives the compositor (screenshots, commits, input). The tree is built on
/// the app's thread by `makeRoot`, which also sets the app up (timers, watches).
final class AppUnderWeston: @unchecked Sendable {
    let weston: HeadlessWeston
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var error: (any Error)?

    /// `fractionalScale` (120ths) is the preferred scale the harness tells the window.
    init(width: Int, height: Int, scale: Int = 1, fractionalScale: Int? = nil, options: AppOptions = AppOptions(),
         makeRoot: @escaping @Sendable () -> Node, setup: @escaping @Sendable (App, Node) -> Void = { _, _ in }) throws {
        weston = try HeadlessWeston.start(width: width, height: height, scale: scale, fractionalScale: fractionalScale)
        var connected = options
        connected.display = weston.displayPath
        let options = connected
        let thread = Thread { [self] in
            do throws(AppError) {
                let root = makeRoot()
                let app = try App(root: root, options: options)
                setup(app, root)
                try app.run()
            } catch {
                lock.withLock { self.error = error }
            }
            finished.signal()
        }
        // Not kept: the thread holds this object until the app's run ends, never the reverse.
        thread.start()
        do {
            _ = try weston.waitForView(timeout: 10)
        } catch {
            weston.stop()
            throw error
        }
    }

    deinit { weston.stop() }

    /// Waits for `run()` to return (after the app stopped) and returns its error, if any.
    func waitForExit(timeout: Double = 10) -> (exited: Bool, error: (any Error)?) {
        let exited = finished.wait(timeout: .now() + timeout) == .success
        return (exited, lock.withLock { error })
    }
}

/// A pipe the test writes commands into and the app watches.
struct CommandPipe: @unchecked Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    func send(_ byte: UInt8) {
        var value = byte
        precondition(write(writeEnd, &value, 1) == 1)
    }

    /// The next byte, read on the app's side when the pipe is readable.
    func receive() -> UInt8 {
        var value: UInt8 = 0
        return read(readEnd, &value, 1) == 1 ? value : 0
    }

    func close() {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }
}
