public import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A private headless weston 10 with the touchstone-harness module loaded,
/// driven through the module's control socket.
///
/// All methods block the calling thread until the module replied; none of
/// them sleeps for a fixed time. Input methods return the `CLOCK_MONOTONIC`
/// time (ns) at which the event was injected. Here are the waits the headless commands
/// need (a window mapped, a client idle, a commit after an input); the ones only tests and
/// benchmarks use (views, frames, cursors, commit timing, the clipboard) are `WestonHarness`'s.
///
/// ```swift
/// let weston = try HeadlessWeston.start(width: 800, height: 600)
/// let client = try weston.launchClient("/usr/bin/weston-simple-touch")
/// let view = try weston.waitForView(timeout: 5)
/// try weston.touchDown(id: 0, x: 400, y: 300)
/// ```
public final class HeadlessWeston: @unchecked Sendable {
    /// Variables a client process needs to connect to this compositor.
    public let environment: [String: String]
    /// Where the runtime dir, control socket and `weston.log` live.
    public let directory: URL
    /// The weston process id.
    public let pid: Int32
    /// Path of the control socket.
    public let controlSocket: String

    private let process: ChildProcess
    private let ownsDirectory: Bool
    private let state = Mutex<State>(State())
    /// Serializes round trips on the single control connection.
    private let io = Mutex(())

    private struct State {
        var connection: ControlConnection?
        var stopped = false
        var screenshotCounter = 0
    }

    /// The wayland socket name clients use.
    public static let displayName = "wayland-touchstone"

    /// The absolute path of the compositor's socket: a client in this process connects to
    /// it directly (`wl_display_connect` with a path), whatever its own environment says.
    public var displayPath: String {
        directory.appending(path: "runtime").appending(path: Self.displayName).path
    }

    /// Starts weston with the harness module and waits until the module
    /// answers `ping`.
    ///
    /// - Parameters:
    ///   - width, height: output size in logical pixels.
    ///   - scale: output scale (the framebuffer is `width * scale` pixels wide).
    ///   - directory: state directory; a fresh temporary one (removed again
    ///     by `stop()`) when nil.
    ///   - module: the built `touchstone-harness.so` (installed beside the binary, or built
    ///     by test support: `WestonHarness` adds a `start` that finds or builds it).
    ///   - startTimeout: how long to wait for the module to answer.
    ///   - shell: weston's shell: `.kiosk` makes every window fullscreen; `.desktop` floats
    ///     them (and offers no decoration manager, so clients draw their own title bars),
    ///     without animations or panel (see `writeConfiguration`).
    ///   - diesWithParent: weston is killed by the kernel when this process dies (see `ChildProcess`).
    ///   - fractionalScale: when given, the module offers `wp_fractional_scale_manager_v1`
    ///     (weston 10 has none) and tells every surface this preferred scale, in 120ths
    ///     (180 is 1.5), so a client's fractional path runs here.
    public static func start(
        width: Int = 1024, height: Int = 768, scale: Int = 1, shell: Shell = .kiosk,
        directory: URL? = nil, module: URL, startTimeout: Double = 10, diesWithParent: Bool = false,
        fractionalScale: Int? = nil
    ) throws(HarnessError) -> HeadlessWeston {
        // weston quits when its desktop-shell helper client goes away in the first 30 s ("cannot
        // run at all"); on a loaded machine the helper occasionally does during startup, before
        // any client of ours connected. That is weston's hiccup, not the caller's: try again once.
        var attempt = 1
        while true {
            do {
                return try launch(width: width, height: height, scale: scale, shell: shell, directory: directory,
                                  module: module, startTimeout: startTimeout, diesWithParent: diesWithParent,
                                  fractionalScale: fractionalScale)
            } catch {
                guard attempt < 2, case .westonFailedToStart(_, let tail) = error,
                      tail.contains("cannot run at all") else { throw error }
                attempt += 1
            }
        }
    }

