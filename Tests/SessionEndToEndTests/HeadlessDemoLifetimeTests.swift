import Foundation
import HeadlessSession
import Session
import Testing
import WestonHarness

/// Interrupting `demo --headless` (hardening item 14): its weston and its `touchstone run`
/// die with it and its temporary folder is removed, whichever signal ends it.
@Suite("Headless demo's lifetime", .serialized)
struct HeadlessDemoLifetimeTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func aDemoEndedByASignalTakesItsWestonItsClientAndItsTemporaryFolderWithIt(signal: Int32) throws {
        let scratch = Self.scratchFolder()
        let tmp = scratch.appending(path: "tmp"), out = scratch.appending(path: "out")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = tmp.path
        environment[HarnessModule.environmentVariable] = try HeadlessWeston.testModule().path
        let demo = try ChildProcess(executable: LiveClient.executable, arguments: ["demo", "--headless", out.path],
                                    environment: environment, outputPath: scratch.appending(path: "demo.log").path)

        // Stop the demo once both children run, so it cannot finish before the signal.
        let children = try #require(Self.waitFor(timeout: 20) { () -> (weston: Int32, client: Int32)? in
            let found = ProcessTable.children(of: demo.pid)
            guard let weston = found.first(where: { $0.name == "weston" }),
                  let client = found.first(where: { $0.name == "touchstone" }) else { return nil }
            return (weston.pid, client.pid)
        }, "the demo never had both weston and its client running")
        kill(demo.pid, SIGSTOP)
        try #require(ProcessTable.isAlive(children.weston) && ProcessTable.isAlive(children.client),
                     "the demo finished before it could be interrupted")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).count == 1)

        kill(demo.pid, signal)
        kill(demo.pid, SIGCONT)
        #expect(demo.waitForExit(timeout: 10))
        #expect(demo.exitStatus == 128 + signal)
        #expect(Self.waitFor(timeout: 10) { !ProcessTable.isAlive(children.weston) ? true : nil } == true,
                "weston outlived the demo")
        #expect(Self.waitFor(timeout: 10) { !ProcessTable.isAlive(children.client) ? true : nil } == true,
                "the demo's client outlived it")
        #expect(Self.waitFor(timeout: 10) {
            (try? FileManager.default.contentsOfDirectory(atPath: tmp.path))?.isEmpty == true ? true : nil
        } == true, "the temporary folder outlived the demo: \((try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [])")
    }

    @Test func aDemoThatFinishesLeavesNoTemporaryFolderAndNoProcess() throws {
        let scratch = Self.scratchFolder()
        let tmp = scratch.appending(path: "tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let demo = try runTouchstone(["demo", "--headless", scratch.appending(path: "out").path],
                                     environment: ["TMPDIR": tmp.path,
                                                   HarnessModule.environmentVariable: try HeadlessWeston.testModule().path])
        #expect(demo.status == 0, "\(demo.stderr)")
        // The folder is removed before the demo exits, not by its watchdog afterwards.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    }

    /// Short: weston's socket path inside it must fit in 108 bytes.
    private static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "tl-\(UUID().uuidString.prefix(8))")
    }

    /// Polls `probe` (every 5 ms) until it gives a value, or nil when `timeout` seconds pass.
    static func waitFor<T>(timeout: Double, _ probe: () -> T?) -> T? {
        try? Polling.until("the demo's processes", timeout: timeout, probe)
    }
}

/// The processes of this machine as `/proc` lists them.
enum ProcessTable {
    struct Entry {
        let pid: Int32
        let name: String
        let parent: Int32
        let state: Character
    }

    static func entry(_ pid: Int32) -> Entry? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        // After "(comm)": the state, then the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return Entry(pid: pid, name: String(stat[stat.index(after: open) ..< close]), parent: parent, state: state)
    }

    static func children(of parent: Int32) -> [Entry] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.compactMap(entry).filter { $0.parent == parent }
    }

    /// Running, or at least not yet a zombie (an orphan's zombie waits for a reaper that may never come).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let entry = entry(pid) else { return false }
        return entry.state != "Z" && entry.state != "X"
    }
}
