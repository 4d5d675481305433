import CWaylandClient
import Foundation
import Glibc

/// A private headless weston for one test: own runtime dir (0700) and socket; always killed.
final class HeadlessWeston {
    enum Failure: Error, CustomStringConvertible {
        case notReady(log: String)
        case screenshot(String)
        var description: String {
            switch self {
            case let .notReady(log): "weston did not become ready; log:\n\(log)"
            case let .screenshot(reason): "screenshot failed: \(reason)"
            }
        }
    }

    let runtimeDirectory: String
    let socketName: String
    private let process = Process()
    private let logPath: String

    /// Absolute socket path: libwayland connects to it directly, whatever our own environment says.
    var socketPath: String { runtimeDirectory + "/" + socketName }

    init(width: Int = 320, height: Int = 240, shell: String = "desktop-shell.so", debug: Bool = false) throws {
        var template = Array("/tmp/touchstone-weston-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
        runtimeDirectory = String(cString: made)
        chmod(runtimeDirectory, 0o700)
        socketName = "ts-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        logPath = runtimeDirectory + "/weston.log"
        // desktop-shell fades the screen in and zooms new windows: turn animations off so the
        // first presented frame is what a screenshot sees. (kiosk-shell needs a seat to map.)
        let config = runtimeDirectory + "/weston.ini"
        try "[shell]\nstartup-animation=none\nanimation=none\nclose-animation=none\nfocus-animation=none\npanel-position=none\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=headless-backend.so", "--use-pixman", "--shell=\(shell)",
                             "--socket=\(socketName)", "--width=\(width)", "--height=\(height)",
                             "--idle-time=0", "--config=\(config)", "--log=\(logPath)"] + (debug ? ["--debug"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DEBUG")
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: runtimeDirectory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try waitUntilReady()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Ready = a client can connect and the shell's xdg_wm_base is advertised (the socket
    /// exists before the shell is loaded). Bounded retries, each waiting in poll.
    private func waitUntilReady() throws {
        for _ in 0 ..< 400 {
            if let display = wl_display_connect(socketPath) {
                defer { wl_display_disconnect(display) }
                if advertisesShell(display) { return }
            }
            guard process.isRunning else { break }
            var none = pollfd()
            _ = poll(&none, 0, 5)
        }
        throw Failure.notReady(log: (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")
    }

    private func advertisesShell(_ display: OpaquePointer) -> Bool {
        guard let connection = try? WaylandProbe(display: display) else { return false }
        return connection.interfaces.contains("xdg_wm_base")
    }

    /// Kills weston (SIGKILL when `hard`) and waits for it.
    func stop(hard: Bool = false) {
        if process.isRunning {
            kill(process.processIdentifier, hard ? SIGKILL : SIGTERM)
            process.waitUntilExit()
        }
    }

    /// Runs weston-screenshooter (needs `debug: true`) and decodes the PNG it writes.
    func screenshot() throws -> DecodedImage {
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: "/usr/bin/weston-screenshooter")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = socketName
        environment["XDG_PICTURES_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "WAYLAND_DEBUG")
        shooter.environment = environment
        shooter.currentDirectoryURL = URL(fileURLWithPath: runtimeDirectory)
        shooter.standardOutput = FileHandle.nullDevice
        shooter.standardError = FileHandle.nullDevice
        try shooter.run()
        shooter.waitUntilExit()
        guard shooter.terminationStatus == 0 else { throw Failure.screenshot("exit status \(shooter.terminationStatus)") }
        let files = try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)
        guard let png = files.first(where: { $0.hasPrefix("wayland-screenshot") && $0.hasSuffix(".png") }) else {
            throw Failure.screenshot("no wayland-screenshot-*.png in \(runtimeDirectory)")
        }
        return try DecodedImage(pngPath: runtimeDirectory + "/" + png)
    }

    func removeFiles() {
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

/// Lists advertised globals with the bare C API (used only for readiness).
private struct WaylandProbe {
    var interfaces: [String] = []

    init(display: OpaquePointer) throws {
        final class Box { var names: [String] = [] }
        let box = Box()
        guard let registry = wl_proxy_marshal_constructor_probe(display) else { throw POSIXError(.EIO) }
        defer { wl_proxy_destroy(registry) }
        let data = Unmanaged.passUnretained(box).toOpaque()
        wl_proxy_add_dispatcher(registry, { implementation, _, opcode, _, arguments in
            guard opcode == 0, let implementation, let arguments, let name = arguments[1].s else { return 0 }
            Unmanaged<Box>.fromOpaque(implementation).takeUnretainedValue().names.append(String(cString: name))
            return 0
        }, data, data)
        guard wl_display_roundtrip(display) >= 0 else { throw POSIXError(.EIO) }
        interfaces = box.names
    }
}

/// wl_display.get_registry through the array marshaller (Swift cannot call the variadic one).
private func wl_proxy_marshal_constructor_probe(_ display: OpaquePointer) -> OpaquePointer? {
    guard let registryInterface = dlsym(dlopen(nil, RTLD_NOW), "wl_registry_interface") else { return nil }
    var arguments = [wl_argument(n: 0)]
    return wl_proxy_marshal_array_flags(display, 1, registryInterface.assumingMemoryBound(to: wl_interface.self),
                                        1, 0, &arguments)
}
