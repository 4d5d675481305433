public import Foundation
public import WestonControl

/// A private headless mutter 43 (GNOME's compositor: `mutter --headless --wayland --no-x11
/// --virtual-monitor WxH`) in its own D-Bus session, with a private configuration (the
/// keyfile settings backend; a `monitors.xml` for scales other than 1). It offers no input
/// injection or screenshots here: tests read their client's trace (docs/wayland.md "mutter").
public final class HeadlessMutter: @unchecked Sendable {
    /// Variables a client process needs to connect to this compositor.
    public let environment: [String: String]
    public var directory: URL { folder.directory }
    private let folder: CompositorFolder
    private let session: ChildProcess

    public static let displayName = "wayland-touchstone-mutter"

    /// Starts mutter on a virtual monitor of `width` × `height` points at `scale` (its pixels
    /// are the points × `scale`, whole numbers) and waits (bounded) until its socket answers.
    public static func start(width: Int = 1200, height: Int = 800, scale: Double = 1,
                             startTimeout: Double = 20) throws(HarnessError) -> HeadlessMutter {
        guard let mutter = HeadlessWeston.findExecutable("mutter") else {
            throw .invalidArgument("mutter not found (install it: tools/setup)")
        }
        guard let dbus = HeadlessWeston.findExecutable("dbus-run-session") else {
            throw .invalidArgument("dbus-run-session not found (install dbus-daemon)")
        }
        let pixels = (width: Double(width) * scale, height: Double(height) * scale)
        guard scale > 0, pixels.width == pixels.width.rounded(), pixels.height == pixels.height.rounded() else {
            throw .invalidArgument("mutter's monitor: \(width) × \(height) at \(scale) is no whole number of pixels")
        }
        let folder = try CompositorFolder("mutter")
        let config = folder.directory.appending(path: "config")
        do {
            try writeConfiguration(into: config, pixels: (Int(pixels.width), Int(pixels.height)), scale: scale)
        } catch {
            folder.remove()
            throw .fileSystem(path: config.path, reason: "\(error)")
        }
        var env = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { env.removeValue(forKey: key) }
        env["XDG_RUNTIME_DIR"] = folder.runtime.path
        env["HOME"] = folder.directory.path
        env["XDG_CONFIG_HOME"] = config.path
        env["GSETTINGS_BACKEND"] = "keyfile"
        let log = folder.directory.appending(path: "mutter.log")
        let session: ChildProcess
        do {
            // dbus-run-session does not pass SIGTERM on: mutter is tied to it with setpriv.
            session = try ChildProcess(
                executable: dbus.path,
                arguments: ["--", "/usr/bin/setpriv", "--pdeathsig", "KILL", mutter.path, "--headless", "--wayland", "--no-x11",
                            "--virtual-monitor", "\(Int(pixels.width))x\(Int(pixels.height))", "--wayland-display", displayName],
                environment: env, outputPath: log.path, diesWithParent: true)
        } catch {
            folder.remove()
            throw .westonFailedToStart(exitStatus: -1, logTail: "mutter: \(error)")
        }
        let socket = folder.runtime.appending(path: displayName).path
        do {
            try CompositorFolder.wait(for: session, log: log, timeout: startTimeout, socket) { CompositorFolder.accepts(socket) }
        } catch {
            session.stopSession(endingFirst: "mutter")
            folder.remove()
            throw error
        }
        return HeadlessMutter(folder: folder, session: session,
                              environment: ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": folder.runtime.path])
    }

    private init(folder: CompositorFolder, session: ChildProcess, environment: [String: String]) {
        self.folder = folder
        self.session = session
        self.environment = environment
    }

    deinit { stop() }

    /// Launches a client connected to this mutter (see `HeadlessWeston.launchClient`).
    public func launchClient(_ executable: String, arguments: [String] = [], extraEnvironment: [String: String] = [:],
                             outputPath: String? = nil) throws(HarnessError) -> ChildProcess {
        try .client(executable, arguments: arguments, compositor: environment, extra: extraEnvironment, outputPath: outputPath)
    }

    /// Ends mutter and its D-Bus session, and removes the folder. Idempotent.
    public func stop() {
        session.stopSession(endingFirst: "mutter")
        folder.remove()
    }

    /// The settings mutter reads at start: fractional scales allowed (mutter 43's
    /// `scale-monitor-framebuffer` experimental feature), and for a scale other than 1 a
    /// `monitors.xml` giving the virtual monitor (`Meta-0`) that scale.
    private static func writeConfiguration(into config: URL, pixels: (width: Int, height: Int), scale: Double) throws {
        let settings = config.appending(path: "glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try "[org/gnome/mutter]\nexperimental-features=['scale-monitor-framebuffer']\n"
            .write(to: settings.appending(path: "keyfile"), atomically: true, encoding: .utf8)
        guard scale != 1 else { return }
        let monitors = """
            <monitors version="2">
              <configuration>
                <logicalmonitor>
                  <x>0</x><y>0</y><scale>\(scale)</scale><primary>yes</primary>
                  <monitor>
                    <monitorspec><connector>Meta-0</connector><vendor>MetaVendor</vendor>\
            <product>MetaVirtualMonitor</product><serial>0x00</serial></monitorspec>
                    <mode><width>\(pixels.width)</width><height>\(pixels.height)</height><rate>60.000</rate></mode>
                  </monitor>
                </logicalmonitor>
              </configuration>
            </monitors>

            """
        try monitors.write(to: config.appending(path: "monitors.xml"), atomically: true, encoding: .utf8)
    }
}