    private static func launch(
        width: Int, height: Int, scale: Int, shell: Shell, directory: URL?, module: URL,
        startTimeout: Double, diesWithParent: Bool, fractionalScale: Int?
    ) throws(HarnessError) -> HeadlessWeston {
        guard width > 0, height > 0, scale > 0 else {
            throw .invalidArgument("size \(width)x\(height) scale \(scale) must be positive")
        }
        if let fractionalScale, !(1...1920).contains(fractionalScale) {
            throw .invalidArgument("fractional scale \(fractionalScale)/120 must be 1/120 to 16")
        }
        guard let weston = findExecutable("weston") else { throw .westonNotFound }
        guard FileManager.default.fileExists(atPath: module.path) else { throw .moduleMissing(path: module.path) }
        let modulePath = module.standardizedFileURL.path

        let ownsDirectory = directory == nil
        let dir: URL
        if let directory {
            dir = directory
        } else {
            dir = try makeTemporaryDirectory()
        }
        let runtime = dir.appending(path: "runtime", directoryHint: .isDirectory)
        do {
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        } catch {
            throw .fileSystem(path: runtime.path, reason: "\(error)")
        }
        let socket = runtime.appending(path: "harness.sock").path
        for stale in [socket, runtime.appending(path: displayName).path,
                      runtime.appending(path: displayName + ".lock").path] {
            unlink(stale)
        }
        let logURL = dir.appending(path: "weston.log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw .fileSystem(path: logURL.path, reason: "cannot create log file")
        }

        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] {
            env.removeValue(forKey: key)
        }
        env["XDG_RUNTIME_DIR"] = runtime.path
        env["TOUCHSTONE_HARNESS_SOCKET"] = socket
        env["TOUCHSTONE_HARNESS_FRACTIONAL_SCALE"] = fractionalScale.map(String.init)

