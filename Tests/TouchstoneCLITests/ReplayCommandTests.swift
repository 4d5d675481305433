import Foundation
import WestonHarness
import Testing

/// Runs the built `touchstone` executable and captures its output and status.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `touchstone` binary next to the test bundle in the build folder.
    static var executable: URL {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("touchstone")
    }

    /// Runs `touchstone arguments`; `environment` replaces the inherited one when given.
    init(_ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = Self.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (outData, errData) = ChildOutput.read(output: out.fileHandleForReading, error: err.fileHandleForReading)
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }
}

@Suite struct ReplayCommandTests {
    static let examples = ["padded-button", "overlap", "slider-toggle", "chat", "scroll-list", "carousel", "languages",
                           "pin-pad", "search", "checkout", "checkout-rtl",
                           "icon-toolbar", "product-grid"]

    @Test(arguments: examples)
    func replayPrintsTheExpectedEventLog(example: String) throws {
        let run = try CLIRun(["replay", "examples/\(example)/scene.json", "examples/\(example)/input.jsonl"])
        let expected = try String(contentsOf: CLIRun.packageRoot.appendingPathComponent("examples/\(example)/events.jsonl"), encoding: .utf8)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == expected)
    }

    @Test func everyExampleSceneHasAnInputAndAnExpectedLog() throws {
        let folder = CLIRun.packageRoot.appendingPathComponent("examples").path
        let scenes = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/scene.json") }.sorted()
        #expect(scenes == Self.examples.sorted())
        for scene in scenes {
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(scene)")
            #expect(files.contains("input.jsonl") && files.contains("events.jsonl"))
        }
    }

    @Test func eventsOptionWritesTheLogToAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-events-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--events", path])
        #expect(run.status == 0 && run.stdout == "")
        let expected = try String(contentsOf: CLIRun.packageRoot.appendingPathComponent("examples/overlap/events.jsonl"), encoding: .utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test func malformedSceneExitsTwoWithOneLineNamingFileLineAndKey() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"size\": [10, 10],\n \"root\": {\"name\": \"r\", \"frame\": [0, 0, 1, 1], \"slop\": 3}}".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CLIRun(["replay", path, "examples/overlap/input.jsonl"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "touchstone: error: \(path):2: root.slop: expected [top, left, bottom, right], got a number\n")
    }

    @Test func missingFileExitsTwo() throws {
        let run = try CLIRun(["replay", "examples/nope/scene.json", "examples/overlap/input.jsonl"])
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: examples/nope/scene.json: cannot read: no such file\n")
    }

    @Test func badArgumentsExitTwo() throws {
        let run = try CLIRun(["replay", "examples/overlap/scene.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Missing expected argument '<input>'"))
    }

    @Test func unwritableEventsFileExitsOne() throws {
        let run = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--events", "/nonexistent/dir/log.jsonl"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("touchstone: error: /nonexistent/dir/log.jsonl: cannot create file"))
    }
}
