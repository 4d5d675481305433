import Foundation
@testable import HeadlessSession
import NodeCore
import SceneFormat
import Testing
import WestonHarness

/// The headless compositor the shipped commands drive (`demo --headless`, `run --headless`,
/// `check --live`): a scene shown, input injected, and no weston, client or folder left
/// behind however the session ends.
@Suite("Headless compositor", .serialized)
struct HeadlessCompositorTests {
    /// A compositor sized for `testScene`, its client the built `touchstone`, with `testScene`
    /// shown and its event log in `folder`.
    private func showTestScene(in folder: URL) throws -> HeadlessCompositor {
        let scene = folder.appending(path: "scene.json")
        try testScene.write(to: scene, atomically: true, encoding: .utf8)
        let compositor = try HeadlessCompositor(size: Size(width: 400, height: 300), scale: 1, prefix: "touchstone-compositor-test",
                                                module: HeadlessWeston.testModule(), client: LiveClient.executable)
        do {
            try compositor.show(scene: scene.path, options: ["--events", folder.appending(path: "events.jsonl").path],
                                log: folder.appending(path: "client.log"))
        } catch {
            compositor.stop()
            throw error
        }
        return compositor
    }

    @Test func aShownSceneTakesInjectedTouchesAndStopLeavesNoProcessAndNoFolder() throws {
        let folder = try makeScratchFolder("touchstone-compositor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let compositor = try showTestScene(in: folder)
        defer { compositor.stop() }
        let (weston, state) = (compositor.weston.pid, compositor.folder.url)
        try compositor.inject([.down(1, okCenter.x, okCenter.y), .touchFrame], awaitingCommit: true)
        try compositor.inject([.up(1)])
        try compositor.screenshot(to: folder.appending(path: "shot.png"))
        try compositor.quit()
        let log = try String(contentsOf: folder.appending(path: "events.jsonl"), encoding: .utf8)
        #expect(log.contains("\"primaryActionTriggered\""))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "shot.png").path))

        compositor.stop()
        #expect(!ProcessTable.isAlive(weston), "weston outlived stop()")
        #expect(!FileManager.default.fileExists(atPath: state.path), "weston's folder outlived stop()")
    }

    @Test func aWestonThatDiesEndsTheNextStepWithAnErrorAndTakesItsClientAndFolder() throws {
        let folder = try makeScratchFolder("touchstone-compositor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let compositor = try showTestScene(in: folder)
        defer { compositor.stop() }
        let (client, state) = (try #require(compositor.client?.process), compositor.folder.url)
        kill(compositor.weston.pid, SIGKILL)
        #expect(throws: HeadlessDemoError.self) { try compositor.inject([.down(1, okCenter.x, okCenter.y), .touchFrame]) }
        compositor.stop()
        #expect(!client.isRunning, "the client outlived its weston")
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func aClientThatDiesIsAFailureWithItsStatusAndStopTakesWestonWithIt() throws {
        let folder = try makeScratchFolder("touchstone-compositor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let compositor = try showTestScene(in: folder)
        defer { compositor.stop() }
        let weston = compositor.weston.pid
        kill(try #require(compositor.client?.process.pid), SIGKILL)
        #expect {
            try compositor.quit()
        } throws: { error in
            guard case .clientFailed(let status, _)? = error as? HeadlessDemoError else { return false }
            return status == 128 + SIGKILL
        }
        compositor.stop()
        #expect(!ProcessTable.isAlive(weston), "weston outlived its client and stop()")
    }
}
