// The pointer-location HUD's cost (issue 14): ten fingers moving over a 1920 × 1080 scene
// of 200 labelled buttons, with the HUD, the touch inspector and the paths on.
//
//   swift build -c release && .build/release/HUDBenchmarks [--frames N]
//
// 1. In process: per motion event, the CPU time (of this thread) of the client's work for it — dispatch, the HUD model, and
//    its share of the frame's damage and damage-limited repaint (ten motions per frame) —
//    timed per frame with and without the HUD; medians over the frames.
// 2. Live: `touchstone run --show-touches` with and without `--pointer-location`, each under its own
//    headless weston at 1920 × 1080, driven in turn: ten motions and a frame injected
//    together, timed from the injection to the client's commit (as weston sees it); the
//    client's CPU time per motion event from /proc.
import BenchmarkSupport
import Foundation
import NodeCore
import Render
import TouchDiagnostics
import WestonHarness

let frames: Int = {
    var frames = 400
    var it = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = it.next() {
        switch argument {
        case "--frames": frames = it.next().flatMap(Int.init) ?? frames
        default: fatalError("unknown argument \(argument); use --frames N")
        }
    }
    return frames
}()

/// Prints a line at once (a crash later must not lose it in a buffer).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let width = 1920.0, height = 1080.0, fingers = 10

/// 200 labelled buttons in a 20 × 10 grid.
func sceneJSON() -> String {
    var children: [String] = []
    for row in 0..<10 {
        for column in 0..<20 {
            children.append("""
            {"name":"b\(row)_\(column)","kind":"button","frame":[\(column * 96 + 8),\(row * 108 + 30),80,60],\
            "label":"B\(row * 20 + column)","color":"#5AC8FA","highlightedColor":"#007AFF"}
            """)
        }
    }
    return """
    {"size":[1920,1080],"background":"#FFFFFF","root":{"name":"root","frame":[0,0,1920,1080],"children":[\(children.joined(separator: ","))]}}
    """
}

/// Finger `f`'s position at frame `i`: each on its own circle, 2.5 pt a frame.
func position(finger f: Int, frame i: Int) -> Point {
    let cx = 120 + Double(f) * 185, cy = 540.0, r = 80 + Double(f % 3) * 20
    let a = Double(i) * 2.5 / r + Double(f)
    return Point(x: cx + r * cos(a), y: cy + r * sin(a))
}

// MARK: 1. In process

func buildWindow() -> Window {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    for row in 0..<10 {
        for column in 0..<20 {
            let b = ButtonNode(name: "b\(row)_\(column)",
                               frame: Rect(x: Double(column * 96 + 8), y: Double(row * 108 + 30), width: 80, height: 60))
            b.backgroundColor = Color(red: 90, green: 200, blue: 250)
            b.highlightedColor = Color(red: 0, green: 122, blue: 255)
            b.label = "B\(row * 20 + column)"
            root.addSubnode(b)
        }
    }
    return Window(root: root, size: Size(width: width, height: height))
}

/// Median and p90 microseconds per motion event over `frames` frames of ten motions each.
func measureInProcess(hud: Bool) throws -> (median: Double, p90: Double) {
    let window = buildWindow()
    let input = InputDispatcher(window: window)
    let renderer = try Renderer(window: window, background: .white, scale: 1)
    let canvas = try renderer.renderImage()
    let painter = PointerLocationPainter()
    var model = PointerLocation()
    func apply(_ event: InputEvent, _ t: Double) {
        input.handle(event, at: t)
        if hud { model.handle(event, at: t) }
    }
    func frame() {
        var damage = renderer.takeDamage()
        let items = hud ? TouchInspector.items(for: window) : []
        if hud { damage += painter.update(hud: model, inspector: items, renderer: renderer) }
        renderer.render(damage: damage, into: canvas)
        if hud { painter.paint(hud: model, inspector: items, damage: damage, renderer: renderer, into: canvas) }
    }
    for f in 0..<fingers { apply(.touchDown(id: f, location: position(finger: f, frame: 0)), 0) }
    apply(.touchFrame, 0)
    frame()
    var perEvent: [Double] = []
    for i in 1...frames {
        let t = Double(i) * 8.333
        let start = threadCPUNanoseconds()
        for f in 0..<fingers { apply(.touchMotion(id: f, location: position(finger: f, frame: i)), t) }
        apply(.touchFrame, t)
        frame()
        perEvent.append(Double(threadCPUNanoseconds() - start) / 1000 / Double(fingers))
    }
    return (median(perEvent), percentile(perEvent, 0.9))
}

