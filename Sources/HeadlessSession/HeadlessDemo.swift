import FileOutput
import FoundationEssentials
import Glibc
import NodeCore
import SceneFormat
import Session
public import WestonControl

/// Why a headless run (`demo --headless`, `run --headless`) failed; every case is a runtime failure.
public enum HeadlessDemoError: Error, CustomStringConvertible {
    /// The output folder or the demo's files in it could not be written.
    case files(directory: String, reason: String)
    /// Touchstone's weston module is not installed where the demo looks.
    case moduleNotFound(HarnessModule.NotFound)
    /// weston, its module or the client failed while the demo ran.
    case weston(HarnessError)
    /// The client did not quit on `q` in time; its log is at `log`.
    case clientDidNotQuit(log: String)
    /// The client exited with a failure status.
    case clientFailed(status: Int32, log: String)
    /// weston's private temporary folder (or its watchdog) could not be made.
    case temporaryFolder(String)

    public var description: String {
        switch self {
        case let .files(directory, reason): "\(directory): cannot write the output files: \(reason)"
        case let .moduleNotFound(error): error.description
        case let .weston(error): "headless weston: \(error)"
        case let .clientDidNotQuit(log): "headless weston: the client did not quit on 'q'; see \(log)"
        case let .clientFailed(status, log): "headless weston: the client exited with status \(status); see \(log)"
        case let .temporaryFolder(reason): "headless weston: \(reason)"
        }
    }
}

/// `touchstone demo --headless DIR`: the demo under a private headless weston with
/// real injected touches; leaves `demo.png` (overlay and touch markers on),
/// `events.jsonl`, the recorded `input.jsonl` and the client's log in DIR.
public enum HeadlessDemo {
    /// The headless output: the demo scene's size, at buffer scale 2 for a crisp screenshot.
    public static let outputScale = 2

    /// Throws `DemoScene.Broken` or `HeadlessDemoError`.
    public static func run(outputDirectory: String) throws {
        let dir = URL(fileURLWithPath: outputDirectory, isDirectory: true).standardizedFileURL
        let scene = try DemoScene.scene()
        let script = try DemoScene.script()
        let files = (scene: dir.appending(path: "demo-scene.json"), events: dir.appending(path: "events.jsonl"),
                     input: dir.appending(path: "input.jsonl"), screenshot: dir.appending(path: "demo.png"),
                     log: dir.appending(path: "client.log"))
        do throws(OutputFileError) {
            try makeDirectories(dir.path)
            let sceneFile = try OutputFile(path: files.scene.path)
            try sceneFile.write(Array(DemoScene.sceneJSON.utf8))
            try sceneFile.commit()
        } catch {
            throw HeadlessDemoError.files(directory: dir.path, reason: error.reason)
        }
        // Weston and the client are killed by the kernel when this process dies.
        let (module, state) = try HeadlessScene.prepare(prefix: "touchstone-demo")
        defer { state.remove() }
        let clientStatus: Int32?
        do throws(HarnessError) {
            let weston = try HeadlessWeston.start(width: Int(scene.size.width), height: Int(scene.size.height),
                                                  scale: outputScale, directory: state.url, module: module,
                                                  diesWithParent: true)
            defer { weston.stop() }
            let client = try weston.launchClient(
                Self.executablePath,
                arguments: ["run", files.scene.path, "--events", files.events.path, "--record", files.input.path,
                            "--debug-overlay", "--show-touches"],
                outputPath: files.log.path, diesWithParent: true)
            defer { client.stop() }
            _ = try weston.waitForView(timeout: 10)
            let injector = ScriptInjector(weston: weston)
            // Everything but the last down plays paced; the commit after the last down is the screenshot's frame.
            let last = script.lastIndex { if case .touchDown = $0.event { return true } else { return false } } ?? script.endIndex
            try injector.play(Array(script[..<last]))
            let injected = try weston.monotonicTime()
            for event in script[last...] { try injector.inject(event.event) }
            _ = try weston.waitForCommit(after: injected, pid: client.pid, timeout: 10)
            try screenshotOnceSettled(weston, client, to: files.screenshot)
            for event in script[last...] {
                if case let .touchDown(id, _) = event.event {
                    try injector.inject(.touchUp(id: id))
                    try injector.inject(.touchFrame)
                }
            }
            try injector.inject(.key("q", pressed: true))
            try injector.inject(.key("q", pressed: false))
            clientStatus = client.waitForExit(timeout: 10) ? client.exitStatus : nil
        } catch {
            throw HeadlessDemoError.weston(error)
        }
        guard let clientStatus else {
            throw HeadlessDemoError.clientDidNotQuit(log: files.log.path)
        }
        guard clientStatus == 0 else {
            throw HeadlessDemoError.clientFailed(status: clientStatus, log: files.log.path)
        }
        // Only counted for the summary line: an unreadable log counts 0.
        let lines = (try? String(contentsOf: files.events, encoding: .utf8))?.split(separator: "\n").count ?? 0
        print("demo: \(lines) control events in \(files.events.path); screenshot \(files.screenshot.path); input recorded to \(files.input.path)")
    }

    /// `mkdir -p`: makes `path` and whichever of its parents are missing.
    static func makeDirectories(_ path: String) throws(OutputFileError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            guard mkdir(prefix, 0o777) != 0, errno != EEXIST else { continue }
            throw OutputFileError(path: prefix, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputFileError(path: path, reason: String(cString: strerror(ENOTDIR)))
        }
    }

    /// This program, to launch as the Wayland client.
    static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Takes the screenshot once the client has drawn everything it was sent. The first
    /// commit after the last input may be a frame drawn before that input was read (a frame
    /// the client held back for its frame callback): while the client commits again after a
    /// screenshot was started, it is taken again.
    static func screenshotOnceSettled(_ weston: HeadlessWeston, _ client: ChildProcess,
                                              to file: URL) throws(HarnessError) {
        for _ in 0 ..< 10 {
            try weston.waitForIdle(pid: client.pid, timeout: 10)
            let started = try weston.monotonicTime()
            _ = try weston.screenshot(to: file)
            try weston.waitForIdle(pid: client.pid, timeout: 10)
            // Answers at once when such a commit happened; 1 ms (the least) otherwise.
            guard (try? weston.waitForCommit(after: started, pid: client.pid, timeout: 0.001)) != nil else { return }
        }
    }
}
