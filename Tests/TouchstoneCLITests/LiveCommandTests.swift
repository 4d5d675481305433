import Foundation
import Testing

/// `run` and `demo` where no compositor is reachable: one clear line, status 1.
@Suite struct LiveCommandTests {
    /// The inherited environment without any Wayland session.
    static var noSession: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        return environment
    }

    @Test func demoWithoutASessionSaysHowToRunHeadless() throws {
        let run = try CLIRun(["demo"], environment: Self.noSession)
        #expect(run.status == 1)
        #expect(run.stderr == "touchstone: error: no Wayland session (WAYLAND_DISPLAY is not set); run `touchstone demo --headless DIR` to play the demo under a private headless weston\n")
    }

    @Test func runWithoutACompositorExitsOneWithOneLine() throws {
        var environment = Self.noSession
        environment["WAYLAND_DISPLAY"] = "touchstone-test-nobody-\(UUID().uuidString)"
        environment["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        let run = try CLIRun(["run", "examples/overlap/scene.json"], environment: environment)
        #expect(run.status == 1)
        let last = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "touchstone: error: cannot connect to Wayland display '\(environment["WAYLAND_DISPLAY"]!)': No such file or directory")
    }

    @Test func runRejectsABadSceneBeforeConnecting() throws {
        let run = try CLIRun(["run", "examples/overlap/input.jsonl"], environment: Self.noSession)
        #expect(run.status == 2)
        #expect(run.stderr == "touchstone: error: examples/overlap/input.jsonl:2: unexpected character '{' after the JSON value\n")
    }
}
