import Foundation
import Synchronization
import WestonControl

#if canImport(Glibc)
import Glibc
#endif

/// One build of the wlroots test client at a time per process.
private let pointerBuildLock = Mutex<URL?>(nil)

/// A private headless wlroots compositor, cage (kiosk), phoc (Phosh's, for phones) or sway
/// (a tiling desktop), with the pixman renderer, screenshots through `grim` and, where the
/// compositor offers `zwlr_virtual_pointer_manager_v1` (phoc and sway; cage 0.1.4 does not),
/// pointer input through `tools/wlroots-harness`'s `wlr-virtual-pointer` (test support, like
/// the weston harness). They refuse to run as root: a root test process starts them as the unprivileged user
/// `tools/setup` creates (`touchstone-ci`), in a runtime folder that user owns, and connects
/// its clients to the socket's full path (docs/wayland.md "wlroots").
public final class HeadlessWlroots: @unchecked Sendable {
    public enum Compositor: String, Sendable {
        /// cage 0.1.4: maximizes every window to its 1280 × 720 output; no input injection.
        case cage
        /// cage with its output rotated (`-r`): 720 × 1280. Screenshots need it: cage 0.1.4
        /// hands a buffer of the output's size and transform straight to the headless output
        /// (scan-out), and grim then reads the last frame cage composited, not that buffer.
        case cageRotated
        /// cage on wlroots' Wayland backend, the lone borderless tile of a private headless sway
        /// (`mode`, `scale`: sway's output; cage's is that tile): sway's seat is cage's, so the
        /// virtual pointer on sway reaches cage's clients (cage 0.1.4 offers no input injection).
        case cageInSway
        /// phoc 0.24: its output set to a phone's (`wlr-randr`), pointer input.
        case phoc
        /// sway 1.7 with a private config (no bar, no Xwayland, the output's mode and scale,
        /// the caller's lines); pointer input; `SWAYSOCK` in `environment` for `swaymsg`.
        case sway

        /// The executable.
        var program: String {
            switch self {
            case .cage, .cageRotated, .cageInSway: "cage"
            case .phoc: "phoc"
            case .sway: "sway"
            }
        }

        /// Whether it offers `zwlr_virtual_pointer_manager_v1`.
        var hasVirtualPointer: Bool { self == .phoc || self == .sway }

        /// The socket it listens on in its runtime folder: sway skips `wayland-0`.
        var socketName: String { self == .sway ? "wayland-1" : "wayland-0" }
    }

    /// The user the compositors run as when the tests run as root.
    public static let unprivilegedUser = "touchstone-ci"

    /// Variables a client process needs to connect to this compositor.
    public let environment: [String: String]
    public let directory: URL
    public let compositor: Compositor
    private let process: ChildProcess
    private let pointer: FakeInputClient?
    /// The sway `.cageInSway` runs in.
    private let host: HeadlessWlroots?
    private let screenshotCounter = Mutex(0)  // names screenshot and swaymsg files

