// The pointer-location HUD's cost (issue 14): ten fingers moving over a 1920 × 1080 scene
// of 200 labelled buttons, with the HUD, the touch inspector and the paths on.
//
//   swift build -c release --product touchstone && swift build -c release --product HUDBenchmarks
//   .build/release/HUDBenchmarks [--frames N] [--before PATH-TO-ANOTHER-touchstone-BUILD]
//
// 1. In process: per motion event, the CPU time (of this thread) of the client's work for it — dispatch, the HUD model, and
//    its share of the frame's damage and damage-limited repaint with touch markers (ten
//    motions per frame) — timed per frame with and without the HUD; medians over the frames.
// 2. Live: `touchstone run --show-touches` with and without `--pointer-location`, each under its own
//    headless weston at 1920 × 1080, driven in turn: ten motions and a frame injected
//    together, timed from the injection to the client's commit (as weston sees it), the two
//    sessions interleaved frame by frame; the client's CPU time per frame from its threads'
//    schedstat, divided by the ten motion events; medians over the frames.
import BenchmarkSupport
import Foundation
import NodeCore
import Render
import DiagnosticsPainting
import TouchDiagnostics
import WestonHarness

/// `--frames N`; `--before PATH`: another build of `touchstone` (say, of main before a
/// change), whose two sessions run interleaved with this build's for a before/after figure.
/// `--in-process`: only part 1 (for profiling); `--only hud|plain`: only that session of it.
let (frames, beforeBuild, inProcessOnly, onlySession): (Int, String?, Bool, String?) = {
    var frames = 400
    var before: String?
    var inProcessOnly = false
    var only: String?
    var it = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = it.next() {
        switch argument {
        case "--frames": frames = it.next().flatMap(Int.init) ?? frames
        case "--before": before = it.next()
        case "--in-process": inProcessOnly = true
        case "--only":
            only = it.next()
            inProcessOnly = true
        default: fatalError("unknown argument \(argument); use --frames N, --before PATH, --in-process, --only hud|plain")
        }
    }
    return (frames, before, inProcessOnly, only)
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

/// One window painted frame by frame in process, with touch markers as in the live part;
/// with the HUD, frames are painted as the live window paints them then: the tree and the
/// paths through the underlay layer, the markers and the rest of the HUD over it, and no
/// crosshairs (a live window at an integer scale shows them as subsurfaces).
final class InProcessSession {
    let hud: Bool
    let window = buildWindow()
    let input: InputDispatcher
    let renderer: Renderer
    let canvas: Canvas
    let painter = PointerLocationPainter(), layer = SceneLayer(), underlay = UnderlayLayer(), scrollPainter = ScrollPainter()
    var model = PointerLocation()
    var markers: [TouchMarker] = []
    /// CPU time per motion event of each frame, µs.
    var samples: [Double] = []

    init(hud: Bool) throws {
        self.hud = hud
        input = InputDispatcher(window: window)
        renderer = try Renderer(window: window, background: .white, scale: 1)
        // As a live window at an integer scale: the crosshairs are its subsurfaces, not painted.
        painter.crosshairsShownElsewhere = true
        canvas = try renderer.renderImage()
        for f in 0..<fingers { apply(.touchDown(id: f, location: position(finger: f, frame: 0)), 0) }
        apply(.touchFrame, 0)
        paint()
    }

    func apply(_ event: InputEvent, _ t: Double) {
        input.handle(event, at: t)
        if hud { model.handle(event, at: t) }
    }

    func paint() {
        let invalidations = window.takeInvalidations()
        scrollPainter.note(invalidations)
        let sceneDamage = renderer.damage(for: invalidations)
        let nextMarkers = TouchMarkers.markers(for: window.activeTouches)
        var damage = sceneDamage + (markers + nextMarkers).map { renderer.damageRect(of: $0) }
        markers = nextMarkers
        let items = hud ? TouchInspector.items(for: window) : []
        if hud {
            layer.note(sceneDamage)
            underlay.note(sceneDamage)
            damage += painter.update(hud: model, inspector: items, renderer: renderer)
            underlay.note(painter.underlayDamage)
            underlay.paint(damage, covered: painter.opaqueCover, into: canvas, scene: layer, renderer: renderer,
                           scrollPainter: scrollPainter) { damage, layer in
                painter.paintUnderlay(hud: model, inspector: items, damage: damage, renderer: renderer, into: layer)
            }
        } else {
            scrollPainter.paint(damage: damage, stale: [], previous: nil, into: canvas, with: renderer, allowsMoves: false)
        }
        renderer.paintTouchMarkers(markers, damage: damage, into: canvas)
        if hud { painter.paint(hud: model, inspector: items, damage: damage, renderer: renderer, into: canvas) }
    }

    /// Frame `i`: ten motions and a frame, then the paint, timed.
    func step(_ i: Int) {
        let t = Double(i) * 8.333
        let start = threadCPUNanoseconds()
        for f in 0..<fingers { apply(.touchMotion(id: f, location: position(finger: f, frame: i)), t) }
        apply(.touchFrame, t)
        paint()
        samples.append(Double(threadCPUNanoseconds() - start) / 1000 / Double(fingers))
    }
}

say("In process, per motion event (10 fingers with touch markers, 1920 × 1080, 200 labelled buttons, \(frames) frames of 10 motions, interleaved):")
let inProcess = try [false, true].filter { onlySession == nil || onlySession == ($0 ? "hud" : "plain") }
    .map { try InProcessSession(hud: $0) }
for i in 1...frames {
    for session in inProcess { session.step(i) }
}
for session in inProcess {
    say(String(format: "  %@ median %6.1f µs   p90 %6.1f µs", (session.hud ? "HUD, inspector and paths" : "without the HUD         ") as NSString,
               median(session.samples), percentile(session.samples, 0.9)))
}
if let plain = inProcess.first(where: { !$0.hud }), let hud = inProcess.first(where: { $0.hud }) {
    reportFigure(table: "Pointer-location HUD", figure: "in process, HUD, inspector and paths, per motion event, median",
                 value: median(hud.samples), unit: "µs", baseline: String(format: "without the HUD %.1f µs", median(plain.samples)),
                 ratio: median(hud.samples) / median(plain.samples))
}

// MARK: 2. Live

if inProcessOnly { exit(0) }

/// `touchstone run` under its own headless weston, and its injection → commit latencies (µs).
final class Subject {
    let name: String
    let weston: HeadlessWeston
    let client: ChildProcess
    var samples: [Double] = []
    /// The client's CPU time per frame (µs), from one injection to the next: its whole work
    /// for the frame, including what it does after the commit.
    var cpuSamples: [Double] = []
    private var cpuMark: UInt64?

    init(name: String, executable: String, arguments: [String]) throws {
        self.name = name
        weston = try HeadlessWeston.start(width: Int(width), height: Int(height))
        client = try weston.launchClient(executable, arguments: arguments)
        _ = try weston.waitForView(timeout: 10)
    }

    func send(frame i: Int, down: Bool) throws {
        let cpu = cpuNanoseconds
        if let cpuMark, !down { cpuSamples.append(Double(cpu - cpuMark) / 1000) }
        cpuMark = down ? nil : cpu
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

    /// The client's CPU time so far (ns): the run time the scheduler accounts to each of its
    /// threads (/proc/PID/task/TID/schedstat), with nanosecond resolution.
    var cpuNanoseconds: UInt64 {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(client.pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            let stat = (try? String(contentsOfFile: "/proc/\(client.pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return sum + (stat.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
        }
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
    let thisBuild = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appending(path: "touchstone").path
    let plainArguments = ["run", sceneFile.path, "--events", "/dev/null", "--show-touches"]
    // Touch markers on in all, so every frame of motion changes the screen (a commit to time).
    var builds = [(label: "", path: thisBuild)]
    if let beforeBuild { builds.insert(("before: ", beforeBuild), at: 0); builds[1].label = "after:  " }
    var subjects: [Subject] = []
    for build in builds {
        subjects.append(try Subject(name: build.label + "--show-touches", executable: build.path, arguments: plainArguments))
        subjects.append(try Subject(name: build.label + "+ --pointer-location", executable: build.path,
                                    arguments: plainArguments + ["--pointer-location"]))
    }
    defer { for s in subjects { s.stop() } }
    for s in subjects { try s.send(frame: 0, down: true) }
    Thread.sleep(forTimeInterval: 0.05)
    // Interleaved: each frame goes to one session, then the other, so load on the machine
    // falls on both alike. One more frame than measured closes the last CPU sample.
    for i in 1...(frames + 1) {
        for s in subjects {
            try s.send(frame: i, down: false)
            // Past a headless repaint cycle, so the next frame finds the client idle (a benchmark pause).
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
    for s in subjects {
        let perEvent = s.cpuSamples.map { $0 / Double(fingers) }
        say(String(format: "  %-28@ latency median %7.1f µs   p90 %7.1f µs   client CPU per motion event median %6.1f µs   p90 %6.1f µs",
                     s.name as NSString, median(s.samples), percentile(s.samples, 0.9), median(perEvent), percentile(perEvent, 0.9)))
    }
    for (index, build) in builds.enumerated() {
        let plain = subjects[2 * index], hud = subjects[2 * index + 1]
        say(String(format: "  %@latency median ratio HUD / no HUD %.2f× (goal ≤ 1.2×); HUD client CPU median %.1f µs per motion event (goal < 300)",
                   build.label as NSString, median(hud.samples) / median(plain.samples), median(hud.cpuSamples) / Double(fingers)))
        guard build.path == thisBuild else { continue }
        reportFigure(table: "Pointer-location HUD", figure: "live, + --pointer-location, motion to commit, median", value: median(hud.samples),
                     unit: "µs", baseline: String(format: "--show-touches only %.0f µs", median(plain.samples)),
                     ratio: median(hud.samples) / median(plain.samples), target: .atMost(1.2))
        reportFigure(table: "Pointer-location HUD", figure: "live, + --pointer-location, client CPU per motion event, median",
                     value: median(hud.cpuSamples) / Double(fingers), unit: "µs", target: .atMost(300))
    }
}
