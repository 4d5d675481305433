// Input-to-commit latency of `touchstone run` against weston-simple-touch (a C client
// drawing a dot per touch), idle CPU and resident memory of the demo, all under one
// private headless weston per client, in the same run.
//
//   swift build -c release --static-swift-stdlib && .build/release/SessionBenchmarks [--taps N] [--nodes N] [--flat] [--idle-seconds S]
//       [--starts N] [--client-prefix "valgrind --tool=callgrind"]   (profile the clients; latencies then mean nothing)
//       [--baseline PATH]   (another `touchstone` binary, say main's, tapped and started in turn too)
//
// `--nodes N` (default 100000) adds a third client: `touchstone run` on the same button in
// a scene of N nodes, tapped in turn with the others, so the ratio of the two touchstone
// medians shows how a tap's cost grows with the scene. `--nodes 0` leaves it out; `--flat` makes
// its nodes siblings in one container instead of a balanced tree.
// `--static-swift-stdlib` builds `touchstone` as `tools/install` does; linked dynamically,
// loading the Swift runtime adds several ms to start to first frame.
import BenchmarkSupport
import Foundation
import WestonHarness

struct Options {
    var taps = 200
    var nodes = 100_000
    var flat = false
    var starts = 20
    var idleSeconds = 5.0
    /// A command (and its arguments) both clients are started under, for profiling.
    var clientPrefix: [String] = []
    /// Another `touchstone` binary whose start to first frame is measured in the same turns.
    var baseline: String?

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            switch argument {
            case "--taps": taps = it.next().flatMap(Int.init) ?? taps
            case "--nodes": nodes = it.next().flatMap(Int.init) ?? nodes
            case "--flat": flat = true
            case "--starts": starts = it.next().flatMap(Int.init) ?? starts
            case "--idle-seconds": idleSeconds = it.next().flatMap(Double.init) ?? idleSeconds
            case "--client-prefix": clientPrefix = (it.next() ?? "").split(separator: " ").map(String.init)
            case "--baseline": baseline = it.next()
            default:
                fatalError("unknown argument \(argument); use --taps N --nodes N --flat --starts N --idle-seconds S --client-prefix CMD --baseline PATH")
            }
        }
    }
}

/// A labelled 120 × 48 pt button, a typical tap target: every down highlights it (a new frame).
let benchmarkScene = """
{ "size": [800, 600], "background": "#FFFFFF",
  "root": { "name": "root", "frame": [0, 0, 800, 600], "children": [
    { "name": "play", "kind": "button", "frame": [340, 276, 120, 48], "label": "Play",
      "color": "#0000FF", "highlightedColor": "#FF0000", "labelColor": "#FFFFFF" } ] } }
"""

/// The benchmark scene with `count` nodes in all: the root, the button, and `count - 2`
/// plain nodes in a balanced tree (fan-out 8, each node's children tiling it 4 × 2, colors
/// alternating) that fills the top 260 pt of the window, above the button. A tap
/// repaints the button only; whatever else the renderer visits is the scene's cost.
func largeScene(count: Int) -> String {
    let filler = max(count - 2, 0)
    if options.flat { return flatScene(filler: filler) }
    var frames: [(x: Double, y: Double, w: Double, h: Double)] = []
    var children: [[Int]] = []
    if filler > 0 {
        frames.append((0, 0, 800, 260))
        children.append([])
        var head = 0
        while frames.count < filler {
            let parent = frames[head]
            let w = parent.w / 4, h = parent.h / 2
            for i in 0..<8 where frames.count < filler {
                children[head].append(frames.count)
                frames.append((Double(i % 4) * w, Double(i / 4) * h, w, h))
                children.append([])
            }
            head += 1
        }
    }
    var json = ""
    json.reserveCapacity(filler * 90)
    func node(_ i: Int) {
        let f = frames[i]
        json += "{\"name\":\"n\(i)\",\"frame\":[\(f.x),\(f.y),\(f.w),\(f.h)],\"color\":\"\(i % 2 == 0 ? "#D0D8E8" : "#E8D8D0")\""
        if !children[i].isEmpty {
            json += ",\"children\":["
            for (k, c) in children[i].enumerated() {
                if k > 0 { json += "," }
                node(c)
            }
            json += "]"
        }
        json += "}"
    }
    if filler > 0 { node(0) }
    let button = """
    { "name": "play", "kind": "button", "frame": [340, 276, 120, 48], "label": "Play",
      "color": "#0000FF", "highlightedColor": "#FF0000", "labelColor": "#FFFFFF" }
    """
    return """
    { "size": [800, 600], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 800, 600], "children": [\(json)\(filler > 0 ? "," : "")\(button)] } }
    """
}

