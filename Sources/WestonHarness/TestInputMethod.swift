public import Foundation

/// The test input method `tools/wlroots-harness` builds (`wlr-input-method`, test support
/// like the virtual pointer), on a compositor that offers `zwp_input_method_manager_v2`
/// (sway, phoc): it preedits, commits and deletes on command and logs every event it gets
/// (activation, content type, surrounding text, done) to a file (docs/wayland.md).
public final class TestInputMethod {
    private let client: FakeInputClient
    /// Where it logs the events it receives, one line each.
    public let eventsFile: URL

    /// Starts it as the input method of the compositor whose client variables are
    /// `environment` (`HeadlessWlroots.environment`), logging into `directory`; returns once
    /// it has bound its seat.
    public init(environment: [String: String], directory: URL, timeout: Double = 10) throws(HarnessError) {
        let build = try CompositorFolder.buildTools("wlroots-harness", product: "wlr-input-method")
        eventsFile = directory.appending(path: "input-method-\(UUID().uuidString).log")
        var toolEnvironment = ProcessInfo.processInfo.environment
        for key in ["WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { toolEnvironment.removeValue(forKey: key) }
        toolEnvironment.merge(environment) { _, new in new }
        client = try FakeInputClient(path: build.appending(path: "wlr-input-method").path, arguments: [eventsFile.path],
                                     environment: toolEnvironment)
        guard (try? client.readLine(timeout: timeout)) == "ready" else {
            client.stop()
            throw .commandFailed(command: "wlr-input-method", reason: "it did not become the input method")
        }
    }

    deinit { stop() }

    /// Sends one command (`preedit BEGIN END TEXT`, `commit TEXT`, `delete BEFORE AFTER`,
    /// `done`) and waits until the compositor has handled it.
    public func send(_ command: String, timeout: Double = 10) throws(HarnessError) {
        try client.send(command, timeout: timeout)
    }

    /// The events received so far, one line each (`activate`, `content_type 7 0`, `done 3`…).
    public func events() -> [String] {
        ((try? String(contentsOf: eventsFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Ends it. Idempotent.
    public func stop() {
        client.stop()
    }
}
