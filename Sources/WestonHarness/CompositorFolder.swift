import Foundation
import Synchronization
import WestonControl

#if canImport(Glibc)
import Glibc
#endif

/// The build folders of `tools/*-harness` made in this process, by tool folder.
private let builtTools = Mutex<[String: URL]>([:])

/// The private folder a headless compositor other than weston runs in (KWin, the wlroots
/// ones, mutter) and the plumbing their harnesses share: a 0700 runtime folder, clients
/// launched with the compositor's environment, tools run to their end with their output in
/// a file, numbered file names, and a bounded wait until the compositor is ready.
final class CompositorFolder: Sendable {
    let directory: URL
    /// The compositor's `XDG_RUNTIME_DIR`.
    let runtime: URL
    private let counter = Mutex(0)

    /// Makes `touchstone-NAME-UUID` with a 0700 `runtime` inside, owned by `owner` if given.
    init(_ name: String, owner: String? = nil) throws(HarnessError) {
        directory = FileManager.default.temporaryDirectory.appending(path: "touchstone-\(name)-\(UUID().uuidString)")
        runtime = directory.appending(path: "runtime")
        do {
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
            if let owner { attributes[.ownerAccountName] = owner }
            try FileManager.default.setAttributes(attributes, ofItemAtPath: runtime.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .fileSystem(path: runtime.path, reason: "\(error)" + (owner.map { " (tools/setup creates the user \($0))" } ?? ""))
        }
    }

    /// `directory/PREFIX-N.EXT`, N counting up from 1 per folder.
    func numberedFile(_ prefix: String, _ ext: String) -> URL {
        let number = counter.withLock { counter in
            counter += 1
            return counter
        }
        return directory.appending(path: "\(prefix)-\(number).\(ext)")
    }

    /// Removes the folder and all in it.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `executable` to its end (at most `timeout` seconds), its output in a numbered file
    /// that is then removed; its exit status and output.
    func run(_ executable: String, _ arguments: [String], environment: [String: String],
             timeout: Double = 10) throws(HarnessError) -> (status: Int32, output: String) {
        let log = numberedFile(URL(filePath: executable).lastPathComponent, "log")
        defer { try? FileManager.default.removeItem(at: log) }
        let tool = try ChildProcess(executable: executable, arguments: arguments, environment: environment, outputPath: log.path)
        guard tool.waitForExit(timeout: timeout) else {
            tool.stop()
            throw .timeout(command: executable, seconds: timeout)
        }
        return (tool.exitStatus ?? -1, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Runs a screenshot tool that writes the image into a numbered `.EXT` file (its arguments
    /// from that file's path) and decodes the image with `decode`, which `format` names.
    func screenshot(_ executable: String, ext: String, format: String, environment: [String: String], timeout: Double,
                    arguments: (URL) -> [String], decode: ([UInt8]) -> Screenshot?) throws(HarnessError) -> Screenshot {
        let file = numberedFile("screenshot", ext)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try run(executable, arguments(file), environment: environment, timeout: timeout)
        guard status == 0, let data = FileManager.default.contents(atPath: file.path) else {
            let lines = output.split(separator: "\n").suffix(2).joined(separator: "\n")
            throw .screenshotUnreadable(path: file.path, reason: lines.isEmpty ? "exit status \(status)" : lines)
        }
        guard let shot = decode(Array(data)) else { throw .screenshotUnreadable(path: file.path, reason: "not \(format)") }
        return shot
    }

    /// Waits with a back-off from 10 ms to 0.2 s until `ready()`; throws with the tail of
    /// `log` when `process` ends first, or `timeout` when `timeout` seconds pass.
    static func wait(for process: ChildProcess, log: URL, timeout: Double, _ what: String,
                     until ready: () -> Bool) throws(HarnessError) {
        do {
            _ = try Polling.until(what, timeout: timeout, every: .milliseconds(10), backingOffTo: .milliseconds(200)) {
                () throws(HarnessError) -> Bool? in
                if ready() { return true }
                guard process.isRunning else {
                    throw .westonFailedToStart(exitStatus: process.waitUntilExit() ?? -1, logTail: HeadlessWeston.tail(of: log, lines: 8))
                }
                return nil
            }
        } catch let error as HarnessError {
            throw error
        } catch {
            throw .moduleNotAnswering(socket: what, seconds: timeout)
        }
    }

    /// Builds `tools/NAME` with make (which rebuilds only what changed), once per process and
    /// one build at a time; its build folder, which holds `product`.
    static func buildTools(_ name: String, product: String) throws(HarnessError) -> URL {
        let source = HeadlessWeston.moduleSourceDirectory.deletingLastPathComponent().appending(path: name)
        let build = source.appending(path: "build")
        let result: Result<URL, HarnessError> = builtTools.withLock { built in
            if let done = built[name] { return .success(done) }
            if let failure = HeadlessWeston.make(in: source, product: build.appending(path: product).path) {
                return .failure(failure)
            }
            built[name] = build
            return .success(build)
        }
        return try result.get()
    }

    /// Whether a Unix socket at `path` takes a connection.
    static func accepts(_ path: String) -> Bool {
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
}

extension ChildProcess {
    /// Launches a client of a compositor: this process's environment without `WAYLAND_SOCKET`,
    /// then `compositor` (its `WAYLAND_DISPLAY`, …), then `extra` (see `HeadlessWeston.launchClient`).
    static func client(_ executable: String, arguments: [String], compositor: [String: String], extra: [String: String],
                       outputPath: String?) throws(HarnessError) -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "WAYLAND_SOCKET")
        env.merge(compositor) { _, new in new }
        env.merge(extra) { _, new in new }
        return try ChildProcess(executable: executable, arguments: arguments, environment: env, outputPath: outputPath)
    }

    /// Stops a `dbus-run-session` running a compositor: the child named `program` first, so
    /// that dbus-run-session ends its bus daemon and exits itself (a SIGTERM to it would
    /// leave the daemon running), then whatever is left.
    func stopSession(endingFirst program: String) {
        if isRunning {
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ Int32($0) }) {
                let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                if name.hasPrefix(program) { kill(child, SIGTERM) }
            }
            _ = waitForExit(timeout: 5)
        }
        stop()
    }
}
