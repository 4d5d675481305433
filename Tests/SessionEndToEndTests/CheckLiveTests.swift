import Foundation
import HeadlessSession
import Session
import Testing
import WestonControl
import WestonHarness

/// `touchstone check --live` (behaviour.md §19): cases under a private headless weston.
/// Every example once, at two cases at a time; the other checks use one or two short cases.
@Suite("check --live", .serialized)
struct CheckLiveTests {
    /// A fresh folder holding copies of the examples `names`, removed by the caller.
    func cases(_ names: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appending(path: "touchstone-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: HeadlessRunTests.packageRoot.appending(path: "examples/\(name)"),
                                             to: dir.appending(path: name))
        }
        return dir
    }

    func check(_ arguments: [String]) throws -> ProcessResult {
        try runTouchstone(["check"] + arguments,
                          environment: [HarnessModule.environmentVariable: try HeadlessWeston.testModule().path])
    }

    /// Every example, among them a list whose first fetch is armed before a script that
    /// starts at 100 ms (chat), a touch.cancel 100 ms after its touch (slider-toggle), a dead
    /// key (search) and a deceleration that ends 410 ms after the last touch (carousel): the
    /// live logs equal the replays' byte for byte, the quit key stamped with the replay's
    /// last timer so that every timer due by then fires first, however loaded the machine.
    @Test func everyExamplePassesLive() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: HeadlessRunTests.packageRoot.path + "/examples").sorted()
            .filter { FileManager.default.fileExists(atPath: HeadlessRunTests.packageRoot.path + "/examples/\($0)/scene.json") }
        #expect(names.count >= 13)
        // The images two examples show, beside them as in the repository.
        let dir = try cases(names + ["images"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try check([dir.path, "--live", "-j", "2"])
        #expect(run.stderr == "")
        #expect(run.stdout == names.map { "ok   \(dir.path)/\($0)\n" }.joined() + "\(names.count) cases: \(names.count) passed, 0 failed\n")
        #expect(run.status == 0)
    }

    @Test func aLiveLogThatDiffersFailsAndPrintsItsDiff() throws {
        let dir = try cases(["padded-button"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appending(path: "padded-button").path
        // A lift 0.4 ms after a whole millisecond: the replay logs it there, a compositor
        // delivers whole milliseconds only.
        let input = path + "/input.jsonl"
        let script = try String(contentsOfFile: input, encoding: .utf8)
        try script.replacingOccurrences(of: #"{"t":60,"type":"touch.up""#, with: #"{"t":60.4,"type":"touch.up""#)
            .write(toFile: input, atomically: false, encoding: .utf8)
        #expect(try runTouchstone(["check", path, "--update"]).status == 0)
        let run = try check([path, "--live"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL \(path): the live events.jsonl differs (") == true)
        #expect(lines.contains("--- \(path)/events.jsonl"))
        #expect(lines.contains("+++ \(path)/events.jsonl (live)"))
        #expect(lines.contains { $0.hasPrefix("-{\"t\":60.4,\"node\":\"play\"") })
        #expect(run.stdout.hasSuffix("1 case: 0 passed, 1 failed\n"))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringALiveCheckEndsItWithItsWestonAndTemporaryFolders(signal: Int32) throws {
        try expectSignalEndsItWithItsWeston(["check", HeadlessRunTests.packageRoot.path + "/examples/chat", "--live"], signal: signal)
    }
}
