public import Foundation
public import WestonControl

#if canImport(Glibc)
import Glibc
#endif

/// A private headless KWin 5.27 (`kwin_wayland --virtual`) with input injected through
/// `org_kde_kwin_fake_input` by `tools/kwin-harness`'s `kwin-fake-input`, and screenshots
/// through its `org.kde.KWin.ScreenShot2` D-Bus interface by `kwin-screenshot` (test
/// support, like the weston harness). Runs as docs/wayland.md "KWin" describes: a
/// plain copy of the binary (the installed one carries a file capability the sandbox refuses)
/// still named `kwin_wayland`, software rendering, no permission checks, in its own D-Bus
/// session. Every command blocks until KWin processed it (the client answers after a round trip).
public final class HeadlessKWin: @unchecked Sendable {
    /// Variables a client process needs to connect to this compositor.
    public let environment: [String: String]
    public var directory: URL { folder.directory }
    private let folder: CompositorFolder
    private let kwin: ChildProcess
    private let injector: FakeInputClient
    private let clients: URL

    public static let displayName = "wayland-touchstone-kwin"

    /// How KWin composites. Screenshots need OpenGL (the screenshot effect does not load
    /// with QPainter); here that is Mesa's llvmpipe, which costs far more CPU per frame.
    public enum Compositing: String, Sendable {
        case qPainter = "Q"
        case openGL = "O2"
    }

