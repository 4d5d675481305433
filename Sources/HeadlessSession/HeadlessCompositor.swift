public import FoundationEssentials
public import NodeCore
import WestonControl

/// A private headless weston that shows this program's window (behaviour.md §19): what
/// `demo --headless`, `run --headless` and `check --live` drive. Start it, show a scene,
/// inject input-script events, take a screenshot, quit the client, stop.
///
/// No weston outlives it. `stop()`, which `deinit` calls too, ends the client and weston;
/// the kernel kills both when this process dies, whatever the signal (they are started tied
/// to the calling thread, so start the compositor on the main thread), and weston's private
/// folder is removed by its watchdog then. A client or a weston that crashed ends the next
/// call with an error.
public final class HeadlessCompositor {
    let weston: HeadlessWeston
    let folder: PrivateTemporaryFolder
    private let injector: ScriptInjector
    /// The program the client runs: this one (tests hand in the built `touchstone`).
    private let clientExecutable: String
    private(set) var client: (process: ChildProcess, log: URL)?

    /// Starts weston with an output of `size` points at buffer `scale`, its state in a private
    /// temporary folder whose name starts with `prefix`, and its seat driven by the module
    /// installed with this program (`HarnessModule`).
    public static func start(size: Size, scale: Int, prefix: String) throws(HeadlessDemoError) -> HeadlessCompositor {
        let module: URL
        do throws(HarnessModule.NotFound) {
            module = try HarnessModule.locate(executable: URL(fileURLWithPath: Self.executablePath))
        } catch {
            throw .moduleNotFound(error)
        }
        return try HeadlessCompositor(size: size, scale: scale, prefix: prefix, module: module, client: Self.executablePath)
    }

    /// `start` with the weston module and the client's program given.
    init(size: Size, scale: Int, prefix: String, module: URL, client: String) throws(HeadlessDemoError) {
        clientExecutable = client
        do throws(PrivateTemporaryFolder.Failure) {
            folder = try PrivateTemporaryFolder(prefix: prefix)
        } catch {
            throw .temporaryFolder(error.description)
        }
        do throws(HarnessError) {
            weston = try HeadlessWeston.start(width: Int(size.width), height: Int(size.height), scale: scale,
                                              directory: folder.url, module: module, diesWithParent: true)
        } catch {
            folder.remove()
            throw .weston(error)
        }
        injector = ScriptInjector(weston: weston)
    }

    deinit { stop() }

    /// This program, which the compositor runs as its client.
    static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Runs `touchstone run SCENE OPTIONS…` as the compositor's client, its standard output
    /// and error in `log`; returns once its window is mapped.
    public func show(scene: String, options: [String], log: URL) throws(HeadlessDemoError) {
        try harness { () throws(HarnessError) in
            let process = try weston.launchClient(
                clientExecutable, arguments: ["run", URL(fileURLWithPath: scene).standardizedFileURL.path] + options,
                outputPath: log.path, diesWithParent: true)
            client = (process, log)
            _ = try weston.waitForView(timeout: 10)
        }
    }

    /// Injects `events` back to back, each at once; with `awaitingCommit`, returns once the
    /// client has committed a frame after them.
    public func inject(_ events: [InputEvent], awaitingCommit: Bool = false) throws(HeadlessDemoError) {
        try harness { () throws(HarnessError) in
            let injected = try weston.monotonicTime()
            for event in events { try injector.inject(event) }
            guard awaitingCommit else { return }
            _ = try weston.waitForCommit(after: injected, pid: try running().process.pid, timeout: 10)
        }
    }

    /// Plays `script` at its own timing, each event stamped with its planned time
    /// (`ScriptInjector.play`); returns the stamps of the script's clock.
    @discardableResult
    public func play(_ script: [TimedInputEvent]) throws(HeadlessDemoError) -> ScriptInjector.Stamps {
        try harness { () throws(HarnessError) in try injector.play(script) }
    }

    /// Moves the client's clock to `stamp` (`ScriptInjector.advanceClock`).
    public func advanceClock(to stamp: UInt64) throws(HeadlessDemoError) {
        try harness { () throws(HarnessError) in try injector.advanceClock(to: stamp) }
    }

    /// Returns once the client has handled every event sent to it and committed what they drew.
    public func waitUntilIdle() throws(HeadlessDemoError) {
        try harness { () throws(HarnessError) in try weston.waitForIdle(pid: try running().process.pid, timeout: 10) }
    }

    /// Writes the output to `file` as a PNG once the client has drawn everything it was sent.
    /// The first commit after the last input may be a frame drawn before that input was read
    /// (a frame the client held back for its frame callback): while the client commits again
    /// after a screenshot was started, it is taken again.
    public func screenshot(to file: URL) throws(HeadlessDemoError) {
        try harness { () throws(HarnessError) in
            let pid = try running().process.pid
            for _ in 0 ..< 10 {
                try weston.waitForIdle(pid: pid, timeout: 10)
                let started = try weston.monotonicTime()
                _ = try weston.screenshot(to: file)
                try weston.waitForIdle(pid: pid, timeout: 10)
                // Answers at once when such a commit happened; 1 ms (the least) otherwise.
                guard (try? weston.waitForCommit(after: started, pid: pid, timeout: 0.001)) != nil else { return }
            }
        }
    }

    /// Quits the client with `q` (stamped `at`, nanoseconds on weston's clock; nil: now) and
    /// returns once it has exited with status 0.
    public func quit(at stamp: UInt64? = nil) throws(HeadlessDemoError) {
        let exited = try harness { () throws(HarnessError) -> Int32? in
            let (process, _) = try running()
            try injector.inject(.key("q", pressed: true), at: stamp)
            try injector.inject(.key("q", pressed: false), at: stamp)
            return process.waitForExit(timeout: 10) ? process.exitStatus : nil
        }
        let log = client?.log.path ?? ""
        guard let exited else { throw .clientDidNotQuit(log: log) }
        guard exited == 0 else { throw .clientFailed(status: exited, log: log) }
    }

    /// Ends the client (if it still runs) and weston, and removes weston's folder. Idempotent.
    public func stop() {
        client?.process.stop()
        weston.stop()
        folder.remove()
    }

    /// The client shown; before `show`, an error.
    private func running() throws(HarnessError) -> (process: ChildProcess, log: URL) {
        guard let client else { throw .invalidArgument("no client shown yet") }
        return client
    }

    /// Runs a step of the harness, its failure as `HeadlessDemoError.weston`.
    @discardableResult
    private func harness<T>(_ step: () throws(HarnessError) -> T) throws(HeadlessDemoError) -> T {
        do throws(HarnessError) {
            return try step()
        } catch {
            throw .weston(error)
        }
    }
}
