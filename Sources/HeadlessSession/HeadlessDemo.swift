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
        let compositor = try HeadlessCompositor.start(size: scene.size, scale: outputScale, prefix: "touchstone-demo")
        defer { compositor.stop() }
        try compositor.show(scene: files.scene.path,
                            options: ["--events", files.events.path, "--record", files.input.path, "--debug-overlay", "--show-touches"],
                            log: files.log)
        // Everything but the last down plays paced; the commit after the last down is the screenshot's frame.
        let last = script.lastIndex { if case .touchDown = $0.event { return true } else { return false } } ?? script.endIndex
        try compositor.play(Array(script[..<last]))
        try compositor.inject(script[last...].map(\.event), awaitingCommit: true)
        try compositor.screenshot(to: files.screenshot)
        let lifts: [[InputEvent]] = script[last...].compactMap { event in
            if case let .touchDown(id, _) = event.event { [.touchUp(id: id), .touchFrame] } else { nil }
        }
        try compositor.inject(lifts.flatMap { $0 })
        try compositor.quit()
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
}