    /// Starts KWin on a virtual output of `width` × `height` points (`scale` × that in pixels) and
    /// waits (bounded) until the fake-input client has connected and authenticated.
    public static func start(width: Int = 800, height: Int = 600, scale: Double = 1,
                             compositing: Compositing = .qPainter,
                             startTimeout: Double = 20) throws(HarnessError) -> HeadlessKWin {
        guard let original = HeadlessWeston.findExecutable("kwin_wayland") else {
            throw .invalidArgument("kwin_wayland not found (install kwin-wayland)")
        }
        guard let dbus = HeadlessWeston.findExecutable("dbus-run-session") else {
            throw .invalidArgument("dbus-run-session not found (install dbus-daemon)")
        }
        let clients = try CompositorFolder.buildTools("kwin-harness", product: "kwin-screenshot")
        let folder = try CompositorFolder("kwin")
        let dir = folder.directory, runtime = folder.runtime
        let copy = dir.appending(path: "kwin_wayland")
        // Copied by `cp`, not by this process: a file this process has open for writing can
        // be inherited by a child another test is spawning at that moment, and executing the
        // copy then fails with "Text file busy".
        let cp = try ChildProcess(executable: "/bin/cp", arguments: [original.path, copy.path], environment: [:])
        guard cp.waitUntilExit() == 0 else {
            throw .fileSystem(path: copy.path, reason: "cp \(original.path) failed")
        }
        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { env.removeValue(forKey: key) }
        env["XDG_RUNTIME_DIR"] = runtime.path
        // Its own configuration folder: KWin writes kwinrc and kglobalshortcutsrc, which must
        // neither leak in from the user nor be shared by KWins of concurrent tests.
        env["XDG_CONFIG_HOME"] = dir.appending(path: "config").path
        env["KWIN_COMPOSE"] = compositing.rawValue
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        env["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1"
        env["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
        // dbus-run-session does not pass SIGTERM on: KWin is tied to it with setpriv. A shell
        // first writes the session bus's address down for the screenshot client, then becomes
        // KWin (`exec`, so KWin stays dbus-run-session's child).
        let kwin: ChildProcess
        do {
            kwin = try ChildProcess(
                executable: dbus.path,
                arguments: ["--", "/bin/sh", "-c", #"printf %s "$DBUS_SESSION_BUS_ADDRESS" > "$0" && exec "$@""#,
                            dir.appending(path: "bus-address").path,
                            "/usr/bin/setpriv", "--pdeathsig", "KILL", copy.path, "--virtual",
                            "--width", "\(width)", "--height", "\(height)", "--scale", "\(scale)",
                            "--socket", displayName, "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"],
                environment: env, outputPath: dir.appending(path: "kwin.log").path, diesWithParent: true)
        } catch {
            throw .westonFailedToStart(exitStatus: -1, logTail: "kwin: \(error)")
        }
        let clientEnvironment = ["WAYLAND_DISPLAY": displayName, "XDG_RUNTIME_DIR": runtime.path]
        env.merge(clientEnvironment) { _, new in new }
        // Ready: the fake-input client connects and authenticates. Until KWin's socket
        // answers it exits 1; retried with a short, bounded back-off.
        let deadline = ContinuousClock.now + .milliseconds(Int(startTimeout * 1000))
        var wait = 0.01
        while true {
            guard kwin.isRunning else {
                throw .westonFailedToStart(exitStatus: kwin.waitUntilExit() ?? -1,
                                           logTail: HeadlessWeston.tail(of: dir.appending(path: "kwin.log"), lines: 8))
            }
            let injector = try FakeInputClient(path: clients.appending(path: "kwin-fake-input").path, environment: env)
            if let line = try? injector.readLine(timeout: 5), line == "ready" {
                return HeadlessKWin(kwin: kwin, injector: injector, clients: clients, folder: folder,
                                    environment: clientEnvironment)
            }
            injector.stop()
            guard ContinuousClock.now < deadline else {
                kwin.stop()
                throw .moduleNotAnswering(socket: displayName, seconds: startTimeout)
            }
            usleep(useconds_t(wait * 1_000_000))
            wait = min(wait * 2, 0.2)
        }
    }

    private init(kwin: ChildProcess, injector: FakeInputClient, clients: URL, folder: CompositorFolder,
                 environment: [String: String]) {
        self.kwin = kwin
        self.injector = injector
        self.clients = clients
        self.folder = folder
        self.environment = environment
    }

    deinit { stop() }

    /// Sends one `kwin-fake-input` command (`touch down 1 10 20`, `pointer 10 20`,
    /// `button 272 pressed`) and waits until KWin has processed it.
    public func send(_ command: String, timeout: Double = 10) throws(HarnessError) {
        try injector.send(command, timeout: timeout)
    }

    /// The active screen through `org.kde.KWin.ScreenShot2` (KWin must composite with
    /// `.openGL`): in device pixels (the output's size in points × its scale) when
    /// `nativeResolution`, else in logical pixels (KWin scales the image down by the output's
    /// scale). KWin paints the frame it captures; this waits at most `timeout` seconds.
    public func screenshot(nativeResolution: Bool = true, timeout: Double = 20) throws(HarnessError) -> Screenshot {
        guard let bus = try? String(contentsOf: directory.appending(path: "bus-address"), encoding: .utf8), !bus.isEmpty else {
            throw .screenshotUnreadable(path: directory.path, reason: "KWin's session bus address was never written")
        }
        return try folder.screenshot(clients.appending(path: "kwin-screenshot").path, ext: "pam", format: "a PAM image kwin-screenshot writes",
                                     environment: ["DBUS_SESSION_BUS_ADDRESS": bus], timeout: timeout + 5,
                                     arguments: { (nativeResolution ? ["--native"] : []) + ["--timeout", "\(timeout)", $0.path] },
                                     decode: Screenshot.decodePAM)
    }

    /// Launches a client connected to this KWin (see `HeadlessWeston.launchClient`).
    public func launchClient(_ executable: String, arguments: [String] = [], extraEnvironment: [String: String] = [:],
                             outputPath: String? = nil) throws(HarnessError) -> ChildProcess {
        try .client(executable, arguments: arguments, compositor: environment, extra: extraEnvironment, outputPath: outputPath)
    }

    /// Ends the fake-input client and KWin, and removes the folder. Idempotent.
    public func stop() {
        injector.stop()
        kwin.stopSession(endingFirst: "kwin_wayland")
        folder.remove()
    }
}

/// `kwin-fake-input` running with pipes for its commands and replies.
final class FakeInputClient {
    private let process = Process()
    private let commands: FileHandle
    private let replies: FileHandle
    private var buffered: [UInt8] = []

    init(path: String, arguments: [String] = [], environment: [String: String]) throws(HarnessError) {
        process.executableURL = URL(filePath: path)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        commands = input.fileHandleForWriting
        replies = output.fileHandleForReading
        do { try process.run() } catch { throw .invalidArgument("cannot run \(path): \(error)") }
    }

    func send(_ command: String, timeout: Double) throws(HarnessError) {
        guard !command.contains("\n") else { throw .invalidArgument("command contains a newline") }
        do {
            try commands.write(contentsOf: Data((command + "\n").utf8))
        } catch {
            throw .connectionLost(reason: "fake-input client: \(error)")
        }
        let reply = try readLine(timeout: timeout)
        guard reply == "ok" else { throw .commandFailed(command: command, reason: reply) }
    }

    /// Closes its input and ends it, and waits for it. SIGKILL, not the end of its input
    /// alone: a child started since holds the pipe's other end (Foundation's pipes are
    /// inherited), and `Process` children block SIGTERM (see `ChildProcess`).
    func stop() {
        try? commands.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// One line from the fake-input client, waiting in poll at most `timeout` seconds.
    func readLine(timeout: Double) throws(HarnessError) -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if let end = buffered.firstIndex(of: 10) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeSubrange(...end)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .timeout(command: "fake-input reply", seconds: timeout) }
            var descriptor = pollfd(fd: replies.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(replies.fileDescriptor, &chunk, chunk.count)
            guard count > 0 else { throw .connectionLost(reason: "the fake-input client exited") }
            buffered += chunk[..<count]
        }
    }

}