say("In process, per motion event (10 fingers, 1920 × 1080, 200 labelled buttons, \(frames) frames of 10 motions):")
let plain = try measureInProcess(hud: false)
let withHUD = try measureInProcess(hud: true)
say(String(format: "  without the HUD             median %6.1f µs   p90 %6.1f µs", plain.median, plain.p90))
say(String(format: "  HUD, inspector and paths    median %6.1f µs   p90 %6.1f µs", withHUD.median, withHUD.p90))

// MARK: 2. Live

/// `touchstone run` under its own headless weston, and its injection → commit latencies (µs).
final class Subject {
    let name: String
    let weston: HeadlessWeston
    let client: ChildProcess
    var samples: [Double] = []
    var cpuBefore = 0.0

    init(name: String, arguments: [String]) throws {
        self.name = name
        weston = try HeadlessWeston.start(width: Int(width), height: Int(height))
        let touchstone = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appending(path: "touchstone").path
        client = try weston.launchClient(touchstone, arguments: arguments)
        _ = try weston.waitForView(timeout: 10)
    }

    func send(frame i: Int, down: Bool) throws {
        var commands: [String] = []
        for f in 0..<fingers {
            let p = position(finger: f, frame: i)
            commands.append("touch \(down ? "down" : "motion") \(f) \(p.x) \(p.y)")
        }
        commands.append("touch frame")
        let replies = try weston.sendTogether(commands)
        guard let injected = replies.first.flatMap({ UInt64($0.split(separator: " ").first ?? "") }) else {
            fatalError("unexpected reply \(replies)")
        }
        let commit = try weston.waitForCommit(after: injected, pid: client.pid, timeout: 5)
        if !down { samples.append(Double(commit.timestampNanoseconds - injected) / 1000) }
    }

    /// User + system CPU time of the client, ms.
    var cpuMilliseconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(client.pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return fields.count > 12 ? (Double(fields[11])! + Double(fields[12])!) / ticks * 1000 : .nan
    }

    func stop() {
        client.stop()
        weston.stop()
    }
}

let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-hud-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let sceneFile = folder.appending(path: "scene.json")
try sceneJSON().write(to: sceneFile, atomically: true, encoding: .utf8)

say("\nLive, `touchstone run` under headless weston 1920 × 1080: ten motions and a frame injected together → the client's commit")
do {
    let subjects = [
        // Touch markers on in both, so every frame of motion changes the screen (a commit to time).
        try Subject(name: "--show-touches", arguments: ["run", sceneFile.path, "--events", "/dev/null", "--show-touches"]),
        try Subject(name: "+ --pointer-location",
                    arguments: ["run", sceneFile.path, "--events", "/dev/null", "--show-touches", "--pointer-location"]),
    ]
    defer { for s in subjects { s.stop() } }
    for s in subjects { try s.send(frame: 0, down: true) }
    Thread.sleep(forTimeInterval: 0.05)
    for s in subjects { s.cpuBefore = s.cpuMilliseconds }
    for i in 1...frames {
        for s in subjects {
            try s.send(frame: i, down: false)
            // Past a headless repaint cycle, so the next frame finds the client idle (a benchmark pause).
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
    for s in subjects {
        let cpu = (s.cpuMilliseconds - s.cpuBefore) * 1000 / Double(frames * fingers)
        say(String(format: "  %-20@ latency median %7.1f µs   p90 %7.1f µs   client CPU %5.1f µs per motion event",
                     s.name as NSString, median(s.samples), percentile(s.samples, 0.9), cpu))
    }
    say(String(format: "  latency median ratio HUD / no HUD: %.2f×", median(subjects[1].samples) / median(subjects[0].samples)))
}
