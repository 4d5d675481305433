// Soak: `touchstone run` (the demo scene) under a private headless weston for N minutes of
// random taps, drags, multi-touch, cancels, pointer clicks and key toggles injected by the
// harness module; reports resident memory at start and end, events delivered, and checks
// the behaviour.md §4.2 invariant on the event log. With --valgrind the client runs under memcheck
// and any definite leak fails the run. Run through `tools/soak`.
import Foundation
import HeadlessSession
import NodeCore
import SceneFormat
import Session
import WestonHarness
import SeededRandom

struct Options {
    var minutes = 10.0
    var valgrind = false
    var seed: UInt64 = 1

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            switch argument {
            case "--minutes": minutes = it.next().flatMap(Double.init) ?? minutes
            case "--valgrind": valgrind = true
            case "--seed": seed = it.next().flatMap(UInt64.init) ?? seed
            default:
                FileHandle.standardError.write(Data("usage: soak [--minutes M] [--valgrind] [--seed N]\n".utf8))
                exit(2)
            }
        }
    }
}

func residentKiB(_ pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? -1
}

/// The behaviour.md §4.2 invariant over a whole log: per control, touchDown and a terminal event
/// (touchUpInside / touchUpOutside / touchCancel) alternate, and nothing is left open.
func checkInvariant(_ events: [EventLogEntry]) -> [String] {
    var open: [String: Bool] = [:]
    var problems: [String] = []
    for (i, e) in events.enumerated() {
        switch e.event {
        case .control(.touchDown):
            if open[e.node] == true { problems.append("line \(i + 1): \(e.node) touchDown while a touchDown is open") }
            open[e.node] = true
        case .control(.touchUpInside), .control(.touchUpOutside), .control(.touchCancel):
            if open[e.node] != true { problems.append("line \(i + 1): \(e.node) \(e.event.name) without a touchDown") }
            open[e.node] = false
        default:
            break
        }
    }
    problems += open.filter(\.value).map { "\($0.key): touchDown never ended" }
    return problems
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
var random = SplitMix64(seed: options.seed)
let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let touchstone = buildFolder.appending(path: "touchstone").path
/// fontconfig's own one-time leak while parsing its configuration (see the file).
let suppressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "valgrind-fontconfig.supp").path
let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-soak-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let sceneFile = folder.appending(path: "scene.json"), eventsFile = folder.appending(path: "events.jsonl")
let logFile = folder.appending(path: "client.log")
try DemoScene.sceneJSON.write(to: sceneFile, atomically: true, encoding: .utf8)
let size = try DemoScene.scene().size
let width = size.width, height = size.height

let weston = try HeadlessWeston.start(width: Int(width), height: Int(height))
defer { weston.stop() }
let clientArguments = ["run", sceneFile.path, "--events", eventsFile.path, "--show-touches", "--debug-overlay"]
let client = options.valgrind
    ? try weston.launchClient("/usr/bin/valgrind", arguments: [
        "--leak-check=full", "--errors-for-leak-kinds=definite", "--show-leak-kinds=definite",
        "--error-exitcode=9", "--num-callers=40", "--suppressions=\(suppressions)", touchstone] + clientArguments, outputPath: logFile.path)
    : try weston.launchClient(touchstone, arguments: clientArguments, outputPath: logFile.path)
_ = try weston.waitForView(timeout: options.valgrind ? 60 : 10)
// Under valgrind the pid is valgrind's own process, which is the client.
let startRSS = residentKiB(client.pid)
let injector = ScriptInjector(weston: weston)
let pace = options.valgrind ? 0.05 : 0.005
@MainActor func point() -> Point {
    Point(x: Double.random(in: 0..<width, using: &random), y: Double.random(in: 0..<height, using: &random))
}
@MainActor func breathe() { Thread.sleep(forTimeInterval: pace) }

var actions = 0
let deadline = Date().addingTimeInterval(options.minutes * 60)
while Date() < deadline {
    actions += 1
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<40: // tap
        let p = point()
        try injector.inject(.touchDown(id: 1, location: p)); try injector.inject(.touchFrame); breathe()
        try injector.inject(.touchUp(id: 1))
    case 40..<60: // drag
        var p = point()
        try injector.inject(.touchDown(id: 2, location: p)); try injector.inject(.touchFrame)
        for _ in 0..<Int.random(in: 2...12, using: &random) {
            breathe()
            p = Point(x: p.x + Double.random(in: -60...60, using: &random), y: p.y + Double.random(in: -60...60, using: &random))
            try injector.inject(.touchMotion(id: 2, location: p)); try injector.inject(.touchFrame)
        }
        try injector.inject(.touchUp(id: 2))
    case 60..<72: // multi-touch, sometimes in one frame
        let fingers = Int.random(in: 2...3, using: &random)
        let oneFrame = Bool.random(using: &random)
        for id in 10..<(10 + fingers) {
            try injector.inject(.touchDown(id: id, location: point()))
            if !oneFrame { try injector.inject(.touchFrame); breathe() }
        }
        if oneFrame { try injector.inject(.touchFrame) }
        breathe()
        for id in 10..<(10 + fingers) {
            try injector.inject(.touchMotion(id: id, location: point()))
        }
        try injector.inject(.touchFrame)
        for id in 10..<(10 + fingers) { try injector.inject(.touchUp(id: id)) }
    case 72..<84: // compositor cancel
        try injector.inject(.touchDown(id: 20, location: point())); try injector.inject(.touchFrame); breathe()
        if Bool.random(using: &random) { try injector.inject(.touchDown(id: 21, location: point())); try injector.inject(.touchFrame) }
        try injector.inject(.touchCancel)
    case 84..<96: // pointer click or drag
        try injector.inject(.pointerMotion(location: point()))
        try injector.inject(.pointerButton(.left, pressed: true)); breathe()
        if Bool.random(using: &random) { try injector.inject(.pointerMotion(location: point())) }
        try injector.inject(.pointerButton(.left, pressed: false))
    default: // overlay or touch-marker toggle
        let key = Bool.random(using: &random) ? "d" : "t"
        try injector.inject(.key(key, pressed: true)); try injector.inject(.key(key, pressed: false))
    }
    breathe()
}
let endRSS = residentKiB(client.pid)
try injector.inject(.key("q", pressed: true))
try injector.inject(.key("q", pressed: false))
let exited = client.waitForExit(timeout: options.valgrind ? 120 : 10)
let status = client.exitStatus ?? -1

let events = try EventLog.decode(Array(try Data(contentsOf: eventsFile)), file: eventsFile.path)
let problems = checkInvariant(events)
print("soak: \(String(format: "%.1f", options.minutes)) min, seed \(options.seed)\(options.valgrind ? ", under valgrind memcheck" : "")")
print("actions injected: \(actions); control events delivered: \(events.count)")
print("resident memory: start \(startRSS) KiB, end \(endRSS) KiB")
print("behaviour.md §4.2 invariant: \(problems.isEmpty ? "holds" : "\(problems.count) violations")")
for problem in problems.prefix(10) { print("  \(problem)") }
if options.valgrind {
    let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    for line in log.split(separator: "\n")
    where line.contains("definitely lost") || line.contains("ERROR SUMMARY") || line.contains("suppressed:") {
        print("valgrind: \(line.drop { $0 != " " }.dropFirst())")
    }
}
print("client exit status: \(exited ? String(status) : "did not exit")")
try? FileManager.default.removeItem(at: folder)
weston.stop()  // exit() skips the deferred stop
exit(problems.isEmpty && exited && status == 0 ? 0 : 1)
