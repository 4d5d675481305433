public import Foundation
public import WestonControl

#if canImport(Glibc)
import Glibc
#endif

/// A private headless wlroots compositor, cage (kiosk), phoc (Phosh's, for phones) or sway
/// (a tiling desktop), with the pixman renderer, screenshots through `grim` and, where the
/// compositor offers `zwlr_virtual_pointer_manager_v1` (phoc and sway; cage 0.1.4 does not),
/// pointer and keyboard input through `tools/wlroots-harness`'s `wlr-virtual-pointer` (test support, like
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
    public let compositor: Compositor
    public var directory: URL { folder.directory }
    private let folder: CompositorFolder
    private let process: ChildProcess
    private let pointer: FakeInputClient?
    /// The sway `.cageInSway` runs in.
    private let host: HeadlessWlroots?

    /// Starts `compositor` and waits (bounded) until it answers; its output is then set
    /// to `mode` pixels at `scale` (sway: through its config, with `swayConfig`'s lines after
    /// the harness's own) and a virtual pointer created (which also gives phoc's seat, absent
    /// until an input device exists, to its clients).
    public static func start(_ compositor: Compositor, mode: (width: Int, height: Int)? = nil, scale: Int = 1,
                             swayConfig: [String] = [], startTimeout: Double = 20) throws(HarnessError) -> HeadlessWlroots {
        guard compositor == .sway || swayConfig.isEmpty else { throw .invalidArgument("swayConfig is for sway only") }
        guard let executable = HeadlessWeston.findExecutable(compositor.program) else {
            throw .invalidArgument("\(compositor.program) not found (install it: tools/setup)")
        }
        // cage in sway: sway first, with its virtual pointer, so that cage finds a pointer on
        // sway's seat when it starts.
        let host = compositor == .cageInSway ? try start(.sway, mode: mode, scale: scale, startTimeout: startTimeout) : nil
        let asRoot = getuid() == 0
        let folder = try CompositorFolder(compositor.program, owner: asRoot ? unprivilegedUser : nil)
        let runtime = folder.runtime
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
            let config = folder.directory.appending(path: "sway.config")
            do {
                try swayConfigText(mode: mode, scale: scale, extra: swayConfig).write(to: config, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
            } catch {
                folder.remove()
                throw .fileSystem(path: config.path, reason: "\(error)")
            }
            command += ["-c", config.path]
        }
        // Tied to this process (it dies with it) as the unprivileged user: one setpriv does
        // both, since a later change of user would clear the death signal.
        let tie = ["--pdeathsig", "KILL"] + (asRoot ? ["--reuid", unprivilegedUser, "--regid", unprivilegedUser, "--clear-groups"] : [])
        let log = folder.directory.appending(path: "compositor.log")
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: "/usr/bin/setpriv", arguments: tie + ["--"] + command,
                                       environment: environment, outputPath: log.path)
        } catch {
            folder.remove()
            throw .westonFailedToStart(exitStatus: -1, logTail: "\(compositor.program): \(error)")
        }
        let socket = runtime.appending(path: compositor.socketName).path
        var clientEnvironment = ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path]
        func fail(_ error: HarnessError) -> HarnessError {
            process.stop()
            host?.stop()
            folder.remove()
            return error
        }
        // sway's IPC socket, named after its user and process, for `swaymsg` (`SWAYSOCK`).
        func swaySocket() -> String? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            return names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }.map { runtime.appending(path: $0).path }
        }
        // Ready: its socket takes connections, and sway's IPC socket exists.
        do {
            try CompositorFolder.wait(for: process, log: log, timeout: startTimeout, socket) {
                CompositorFolder.accepts(socket) && (compositor != .sway || swaySocket() != nil)
            }
        } catch {
            throw fail(error)
        }
        if compositor == .sway { clientEnvironment["SWAYSOCK"] = swaySocket() }
        var toolEnvironment = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { toolEnvironment.removeValue(forKey: key) }
        toolEnvironment.merge(clientEnvironment) { _, new in new }
        if let mode, compositor != .sway, host == nil {
            let arguments = ["--output", "HEADLESS-1", "--custom-mode", "\(mode.width)x\(mode.height)", "--scale", "\(scale)"]
            guard let randr = HeadlessWeston.findExecutable("wlr-randr") else {
                throw fail(.invalidArgument("wlr-randr not found (install it: tools/setup)"))
            }
            let result: (status: Int32, output: String)
            do { result = try folder.run(randr.path, arguments, environment: toolEnvironment) } catch { throw fail(error) }
            guard result.status == 0 else {
                throw fail(.commandFailed(command: "wlr-randr \(arguments.joined(separator: " "))", reason: result.output))
            }
        }
        var pointer: FakeInputClient?
        if compositor.hasVirtualPointer {
            let client: FakeInputClient
            do {
                let build = try CompositorFolder.buildTools("wlroots-harness", product: "wlr-virtual-pointer")
                client = try FakeInputClient(path: build.appending(path: "wlr-virtual-pointer").path,
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
        return HeadlessWlroots(compositor: compositor, folder: folder, process: process, pointer: pointer, host: host,
                               environment: clientEnvironment)
    }

    private init(compositor: Compositor, folder: CompositorFolder, process: ChildProcess, pointer: FakeInputClient?,
                 host: HeadlessWlroots?, environment: [String: String]) {
        self.compositor = compositor
        self.folder = folder
        self.process = process
        self.pointer = pointer
        self.host = host
        self.environment = environment
    }

    deinit { stop() }

    /// Sends one `wlr-virtual-pointer` command (`pointer X Y W H`, `button 272 pressed`,
    /// `wheel 1`, `key 16 pressed` on its virtual keyboard) and waits until the compositor
    /// has processed it.
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
        let (status, output) = try folder.run(swaymsg.path, arguments, environment: environment)
        guard status == 0 else { throw .commandFailed(command: "swaymsg \(arguments.joined(separator: " "))", reason: output) }
        return output
    }

    /// The output's pixels now, through `grim` (wlr-screencopy), in device pixels.
    public func screenshot(timeout: Double = 20) throws(HarnessError) -> Screenshot {
        guard let grim = HeadlessWeston.findExecutable("grim") else { throw .invalidArgument("grim not found (tools/setup)") }
        return try folder.screenshot(grim.path, ext: "ppm", format: "the binary PPM grim writes", environment: environment,
                                     timeout: timeout, arguments: { ["-t", "ppm", $0.path] }, decode: Screenshot.decodePPM)
    }

    /// Launches a client connected to this compositor (see `HeadlessWeston.launchClient`).
    public func launchClient(_ executable: String, arguments: [String] = [], extraEnvironment: [String: String] = [:],
                             outputPath: String? = nil) throws(HarnessError) -> ChildProcess {
        try .client(executable, arguments: arguments, compositor: environment, extra: extraEnvironment, outputPath: outputPath)
    }

    /// Ends the pointer client and the compositor, and removes the folder. Idempotent.
    public func stop() {
        pointer?.stop()
        process.stop()
        host?.stop()
        folder.remove()
    }

    /// sway's config: the output's mode and scale, no bar (none is configured), no title bars
    /// or borders (a lone tile fills the output), no Xwayland, then `extra`.
    static func swayConfigText(mode: (width: Int, height: Int)?, scale: Int, extra: [String]) -> String {
        var lines = ["xwayland disable", "default_border none", "default_floating_border none"]
        if let mode { lines.append("output HEADLESS-1 mode --custom \(mode.width)x\(mode.height) scale \(scale)") }
        else { lines.append("output HEADLESS-1 scale \(scale)") }
        return (lines + extra).joined(separator: "\n") + "\n"
    }
}