/// The benchmark scene with `filler` plain nodes before the button, siblings in the root,
/// tiling the top 260 pt in rows: a tap's repaint among as many siblings as nodes.
func flatScene(filler: Int) -> String {
    let columns = max(Int((Double(filler) * 800 / 260).squareRoot().rounded(.up)), 1)
    let rows = (filler + columns - 1) / max(columns, 1)
    let w = 800 / Double(columns), h = 260 / Double(max(rows, 1))
    var json = ""
    json.reserveCapacity(filler * 90)
    for i in 0..<filler {
        json += "{\"name\":\"n\(i)\",\"frame\":[\(Double(i % columns) * w),\(Double(i / columns) * h),\(w),\(h)],"
            + "\"color\":\"\(i % 2 == 0 ? "#D0D8E8" : "#E8D8D0")\"},"
    }
    return """
    { "size": [800, 600], "background": "#FFFFFF",
      "root": { "name": "root", "frame": [0, 0, 800, 600], "children": [\(json)
        { "name": "play", "kind": "button", "frame": [340, 276, 120, 48], "label": "Play",
          "color": "#0000FF", "highlightedColor": "#FF0000", "labelColor": "#FFFFFF" } ] } }
    """
}

/// Time between taps; a benchmark pause, not synchronization.
let idleGap = 0.04
/// Time between starts: the output's repaint loop after an unmap ends ~35 ms later.
let startGap = 0.08

/// A client mapped in its own headless weston, and its down → commit latencies (µs).
final class Subject {
    let name: String
    let weston: HeadlessWeston
    let client: ChildProcess
    /// weston-simple-touch draws on down and motion only: nothing to wait for on up.
    let waitsForUpFrame: Bool
    var samples: [Double] = []

    init(name: String, executable: String, arguments: [String] = [], waitsForUpFrame: Bool) throws {
        self.name = name
        self.waitsForUpFrame = waitsForUpFrame
        weston = try HeadlessWeston.start(width: 800, height: 600)
        client = try launch(weston, executable, arguments)
        _ = try weston.waitForView(timeout: clientTimeout)
    }

    /// One tap at (`x`, `y`); waits for the up's frame too so taps never queue.
    func tap(x: Double, y: Double) throws {
        // Down and frame together, as a touchscreen reports a contact; timed from the down.
        let injected = try weston.touchDownAndFrame(id: 1, x: x, y: y)
        let commit = try weston.waitForCommit(after: injected, pid: client.pid, timeout: clientTimeout)
        samples.append(Double(commit.timestampNanoseconds - injected) / 1000)
        let lifted = try weston.touchUp(id: 1)
        if waitsForUpFrame { _ = try weston.waitForCommit(after: lifted, pid: client.pid, timeout: clientTimeout) }
    }

    func stop() {
        client.stop()
        weston.stop()
    }
}

/// Taps the subjects in turn, `taps` times each, so drift in the machine's load or clock
/// affects all of them alike.
func measureInTurn(_ subjects: [Subject], taps: Int) throws {
    for i in 0..<taps {
        let x = 350 + Double(i % 10) * 10, y = 280 + Double(i / 10 % 4) * 10
        for subject in subjects {
            try subject.tap(x: x, y: y)
            // Pause past a headless repaint cycle (~16–27 ms) so the last commit's frame callback
            // has arrived and the next down finds the client idle, as a finger's next tap would.
            Thread.sleep(forTimeInterval: idleGap)
        }
    }
}

/// CPU time (user + system) in milliseconds and resident memory in KiB of a process.
func usage(of pid: Int32) -> (cpuMilliseconds: Double, residentKiB: Int) {
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    // After "(comm)": state is field 0, utime 11, stime 12 (clock ticks).
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    let cpu = fields.count > 12 ? (Double(fields[11])! + Double(fields[12])!) / ticks * 1000 : .nan
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? -1
    return (cpu, rss)
}