        let config = try writeConfiguration(for: shell, in: dir)
        let arguments = [
            "--backend=headless-backend.so", "--use-pixman", "--shell=\(shell.rawValue)",
            "--socket=\(displayName)", "--width=\(width)", "--height=\(height)",
            "--scale=\(scale)", "--idle-time=0", "--config=\(config)",
            "--modules=\(modulePath)",
        ]
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: weston.path, arguments: arguments,
                                       environment: env, outputPath: logURL.path, diesWithParent: diesWithParent)
        } catch {
            throw .westonFailedToStart(exitStatus: -1, logTail: "\(error)")
        }

        let instance = HeadlessWeston(
            process: process, directory: dir, ownsDirectory: ownsDirectory, socket: socket,
            environment: ["WAYLAND_DISPLAY": displayName, "XDG_RUNTIME_DIR": runtime.path])
        do {
            try instance.connect(timeout: startTimeout, log: logURL)
            // The desktop shell is ready once its helper mapped the background.
            if shell == .desktop { _ = try instance.waitForView(timeout: startTimeout) }
        } catch {
            instance.stop()
            if case .westonExited(let status, let tail) = error { throw .westonFailedToStart(exitStatus: status, logTail: tail) }
            throw error
        }
        return instance
    }

    /// The seat's keymap, xkb layout and variant: US international, whose two unshifted dead
    /// keys (´ on the apostrophe key, ` on the grave key) let scripts type composed text;
    /// letters, digits and editing keys are where US has them (`ScriptInjector.evdevKeyCodes`).
    public static let keymap = (layout: "us", variant: "intl")

    /// A `weston.ini` with the seat's `keymap`. The desktop shell fades in from black until
    /// its helper client is ready (and animates windows): the file turns that off too, so the
    /// first frames show the windows and screenshots are stable, and drops the panel so a
    /// maximized window has the whole output.
    private static func writeConfiguration(for shell: Shell, in directory: URL) throws(HarnessError) -> String {
        let path = directory.appending(path: "weston.ini").path
        let keyboard = """
            [keyboard]
            keymap_layout=\(keymap.layout)
            keymap_variant=\(keymap.variant)

            """
        guard shell == .desktop else { return try write(keyboard, to: path) }
        let text = keyboard + """
            [shell]
            startup-animation=none
            animation=none
            close-animation=none
            focus-animation=none
            panel-position=none
            locking=false

            """
        return try write(text, to: path)
    }

    private static func write(_ text: String, to path: String) throws(HarnessError) -> String {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw .fileSystem(path: path, reason: "cannot write the weston configuration")
        }
        return path
    }

    private init(process: ChildProcess, directory: URL, ownsDirectory: Bool, socket: String,
                 environment: [String: String]) {
        self.process = process
        self.pid = process.pid
        self.directory = directory
        self.ownsDirectory = ownsDirectory
        self.controlSocket = socket
        self.environment = environment
    }

    deinit { stop() }

    // MARK: Readiness

    /// Ready means the module answers `ping`, not that a socket file exists.
    private func connect(timeout: Double, log: URL) throws(HarnessError) {
        let deadline = Deadline(seconds: timeout)
        var wait = 0.002
        while true {
            guard process.isRunning else {
                throw .westonFailedToStart(exitStatus: process.waitUntilExit() ?? -1,
                                           logTail: Self.tail(of: log, lines: 8))
            }
            // While weston loads, refused connections and pings are expected: retried until the deadline.
            if let connection = try? ControlConnection(path: controlSocket) {
                let remaining = max(0.1, deadline.remainingSeconds)
                if let reply = try? connection.roundTrip("ping", timeout: remaining), reply == "ok pong" {
                    state.withLock { $0.connection = connection }
                    return
                }
            }
            guard !deadline.hasPassed else {
                throw .moduleNotAnswering(socket: controlSocket, seconds: timeout)
            }
            // Bounded retry with a short back-off while weston loads.
            usleep(useconds_t(wait * 1_000_000))
            wait = min(wait * 2, 0.05)
        }
    }

    // MARK: Raw protocol

    /// Sends one command and returns the text after `ok` (may be empty).
    /// Throws `commandFailed` for an `error` reply.
    @discardableResult
    public func send(_ command: String, timeout: Double = 10) throws(HarnessError) -> String {
        try sendTogether([command], timeout: timeout)[0]
    }

    /// Sends `commands` in one write, so the module runs them back to back (a finger's
    /// down and its frame arrive together, as from a touchscreen), and returns the text
    /// after `ok` of each reply, in order. Throws at the first `error` reply.
    @discardableResult
    public func sendTogether(_ commands: [String], timeout: Double = 10) throws(HarnessError) -> [String] {
        guard !commands.isEmpty else { return [] }
        guard !commands.contains(where: { $0.contains("\n") }) else { throw .invalidArgument("command contains a newline") }
        let replies = try io.withLock { _ throws(HarnessError) -> [String] in
            guard let connection = state.withLock({ $0.stopped ? nil : $0.connection }) else {
                throw .stopped
            }
            var replies: [String] = []
            do throws(HarnessError) {
                try connection.write(commands.map { $0 + "\n" }.joined())
                for command in commands {
                    replies.append(try connection.readLine(timeout: timeout, command: command))
                }
            } catch .connectionLost(let reason) {
                // Say why: a crashed weston leaves its story in the log.
                if process.waitForExit(timeout: 1) {
                    throw .westonExited(exitStatus: process.waitUntilExit() ?? -1,
                                        logTail: Self.tail(of: directory.appending(path: "weston.log"), lines: 8))
                }
                throw .connectionLost(reason: reason)
            }
            return replies
        }
        var payloads: [String] = []
        for (command, reply) in zip(commands, replies) {
            if reply == "ok" { payloads.append(""); continue }
            if reply.hasPrefix("ok ") { payloads.append(String(reply.dropFirst(3))); continue }
            if reply.hasPrefix("error ") {
                throw .commandFailed(command: command, reason: String(reply.dropFirst(6)))
            }
            throw .malformedReply(command: command, reply: reply)
        }
        return payloads
    }

    // MARK: Touch

    // Each touch event carries weston's CLOCK_MONOTONIC now, or `at` (nanoseconds on that
    // clock) when given: a stream at an exact rate without pacing the test in real time.

    @discardableResult
    public func touchDown(id: Int32, x: Double, y: Double, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("touch down \(id) \(Self.number(x)) \(Self.number(y))", at: time)
    }

    @discardableResult
    public func touchMotion(id: Int32, x: Double, y: Double, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("touch motion \(id) \(Self.number(x)) \(Self.number(y))", at: time)
    }

    @discardableResult
    public func touchUp(id: Int32, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("touch up \(id)", at: time)
    }

    @discardableResult
    public func touchFrame(at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("touch frame", at: time)
    }

    /// A finger down and its frame in one go, as a touchscreen reports a contact;
    /// returns the down's injection time.
    @discardableResult
    public func touchDownAndFrame(id: Int32, x: Double, y: Double) throws(HarnessError) -> UInt64 {
        let command = "touch down \(id) \(Self.number(x)) \(Self.number(y))"
        return try Reply.timestamp(try sendTogether([command, "touch frame"])[0], command: command)
    }

    /// Sends `wl_touch.cancel` to the focused client and forgets all touch
    /// points. Returns the injection time and how many `wl_touch` resources
    /// got the cancel (0 when no surface had touch focus).
    @discardableResult
    public func touchCancel() throws(HarnessError) -> (timestamp: UInt64, resources: Int) {
        let payload = try send("touch cancel")
        let ns = try Reply.timestamp(payload, command: "touch cancel")
        return (ns, Reply.field("sent", in: payload).flatMap(Int.init) ?? 0)
    }

    // MARK: Pointer and keyboard

    public enum PointerButton: String, Sendable { case left, right, middle }
    public enum ScrollAxis: String, Sendable { case vertical, horizontal }
    /// `wl_pointer.axis_source`: a wheel scrolls in steps, `finger` (a touchpad) ends its
    /// sequence with `pointerAxisStop`, `continuous` is any other smooth device.
    public enum ScrollSource: String, Sendable {
        case wheel, finger, continuous
        case wheelTilt = "wheel-tilt"
    }

    /// Pointer events, like touches, carry `time` (`CLOCK_MONOTONIC` nanoseconds) when
    /// given, else now.
    @discardableResult
    public func pointerMotion(x: Double, y: Double, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("pointer motion \(Self.number(x)) \(Self.number(y))", at: time)
    }

    @discardableResult
    public func pointerButton(_ button: PointerButton, pressed: Bool, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("pointer button \(button.rawValue) \(pressed ? "pressed" : "released")", at: time)
    }

    /// One scroll frame: `axis_source` when `source` is given, `axis_discrete` when
    /// `steps` is (wheel clicks), then `axis` by `value` points (non-zero) and `frame`.
    @discardableResult
    public func pointerAxis(_ axis: ScrollAxis, value: Double, source: ScrollSource? = nil,
                            steps: Int32? = nil, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        guard steps == nil || source != nil else {
            throw .invalidArgument("wheel steps need a scroll source")
        }
        var command = "pointer axis \(axis.rawValue) \(Self.number(value))"
        if let source { command += " \(source.rawValue)" }
        if let steps { command += " \(steps)" }
        return try stamped(command, at: time)
    }

    /// `axis_stop` on `axis` (after `axis_source` when `source` is given), then `frame`:
    /// the fingers left the touchpad, where kinetic scrolling starts.
    @discardableResult
    public func pointerAxisStop(_ axis: ScrollAxis, source: ScrollSource? = nil,
                                at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("pointer axis-stop \(axis.rawValue)" + (source.map { " \($0.rawValue)" } ?? ""), at: time)
    }

    /// `code` is an evdev key code (`KEY_A` is 30); `at` as for touches.
    @discardableResult
    public func key(_ code: Int, pressed: Bool, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        try stamped("key \(code) \(pressed ? "pressed" : "released")", at: time)
    }

    // MARK: Waits the headless commands need

    /// Returns the mapped client views as soon as there is at least one;
    /// the module answers on the commit or frame that maps it.
    public func waitForView(timeout: Double = 5) throws(HarnessError) -> [HarnessView] {
        let command = "wait-view"
        return try Reply.views(deferred(command, timeout: timeout), command: command)
    }

    /// Waits until client `pid` has caught up: the module pings it (`xdg_wm_base.ping`) and
    /// answers with the client's pong, which a client sends only after it handled every
    /// event sent before and finished the loop iterations they led to (a commit, and what it
    /// writes after the commit, such as an event log). Returns the pong's monotonic time.
    /// Throws `commandFailed` when client `pid` has no window to ping.
    @discardableResult
    public func waitForIdle(pid: Int32, timeout: Double = 5) throws(HarnessError) -> UInt64 {
        let command = "wait-idle \(pid)"
        return try Reply.timestamp(deferred(command, timeout: timeout), command: command)
    }

    /// The compositor's `CLOCK_MONOTONIC` now, in nanoseconds.
    public func monotonicTime() throws(HarnessError) -> UInt64 {
        try stamped("time")
    }

    /// The first commit at or after monotonic time `nanoseconds` (an injection reply's
    /// time) of the client `pid` (any client when nil); answers at once if it already
    /// happened, so inject-then-wait has no race.
    public func waitForCommit(after nanoseconds: UInt64, pid: Int32? = nil, timeout: Double = 5) throws(HarnessError) -> CommitStamp {
        let command = "commit-after \(nanoseconds) \(pid ?? 0)"
        return try Reply.commit(deferred(command, timeout: timeout), command: command)
    }

    // MARK: Screenshots

    /// Forces a repaint and reads the output back. Writes a PNG to `url`
    /// when given; always returns the decoded pixels.
    public func screenshot(to url: URL? = nil, timeout: Double = 5) throws(HarnessError) -> Screenshot {
        let counter = state.withLock { state in
            state.screenshotCounter += 1
            return state.screenshotCounter
        }
        let pam = directory.appending(path: "screenshot-\(counter).pam").path
        var paths = [pam]
        if let url {
            paths.insert(url.path, at: 0)
        }
        for path in paths where path.contains(where: { $0 == " " || $0 == "\t" }) || !path.hasPrefix("/") {
            throw .invalidArgument("screenshot path must be absolute and without spaces: \(path)")
        }
        defer { unlink(pam) }
        try deferred("screenshot \(paths.joined(separator: " "))", timeout: timeout)
        guard let data = FileManager.default.contents(atPath: pam) else {
            throw .screenshotUnreadable(path: pam, reason: "file missing")
        }
        guard let shot = Screenshot.decodePAM(Array(data)) else {
            throw .screenshotUnreadable(path: pam, reason: "not a PAM image the harness writes")
        }
        return shot
    }

    // MARK: Clients

    /// Launches a client process connected to this compositor, its stdout
    /// and stderr appended to `outputPath` (or discarded). The caller owns
    /// it; it is killed when the returned object is released while running (and, with
    /// `diesWithParent`, when this process dies).
    public func launchClient(
        _ executable: String, arguments: [String] = [], extraEnvironment: [String: String] = [:],
        outputPath: String? = nil, diesWithParent: Bool = false
    ) throws(HarnessError) -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "WAYLAND_SOCKET")
        env.merge(environment) { _, new in new }
        env.merge(extraEnvironment) { _, new in new }
        return try ChildProcess(executable: executable, arguments: arguments, environment: env,
                                outputPath: outputPath, diesWithParent: diesWithParent)
    }

    // MARK: Stopping

    /// SIGTERM, wait up to `grace` seconds, then SIGKILL. Idempotent.
    public func stop(grace: Double = 3) {
        let connection: ControlConnection? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            defer { state.connection = nil }
            return state.connection ?? ControlConnection?.none
        }
        io.withLock { _ in connection?.close() }
        process.stop(grace: grace)
        if ownsDirectory {
            // Best-effort cleanup of a private folder under /tmp; nothing waits on it.
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// True until `stop()` and while the weston process lives.
    public var isRunning: Bool {
        process.isRunning
    }

    /// weston's exit status once it has exited (128 + signal if killed).
    public var exitStatus: Int32? {
        process.exitStatus
    }

    // MARK: Helpers

    /// Sends a deferred command with the module's time limit `timeout` appended (in ms) and
    /// returns its payload; the module's `error timeout` becomes `.timeout`.
    @discardableResult
    package func deferred(_ command: String, timeout: Double) throws(HarnessError) -> String {
        let full = "\(command) \(Self.milliseconds(timeout))"
        do {
            return try send(full, timeout: timeout + 5)
        } catch .commandFailed(_, "timeout") {
            throw .timeout(command: full, seconds: timeout)
        }
    }

    package func stamped(_ command: String, at time: UInt64? = nil) throws(HarnessError) -> UInt64 {
        let full = time.map { "\(command) at \($0)" } ?? command
        return try Reply.timestamp(send(full), command: full)
    }

    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func milliseconds(_ seconds: Double) -> Int {
        max(1, min(600_000, Int((seconds * 1000).rounded(.up))))
    }

    package static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return URL(filePath: candidate) }
        }
        return nil
    }

    package static func tail(of url: URL, lines: Int) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { return "(no log)" }
        let text = String(decoding: data, as: UTF8.self)
        let last = text.split(separator: "\n").suffix(lines)
        return last.isEmpty ? "(empty log)" : last.joined(separator: " | ")
    }

    private static func makeTemporaryDirectory() throws(HarnessError) -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/touchstone-harness-XXXXXX").utf8CString)
        let path: String? = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let path else {
            throw .fileSystem(path: FileManager.default.temporaryDirectory.path,
                              reason: ControlConnection.errnoText())
        }
        return URL(filePath: path, directoryHint: .isDirectory)
    }
}

extension HeadlessWeston {
    /// Which weston shell runs the session.
    public enum Shell: String, Sendable {
        /// `kiosk-shell.so`: every toplevel fullscreen at (0, 0).
        case kiosk = "kiosk-shell.so"
        /// `desktop-shell.so`: floating windows that can be moved and resized; no
        /// xdg-decoration manager. Starts weston's background client (no panel, no startup
        /// fade or animations: see `writeConfiguration`). A new window goes to a random place
        /// on the output under the pointer, which starts at (100, 100); with no output there
        /// (a smaller one) it may go off screen, where it gets no frame callbacks.
        case desktop = "desktop-shell.so"
    }
}
