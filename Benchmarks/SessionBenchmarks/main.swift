// Input-to-commit latency of `touchstone run` against weston-simple-touch (a C client
// drawing a dot per touch), idle CPU and resident memory of the demo, all under one
// private headless weston per client, in the same run.
//
//   swift build -c release && .build/release/SessionBenchmarks [--taps N] [--idle-seconds S]
//       [--client-prefix "valgrind --tool=callgrind"]   (profile both clients; latencies then mean nothing)
import Foundation
import WestonHarness

struct Options {
    var taps = 200
    var idleSeconds = 5.0
    /// A command (and its arguments) both clients are started under, for profiling.
    var clientPrefix: [String] = []

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            switch argument {
            case "--taps": taps = it.next().flatMap(Int.init) ?? taps
            case "--idle-seconds": idleSeconds = it.next().flatMap(Double.init) ?? idleSeconds
            case "--client-prefix": clientPrefix = (it.next() ?? "").split(separator: " ").map(String.init)
            default: fatalError("unknown argument \(argument); use --taps N --idle-seconds S --client-prefix CMD")
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

/// Time between taps; a benchmark pause, not synchronization.
let idleGap = 0.04

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

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
        _ = try weston.waitForView(timeout: 10)
    }

    /// One tap at (`x`, `y`); waits for the up's frame too so taps never queue.
    func tap(x: Double, y: Double) throws {
        // Down and frame together, as a touchscreen reports a contact; timed from the down.
        let injected = try weston.touchDownAndFrame(id: 1, x: x, y: y)
        let commit = try weston.waitForCommit(after: injected, pid: client.pid, timeout: 5)
        samples.append(Double(commit.timestampNanoseconds - injected) / 1000)
        let lifted = try weston.touchUp(id: 1)
        if waitsForUpFrame { _ = try weston.waitForCommit(after: lifted, pid: client.pid, timeout: 5) }
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

func report(_ name: String, _ samples: [Double]) {
    print(String(format: "%-22@ median %7.1f µs   p90 %7.1f µs   p99 %7.1f µs   (n=%d)",
                 name as NSString, percentile(samples, 0.5), percentile(samples, 0.9), percentile(samples, 0.99), samples.count))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

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
print("(\(options.taps) taps each, the two clients tapped in turn, each under its own headless weston)")
do {
    let ours = try Subject(name: "touchstone run", executable: touchstone,
                           arguments: ["run", sceneFile.path, "--events", "/dev/null"], waitsForUpFrame: true)
    defer { ours.stop() }
    let reference = try Subject(name: "weston-simple-touch (C)", executable: "/usr/bin/weston-simple-touch",
                                waitsForUpFrame: false)
    defer { reference.stop() }
    try measureInTurn([ours, reference], taps: options.taps)
    report(ours.name, ours.samples.sorted())
    report(reference.name, reference.samples.sorted())
    let ratio = percentile(ours.samples.sorted(), 0.5) / percentile(reference.samples.sorted(), 0.5)
    print(String(format: "median ratio touchstone / C reference: %.2f×", ratio))
}

print("\nIdle cost of `touchstone demo` (the demo scene, overlay and touch markers on), mapped and idle:")
do {
    let weston = try HeadlessWeston.start(width: 480, height: 320)
    defer { weston.stop() }
    let client = try launch(weston, touchstone, ["demo"])
    defer { client.stop() }
    _ = try weston.waitForView(timeout: 10)
    let before = usage(of: client.pid)
    Thread.sleep(forTimeInterval: options.idleSeconds)
    let after = usage(of: client.pid)
    print(String(format: "CPU over %.0f s idle: %.1f ms   resident memory: %d KiB (%.1f MiB)",
                 options.idleSeconds, after.cpuMilliseconds - before.cpuMilliseconds, after.residentKiB,
                 Double(after.residentKiB) / 1024))
}