/// When `process` first committed a buffer and when an output repaint first showed it
/// (weston's clock, both stamped in weston as they happen, not when asked).
func firstFrame(of process: ChildProcess, in weston: HeadlessWeston) throws -> (committed: UInt64, presented: UInt64) {
    let presented = try weston.waitForPresented(pid: process.pid, timeout: clientTimeout)
    // Presented implies committed: the buffer shown is the one first committed.
    guard let committed = try weston.firstCommit(pid: process.pid) else {
        fatalError("client \(process.pid) was presented without a committed buffer")
    }
    return (committed, presented.timestampNanoseconds)
}

func report(_ name: String, _ samples: [Double]) {
    print(String(format: "%-24@ median %7.1f µs   p90 %7.1f µs   p99 %7.1f µs   (n=%d)",
                 name as NSString, percentile(samples, 0.5), percentile(samples, 0.9), percentile(samples, 0.99), samples.count))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
/// How long a client may take to map or to answer a tap: a client under valgrind starts
/// ~50 times slower.
let clientTimeout = options.clientPrefix.isEmpty ? 10.0 : 300.0

/// Starts `executable` in `weston`, under `--client-prefix` when one was given.
func launch(_ weston: HeadlessWeston, _ executable: String, _ arguments: [String] = []) throws -> ChildProcess {
    guard let wrapper = options.clientPrefix.first else { return try weston.launchClient(executable, arguments: arguments) }
    let path = wrapper.hasPrefix("/") ? wrapper : "/usr/bin/" + wrapper
    return try weston.launchClient(path, arguments: Array(options.clientPrefix.dropFirst()) + [executable] + arguments)
}
let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let touchstone = buildFolder.appending(path: "touchstone").path
let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let sceneFile = folder.appending(path: "scene.json")
try benchmarkScene.write(to: sceneFile, atomically: true, encoding: .utf8)

print("Input-to-commit latency: injected touch down → the client's commit of the next frame")
do {
    var subjects: [Subject] = []
    defer { for subject in subjects { subject.stop() } }
    subjects.append(try Subject(name: "touchstone run", executable: touchstone,
                                arguments: ["run", sceneFile.path, "--events", "/dev/null"], waitsForUpFrame: true))
    if options.nodes > 0 {
        let largeFile = folder.appending(path: "scene-\(options.nodes).json")
        try largeScene(count: options.nodes).write(to: largeFile, atomically: true, encoding: .utf8)
        subjects.append(try Subject(name: "touchstone run, \(options.nodes) nodes\(options.flat ? " flat" : "")", executable: touchstone,
                                    arguments: ["run", largeFile.path, "--events", "/dev/null"], waitsForUpFrame: true))
    }
    if let baseline = options.baseline {
        subjects.append(try Subject(name: "baseline run", executable: baseline,
                                    arguments: ["run", sceneFile.path, "--events", "/dev/null"], waitsForUpFrame: true))
    }
    subjects.append(try Subject(name: "weston-simple-touch (C)", executable: "/usr/bin/weston-simple-touch",
                                waitsForUpFrame: false))
    print("(\(options.taps) taps each, the \(subjects.count) clients tapped in turn, each under its own headless weston)")
    try measureInTurn(subjects, taps: options.taps)
    for subject in subjects { report(subject.name, subject.samples.sorted()) }
    func median(_ subject: Subject) -> Double { percentile(subject.samples.sorted(), 0.5) }
    let ours = subjects[0], reference = subjects[subjects.count - 1]
    for subject in subjects.dropLast() {
        reportFigure(table: "Tap to commit", figure: "\(subject.name), median", value: median(subject), unit: "µs",
                     baseline: String(format: "weston-simple-touch %.0f µs", median(reference)),
                     ratio: median(subject) / median(reference), target: .atMost(1.3))
    }
    print(String(format: "median ratio touchstone / C reference: %.2f× (target ≤ 1.3×: %@)", median(ours) / median(reference),
                 median(ours) / median(reference) <= 1.3 ? "met" : "not met"))
    if options.nodes > 0 {
        print(String(format: "median ratio %d-node scene / C reference: %.2f×; / one-button scene: %.2f×", options.nodes,
                     median(subjects[1]) / median(reference), median(subjects[1]) / median(ours)))
    }
    if options.baseline != nil {
        print(String(format: "median ratio baseline / C reference: %.2f×", median(subjects[subjects.count - 2]) / median(reference)))
    }
}

print("\nStart to first frame: client started → its first commit of a buffer, and → the first output")
print("repaint that showed it (an idle headless output repaints ~16.7 − 7 ms after the map: weston 10's")
print("refresh minus its repaint window)")
print("(\(options.starts) starts each, the clients started in turn, each turn led by the next, in one headless weston)")
do {
    let weston = try HeadlessWeston.start(width: 800, height: 600)
    defer { weston.stop() }
    let runArguments = ["run", sceneFile.path, "--events", "/dev/null"]
    var clients: [(name: String, executable: String, arguments: [String])] = [
        ("touchstone run", touchstone, runArguments),
        ("weston-simple-shm (C)", "/usr/bin/weston-simple-shm", []),
    ]
    if let baseline = options.baseline { clients.append(("baseline run", baseline, runArguments)) }
    var committed: [[Double]] = clients.map { _ in [] }
    var presented: [[Double]] = clients.map { _ in [] }
    for turn in 0..<options.starts {
        // Each turn starts with the next client, so each follows every other in turn: a start
        // right after another build of `touchstone` measured up to ~1.7 ms slower here.
        for k in clients.indices {
            let i = (k + turn) % clients.count, client = clients[i]
            let started = try weston.monotonicTime()
            let process = try launch(weston, client.executable, client.arguments)
            let first = try firstFrame(of: process, in: weston)
            committed[i].append(Double(first.committed - started) / 1000)
            presented[i].append(Double(first.presented - started) / 1000)
            process.stop()
            // Past the output's repaint loop after the unmap (a repaint, 16 ms, then one more
            // repaint delay), so every start finds it idle: a benchmark pause, not synchronization.
            Thread.sleep(forTimeInterval: startGap)
        }
    }
    for (title, samples) in [("first commit", committed), ("first frame presented", presented)] {
        print("start → \(title):")
        for (i, client) in clients.enumerated() { report("  " + client.name, samples[i].sorted()) }
        func ratio(_ i: Int) -> Double { percentile(samples[i].sorted(), 0.5) / percentile(samples[1].sorted(), 0.5) }
        print(String(format: "  median ratio touchstone / C reference: %.2f× (target ≤ 1.6×: %@)",
                     ratio(0), ratio(0) <= 1.6 ? "met" : "not met"))
        reportFigure(table: "Start to first frame", figure: "touchstone run, start → \(title), median",
                     value: percentile(samples[0].sorted(), 0.5) / 1000, unit: "ms",
                     baseline: String(format: "weston-simple-shm %.1f ms", percentile(samples[1].sorted(), 0.5) / 1000),
                     ratio: ratio(0), target: .atMost(1.6))
        if options.baseline != nil {
            print(String(format: "  median ratio baseline / C reference: %.2f×", ratio(2)))
        }
    }
}

print("\nIdle cost of `touchstone demo` (the demo scene, overlay and touch markers on), mapped and idle:")
do {
    let weston = try HeadlessWeston.start(width: 480, height: 320)
    defer { weston.stop() }
    let client = try launch(weston, touchstone, ["demo"])
    defer { client.stop() }
    _ = try weston.waitForView(timeout: clientTimeout)
    let before = usage(of: client.pid)
    Thread.sleep(forTimeInterval: options.idleSeconds)
    let after = usage(of: client.pid)
    print(String(format: "CPU over %.0f s idle: %.1f ms   resident memory: %d KiB (%.1f MiB)",
                 options.idleSeconds, after.cpuMilliseconds - before.cpuMilliseconds, after.residentKiB,
                 Double(after.residentKiB) / 1024))
    reportFigure(table: "Idle", figure: String(format: "touchstone demo, CPU over %.0f s idle", options.idleSeconds),
                 value: after.cpuMilliseconds - before.cpuMilliseconds, unit: "ms")
    reportFigure(table: "Idle", figure: "touchstone demo, resident memory", value: Double(after.residentKiB) / 1024, unit: "MiB")
}