    /// Starts `compositor` and waits (bounded) until it answers; its output is then set
    /// to `mode` pixels at `scale` (sway: through its config, with `swayConfig`'s lines after
    /// the harness's own) and a virtual pointer created (which also gives phoc's seat, absent
    /// until an input device exists, to its clients).
    public static func start(_ compositor: Compositor, mode: (width: Int, height: Int)? = nil, scale: Int = 1,
                             swayConfig: [String] = [], startTimeout: Double = 20) throws(HarnessError) -> HeadlessWlroots {
        guard compositor == .sway || swayConfig.isEmpty else { throw .invalidArgument("swayConfig is for sway only") }
        // cage in sway: sway first, with its virtual pointer, so that cage finds a pointer on
        // sway's seat when it starts.
        let host = compositor == .cageInSway ? try start(.sway, mode: mode, scale: scale, startTimeout: startTimeout) : nil
        guard let executable = HeadlessWeston.findExecutable(compositor.program) else {
            throw .invalidArgument("\(compositor.program) not found (install it: tools/setup)")
        }
        guard let randr = HeadlessWeston.findExecutable("wlr-randr") else {
            throw .invalidArgument("wlr-randr not found (install it: tools/setup)")
        }
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-\(compositor.program)-\(UUID().uuidString)")
        let runtime = dir.appending(path: "runtime")
        let asRoot = getuid() == 0
        do {
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
            if asRoot { attributes[.ownerAccountName] = unprivilegedUser }
            try FileManager.default.setAttributes(attributes, ofItemAtPath: runtime.path)
        } catch {
            throw .fileSystem(path: runtime.path, reason: "\(error) (tools/setup creates the user \(unprivilegedUser))")
        }
        var environment = ["PATH": "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path,
                           "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"]
        if let host {
            environment["WLR_BACKENDS"] = "wayland"
            environment["WAYLAND_DISPLAY"] = host.environment["WAYLAND_DISPLAY"]
        }
        var command = [executable.path]
        // cage runs one client and exits with it: one that waits, tied to cage.
        if compositor == .cageRotated { command.append("-r") }
        if compositor.program == "cage" { command += ["--", "/usr/bin/setpriv", "--pdeathsig", "KILL", "--", "/bin/sleep", "infinity"] }
        if compositor == .sway {
            let config = dir.appending(path: "sway.config")
            do {
                try swayConfigText(mode: mode, scale: scale, extra: swayConfig).write(to: config, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
            } catch {
                throw .fileSystem(path: config.path, reason: "\(error)")
            }
            command += ["-c", config.path]
        }
        // Tied to this process (it dies with it) as the unprivileged user: one setpriv does
        // both, since a later change of user would clear the death signal.
        let tie = ["--pdeathsig", "KILL"] + (asRoot ? ["--reuid", unprivilegedUser, "--regid", unprivilegedUser, "--clear-groups"] : [])
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: "/usr/bin/setpriv", arguments: tie + ["--"] + command,
                                       environment: environment, outputPath: dir.appending(path: "compositor.log").path)
        } catch {
            throw .westonFailedToStart(exitStatus: -1, logTail: "\(compositor.program): \(error)")
        }
        let socket = runtime.appending(path: compositor.socketName).path
        var clientEnvironment = ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path]
        var toolEnvironment = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { toolEnvironment.removeValue(forKey: key) }
        toolEnvironment.merge(clientEnvironment) { _, new in new }
        func fail(_ error: HarnessError) -> HarnessError {
            process.stop()
            host?.stop()
            try? FileManager.default.removeItem(at: dir)
            return error
        }
        // sway's IPC socket, named after its user and process, for `swaymsg` (`SWAYSOCK`).
        func swaySocket() -> String? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            return names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }.map { runtime.appending(path: $0).path }
        }
        // Ready: its socket takes connections, and sway's IPC socket exists (bounded retries with back-off).
        let deadline = ContinuousClock.now + .milliseconds(Int(startTimeout * 1000))
        var wait = 0.01
        while !accepts(socket) || (compositor == .sway && swaySocket() == nil) {
            guard process.isRunning else {
                throw fail(.westonFailedToStart(exitStatus: process.waitUntilExit() ?? -1,
                                                logTail: HeadlessWeston.tail(of: dir.appending(path: "compositor.log"), lines: 8)))
            }
            guard ContinuousClock.now < deadline else { throw fail(.moduleNotAnswering(socket: socket, seconds: startTimeout)) }
            usleep(useconds_t(wait * 1_000_000))
            wait = min(wait * 2, 0.2)
        }
        if compositor == .sway, let ipc = swaySocket() {
            clientEnvironment["SWAYSOCK"] = ipc
            toolEnvironment["SWAYSOCK"] = ipc
        }
        if let mode, compositor != .sway, host == nil {
            let arguments = ["--output", "HEADLESS-1", "--custom-mode", "\(mode.width)x\(mode.height)", "--scale", "\(scale)"]
            guard try run(randr.path, arguments, environment: toolEnvironment, log: dir.appending(path: "randr.log")) == 0 else {
                throw fail(.commandFailed(command: "wlr-randr \(arguments.joined(separator: " "))",
                                          reason: HeadlessWeston.tail(of: dir.appending(path: "randr.log"), lines: 2)))
            }
        }
        var pointer: FakeInputClient?
        if compositor.hasVirtualPointer {
            let client: FakeInputClient
            do {
                client = try FakeInputClient(path: buildPointerClient().appending(path: "wlr-virtual-pointer").path,
                                             environment: toolEnvironment)
            } catch {
                throw fail(error)
            }
            guard (try? client.readLine(timeout: 10)) == "ready" else {
                client.stop()
                throw fail(.commandFailed(command: "wlr-virtual-pointer", reason: "no virtual pointer"))
            }
            pointer = client
        }
        return HeadlessWlroots(compositor: compositor, process: process, pointer: pointer, host: host, directory: dir,
                               environment: clientEnvironment)
    }

    private init(compositor: Compositor, process: ChildProcess, pointer: FakeInputClient?, host: HeadlessWlroots?,
                 directory: URL, environment: [String: String]) {
        self.compositor = compositor
        self.process = process
        self.pointer = pointer
        self.host = host
        self.directory = directory
        self.environment = environment
    }

    deinit { stop() }

    /// Sends one `wlr-virtual-pointer` command (`pointer X Y W H`, `button 272 pressed`,
    /// `wheel 1`) and waits until the compositor has processed it.
    public func send(_ command: String, timeout: Double = 10) throws(HarnessError) {
        if let host { return try host.send(command, timeout: timeout) }
        guard let pointer else { throw .invalidArgument("\(compositor.program) offers no virtual pointer") }
        try pointer.send(command, timeout: timeout)
    }

    /// Runs `swaymsg` with `arguments` against this sway (`-t get_tree`, `kill`, a config
    /// command) and returns what it printed; throws when it fails or takes over 10 s.
    public func swaymsg(_ arguments: [String]) throws(HarnessError) -> String {
        guard compositor == .sway else { throw .invalidArgument("swaymsg needs sway, not \(compositor.program)") }
        guard let swaymsg = HeadlessWeston.findExecutable("swaymsg") else { throw .invalidArgument("swaymsg not found (tools/setup)") }
        let counter = screenshotCounter.withLock { counter in
            counter += 1
            return counter
        }
        let log = directory.appending(path: "swaymsg-\(counter).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let client = try launchClient(swaymsg.path, arguments: arguments, outputPath: log.path)
        guard client.waitForExit(timeout: 10) else {
            client.stop()
            throw .timeout(command: "swaymsg", seconds: 10)
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard client.exitStatus == 0 else {
            throw .commandFailed(command: "swaymsg \(arguments.joined(separator: " "))", reason: output)
        }
        return output
    }

    /// The output's pixels now, through `grim` (wlr-screencopy), in device pixels.
    public func screenshot(timeout: Double = 20) throws(HarnessError) -> Screenshot {
        let counter = screenshotCounter.withLock { counter in
            counter += 1
            return counter
        }
        let file = directory.appending(path: "screenshot-\(counter).ppm")
        defer { try? FileManager.default.removeItem(at: file) }
        guard let grim = HeadlessWeston.findExecutable("grim") else { throw .invalidArgument("grim not found (tools/setup)") }
        let log = directory.appending(path: "grim.log")
        let client = try launchClient(grim.path, arguments: ["-t", "ppm", file.path], outputPath: log.path)
        guard client.waitForExit(timeout: timeout) else {
            client.stop()
            throw .timeout(command: "grim", seconds: timeout)
        }
        guard client.exitStatus == 0, let data = FileManager.default.contents(atPath: file.path) else {
            throw .screenshotUnreadable(path: file.path, reason: HeadlessWeston.tail(of: log, lines: 2))
        }
        guard let shot = Screenshot.decodePPM(Array(data)) else {
            throw .screenshotUnreadable(path: file.path, reason: "not the binary PPM grim writes")
        }
        return shot
    }

    /// Launches a client connected to this compositor (see `HeadlessWeston.launchClient`).
    public func launchClient(_ executable: String, arguments: [String] = [], extraEnvironment: [String: String] = [:],
                             outputPath: String? = nil) throws(HarnessError) -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "WAYLAND_SOCKET")
        env.merge(environment) { _, new in new }
        env.merge(extraEnvironment) { _, new in new }
        return try ChildProcess(executable: executable, arguments: arguments, environment: env, outputPath: outputPath)
    }

    /// Ends the pointer client and the compositor, and removes the folder. Idempotent.
    public func stop() {
        pointer?.stop()
        process.stop()
        host?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// sway's config: the output's mode and scale, no bar (none is configured), no title bars
    /// or borders (a lone tile fills the output), no Xwayland, then `extra`.
    static func swayConfigText(mode: (width: Int, height: Int)?, scale: Int, extra: [String]) -> String {
        var lines = ["xwayland disable", "default_border none", "default_floating_border none"]
        if let mode { lines.append("output HEADLESS-1 mode --custom \(mode.width)x\(mode.height) scale \(scale)") }
        else { lines.append("output HEADLESS-1 scale \(scale)") }
        return (lines + extra).joined(separator: "\n") + "\n"
    }

    /// Whether a Unix socket at `path` takes a connection.
    private static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Runs a tool to its end (at most 10 s); its exit status.
    private static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                            log: URL) throws(HarnessError) -> Int32 {
        let tool = try ChildProcess(executable: executable, arguments: arguments, environment: environment, outputPath: log.path)
        guard tool.waitForExit(timeout: 10) else {
            tool.stop()
            throw .timeout(command: executable, seconds: 10)
        }
        return tool.exitStatus ?? -1
    }

    /// Builds `tools/wlroots-harness` with make, only when its sources changed; its build folder.
    static func buildPointerClient() throws(HarnessError) -> URL {
        let source = HeadlessWeston.moduleSourceDirectory.deletingLastPathComponent().appending(path: "wlroots-harness")
        let build = source.appending(path: "build")
        let result: Result<URL, HarnessError> = pointerBuildLock.withLock { built in
            if let built { return .success(built) }
            if let failure = HeadlessWeston.make(in: source, product: build.appending(path: "wlr-virtual-pointer").path) {
                return .failure(failure)
            }
            built = build
            return .success(build)
        }
        return try result.get()
    }
}
