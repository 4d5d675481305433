import Foundation
import HeadlessSession
import Session
import Testing
import WestonControl
import WestonHarness

/// Runs `touchstone ARGUMENTS` (a command that starts a private headless weston) with its
/// temporary folder in a scratch folder, sends `signal` once weston and the client run, and
/// checks that the command ends with status 128 + `signal`, weston with it, and that no
/// temporary folder is left (behaviour.md §19).
func expectSignalEndsItWithItsWeston(_ arguments: [String], signal: Int32) throws {
    let scratch = URL(fileURLWithPath: "/tmp/ts-signal-\(UUID().uuidString.prefix(8))")
    let tmp = scratch.appending(path: "tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = tmp.path
    environment[HarnessModule.environmentVariable] = try HeadlessWeston.testModule().path
    let command = try ChildProcess(executable: LiveClient.executable, arguments: arguments, environment: environment,
                                   outputPath: scratch.appending(path: "command.log").path)
    let weston = try #require(HeadlessDemoLifetimeTests.waitFor(timeout: 20) { () -> Int32? in
        let found = ProcessTable.children(of: command.pid)
        guard found.contains(where: { $0.name == "touchstone" }) else { return nil }
        return found.first(where: { $0.name == "weston" })?.pid
    }, "the command never had weston and its client running")
    kill(command.pid, signal)
    #expect(command.waitForExit(timeout: 10))
    #expect(command.exitStatus == 128 + signal)
    #expect(HeadlessDemoLifetimeTests.waitFor(timeout: 10) { !ProcessTable.isAlive(weston) ? true : nil } == true,
            "weston outlived the command")
    #expect(HeadlessDemoLifetimeTests.waitFor(timeout: 10) {
        (try? FileManager.default.contentsOfDirectory(atPath: tmp.path))?.isEmpty == true ? true : nil
    } == true, "a temporary folder outlived the command")
}
