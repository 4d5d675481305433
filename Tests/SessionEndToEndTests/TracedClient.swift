import Foundation
import SceneFormat
import Testing
import WestonHarness

/// One `touchstone run` of a scene under a compositor that has no harness telling when the
/// client is idle (KWin, the wlroots ones), traced with `WAYLAND_DEBUG`: its trace and event
/// log are polled.
class TracedClient {
    let client: ChildProcess
    let log: URL
    let events: URL

    /// Writes `scene` into a folder of its own in `directory` and starts `touchstone run` on it
    /// through `launch` (the compositor's `launchClient`).
    init(scene: String, arguments: [String] = [], in directory: URL,
         launch: (String, [String], [String: String], String?) throws(HarnessError) -> ChildProcess) throws {
        let folder = directory.appending(path: "client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sceneFile = folder.appending(path: "scene.json")
        events = folder.appending(path: "events.jsonl")
        log = folder.appending(path: "client.log")
        try scene.write(to: sceneFile, atomically: true, encoding: .utf8)
        client = try launch(LiveClient.executable, ["run", sceneFile.path, "--events", events.path] + arguments,
                            ["WAYLAND_DEBUG": "client"], log.path)
    }

    deinit { client.stop() }

    func trace() -> [Substring] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// Checks `condition` until it holds, backing off from 1 ms to 0.2 s, for at most 20 s;
    /// then records the end of the client's trace and throws.
    func poll<T>(_ what: String, _ condition: () -> T?) throws -> T {
        do {
            return try Polling.until(what, timeout: 20, every: .milliseconds(1), backingOffTo: .milliseconds(200), condition)
        } catch {
            Issue.record("no \(what); the client's trace ends: \(trace().suffix(20).joined(separator: "\n"))")
            throw error
        }
    }

    /// Waits until the event log holds at least `count` lines; the log then.
    func loggedEvents(atLeast count: Int) throws -> [EventLogEntry] {
        try poll("\(count) logged events") { () -> [EventLogEntry]? in
            let entries = try? EventLog.decode(Array((try? Data(contentsOf: events)) ?? Data()), file: events.path)
            return (entries?.count ?? 0) >= count ? entries : nil
        }
    }

    func waitForTrace(_ what: String, _ match: @escaping (Substring) -> Bool) throws -> Substring {
        try poll(what) { trace().last(where: match) }
    }

    /// Waits until the compositor has shown the first full frame: the frame callback
    /// requested with the first buffer the window attached is done.
    func waitForFirstFrameShown() throws {
        try waitForFrameShown(after: nil)
    }

    /// Waits until the compositor has shown the first frame committed after the `occurrence`th
    /// trace line that matches `event` (a configure, say; nil: from the start): that frame's
    /// callback is done.
    func waitForFrameShown(after event: ((Substring) -> Bool)?, occurrence: Int = 1) throws {
        _ = try poll("a frame shown") { () -> Substring? in
            let lines = trace()
            let starts = event.map { event in lines.indices.filter { event(lines[$0]) } } ?? Array(lines.indices.prefix(1))
            guard starts.count >= occurrence, case let start = starts[occurrence - 1],
                  let attach = lines[start...].firstIndex(where: { $0.contains("-> wl_surface@") && $0.contains(".attach(wl_buffer@") }),
                  let request = lines[..<attach].lastIndex(where: { $0.contains(".frame(new id wl_callback@") }),
                  let id = lines[request].split(separator: "wl_callback@").last?.prefix(while: \.isNumber)
            else { return nil }
            return lines[request...].first { $0.contains(" wl_callback@\(id).done(") }
        }
    }
}
