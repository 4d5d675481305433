import BenchmarkSupport
import Foundation
import WestonHarness

// The sweep live: `touchstone run` (built beside this binary) on a 1920×1080 scene of a
// scroll node over N labelled buttons, each under its own headless weston, dragged by an
// injected finger 7 px per motion, each motion waited for until the client committed its
// frame. The client's CPU (every thread's, from /proc/PID/task/*/schedstat) and minor page
// faults are read around each drag's scrolling frames only: the down, the slop and the lift
// (after 150 ms still, so no fling follows) are left out. Drags go up and down in turn, so
// every size shows the same rows; the sizes take turns drag by drag.

/// One scene file: a scroll node filling the window over `buttons` buttons, as `makeWindow`.
@MainActor
func liveScene(buttons: Int) -> String {
    var json = ""
    json.reserveCapacity(buttons * 170)
    for i in 0 ..< buttons {
        if i > 0 { json += "," }
        json += "{\"name\":\"b\(i)\",\"kind\":\"button\",\"frame\":[40,\(Double(i) * rowHeight + 4),\(size.width - 80),48],"
            + "\"label\":\"Button \(i)\",\"color\":\"\(i % 2 == 0 ? "#285AC8" : "#1E9650")\"}"
    }
    return """
    { "size": [\(Int(size.width)), \(Int(size.height))], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, \(Int(size.width)), \(Int(size.height))], "children": [
        { "name": "list", "kind": "scroll", "frame": [0, 0, \(Int(size.width)), \(Int(size.height))], "color": "#FFFFFF",
          "contentSize": [\(Int(size.width)), \(Double(buttons) * rowHeight)], "children": [\(json)] } ] } }
    """
}

/// CPU time in ns of every thread of `pid`, and its minor page faults.
func processUsage(_ pid: Int32) -> (nanoseconds: UInt64, faults: Int) {
    var total: UInt64 = 0
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for task in tasks {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
        total += text.split(separator: " ").first.flatMap { UInt64($0) } ?? 0
    }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // After "(comm)": state is field 0, minflt field 7.
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    return (total, fields.count > 7 ? Int(fields[7]) ?? 0 : 0)
}

/// A `touchstone run` of one scene in its own headless weston.
@MainActor
final class LiveSubject {
    let buttons: Int
    let weston: HeadlessWeston
    let client: ChildProcess
    var nanoseconds: UInt64 = 0
    var faults = 0
    var frames = 0
    /// The finger goes up (content scrolls down) on even drags, down on odd ones.
    private var drags = 0

    init(buttons: Int, touchstone: String, folder: URL) throws {
        self.buttons = buttons
        let scene = folder.appending(path: "scroll-\(buttons).json")
        try liveScene(buttons: buttons).write(to: scene, atomically: true, encoding: .utf8)
        weston = try HeadlessWeston.start(width: Int(size.width), height: Int(size.height))
        client = try weston.launchClient(touchstone, arguments: ["run", scene.path, "--events", "/dev/null"])
        _ = try weston.waitForView(timeout: 120)
    }

    /// One drag of `frames` scrolling motions 7 px apart; adds its scrolling frames' cost.
    func drag(frames count: Int) throws {
        let up = drags % 2 == 0
        drags += 1
        let step = up ? -7.0 : 7.0
        var y = up ? 1000.0 : 1000.0 - 7 * Double(count) - 14
        try weston.touchDown(id: 1, x: 960, y: y)
        try weston.touchFrame()
        // Past the scroll slop: the drag begins; its frame is not counted.
        y += 2 * step
        try weston.touchMotion(id: 1, x: 960, y: y)
        _ = try weston.waitForCommit(after: try weston.touchFrame(), pid: client.pid, timeout: 10)
        let before = processUsage(client.pid)
        for _ in 0 ..< count {
            y += step
            try weston.touchMotion(id: 1, x: 960, y: y)
            _ = try weston.waitForCommit(after: try weston.touchFrame(), pid: client.pid, timeout: 10)
        }
        let after = processUsage(client.pid)
        nanoseconds += after.nanoseconds - before.nanoseconds
        faults += after.faults - before.faults
        frames += count
        // Still for longer than the velocity window before the lift: no fling. A benchmark pause.
        Thread.sleep(forTimeInterval: 0.15)
        try weston.touchUp(id: 1)
        try weston.touchFrame()
        Thread.sleep(forTimeInterval: 0.05)
    }

    var millisecondsPerFrame: Double { Double(nanoseconds) / 1e6 / Double(max(frames, 1)) }

    func stop() {
        client.stop()
        weston.stop()
    }
}

@MainActor
func liveSweep(children: [Int], frames: Int) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-scroll-\(getpid())")
    let touchstone = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appending(path: "touchstone").path
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var subjects: [LiveSubject] = []
        defer { for subject in subjects { subject.stop() } }
        for count in children { subjects.append(try LiveSubject(buttons: count, touchstone: touchstone, folder: folder)) }
        let perDrag = 120
        for _ in 0 ..< max(1, (frames + perDrag - 1) / perDrag) {
            for subject in subjects { try subject.drag(frames: perDrag) }
        }
        print("Live scrolling: `touchstone run` under headless weston 1920×1080, a finger dragging 7 px per motion, "
              + "each frame committed before the next motion; client CPU (all threads) per scrolling frame, the sizes in turn:")
        let base = subjects[0].millisecondsPerFrame
        for subject in subjects {
            print(String(format: "  %@ buttons: %.3f ms per frame (%.2f× the %@-button figure), %.2f page faults per frame, %d frames",
                         grouped(subject.buttons), subject.millisecondsPerFrame, subject.millisecondsPerFrame / base,
                         grouped(subjects[0].buttons), Double(subject.faults) / Double(max(subject.frames, 1)), subject.frames))
        }
        let ratio = subjects[subjects.count - 1].millisecondsPerFrame / base
        print(String(format: "  ratio %@ / %@ buttons: %.2f× (target ≤ 1.2×: %@)", grouped(subjects[subjects.count - 1].buttons),
                     grouped(subjects[0].buttons), ratio, ratio <= 1.2 ? "met" : "not met"))
    } catch {
        print("live sweep failed: \(error)")
    }
}
