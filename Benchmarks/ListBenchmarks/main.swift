// List benchmarks (issue 10): a 1920×1080 list of 60 pt labelled rows with a button in
// each, at 10^3 and 10^6 rows.
//
//     swift run -c release ListBenchmarks
//
// Prints: resident memory after scrolling each list end to end (each in a child process
// of its own), the client CPU per frame while a fling decelerates (the damaged area
// repainted every frame, as the live session does without reusing pixels), and the
// time to replay a 10^5-event script of flings and wheel scrolls over the big list.
import BenchmarkSupport
import Foundation
import NodeCore
import Render
import SceneFormat
import Session

enum Settings {
    static let width = 1920.0
    static let height = 1080.0
    static let rowExtent = 60.0
    static let frameInterval = 1000.0 / 60
    static let replayEvents = 100_000
}

/// The scene: one full-window list whose row template holds a label and a button.
func sceneText(rows: Int) -> String {
    """
    {"size":[1920,1080],"root":{"name":"root","frame":[0,0,1920,1080],"children":[
      {"name":"list","kind":"list","frame":[0,0,1920,1080],
       "rows":{"count":\(rows),"extent":60,"template":{"name":"row-{i}","frame":[0,0,1920,60],"color":"#FFFFFF",
         "borderColor":"#CFD8DC","borderWidth":1,"label":"Row {i}",
         "children":[{"name":"row-{i}-button","kind":"button","frame":[1780,8,120,44],"color":"#2196F3","label":"Open"}]}}}]}}
    """
}

func loadScene(rows: Int) -> Scene {
    do {
        return try SceneDecoder.decode(Array(sceneText(rows: rows).utf8), file: "benchmark")
    } catch {
        fatalError("benchmark scene: \(error)")
    }
}

func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

/// Child mode: builds the list, paints it, scrolls it end to end in 50 jumps, prints RSS.
func measureMemory(rows: Int) {
    let scene = loadScene(rows: rows)
    let window = scene.makeWindow()
    window.appear(at: 0)
    let list = scene.root.node(named: "list") as! ListNode
    guard let renderer = try? Renderer(window: window, background: scene.background),
          let canvas = try? renderer.makeCanvas() else { fatalError("renderer") }
    renderer.renderFull(into: canvas)
    let end = list.restingRange(on: .vertical).upperBound
    for step in 1...50 {
        list.contentOffset.y = end * Double(step) / 50
        renderer.render(damage: renderer.takeDamage(), into: canvas)
    }
    print(residentKiB())
}

func childRSS(rows: Int) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--memory-child", String(rows)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fatalError("child: \(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

/// A fling from the middle of the big list: frames every 16.7 ms until the deceleration
/// ends, each showing the animation at its time and repainting the damage.
func measureFling() -> [Double] {
    let scene = loadScene(rows: 1_000_000)
    let window = scene.makeWindow()
    window.appear(at: 0)
    let list = scene.root.node(named: "list") as! ListNode
    list.contentOffset.y = 30_000_000
    guard let renderer = try? Renderer(window: window, background: scene.background),
          let canvas = try? renderer.makeCanvas() else { fatalError("renderer") }
    renderer.renderFull(into: canvas)
    _ = renderer.takeDamage()
    var t = 1000.0
    window.touchDown(.finger(1), at: Point(x: 900, y: 900), time: t)
    var frames: [Double] = []
    for i in 1...12 {
        t += 8
        let start = threadCPUMilliseconds()
        window.touchMoved(.finger(1), to: Point(x: 900, y: 900 - Double(i) * 60), time: t)
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        frames.append(threadCPUMilliseconds() - start)
    }
    window.touchUp(.finger(1), time: t)
    while list.isDecelerating {
        t += Settings.frameInterval
        let start = threadCPUMilliseconds()
        window.clock.advance(to: t)
        renderer.render(damage: renderer.takeDamage(), into: canvas)
        frames.append(threadCPUMilliseconds() - start)
    }
    return frames
}

/// 10^5 events: flings (down, 8 moves, up, frames between) and wheel scrolls, in turn.
func replayScript() -> [TimedInputEvent] {
    var events: [TimedInputEvent] = []
    var t = 0.0
    var id = 0
    while events.count < Settings.replayEvents {
        id += 1
        t += 40
        let x = 400.0, y0 = id % 2 == 0 ? 900.0 : 200.0, dy = id % 2 == 0 ? -70.0 : 70.0
        events.append(TimedInputEvent(time: t, event: .touchDown(id: id, location: Point(x: x, y: y0))))
        events.append(TimedInputEvent(time: t, event: .touchFrame))
        for i in 1...8 {
            t += 8
            events.append(TimedInputEvent(time: t, event: .touchMotion(id: id, location: Point(x: x, y: y0 + dy * Double(i)))))
            events.append(TimedInputEvent(time: t, event: .touchFrame))
        }
        events.append(TimedInputEvent(time: t, event: .touchUp(id: id)))
        events.append(TimedInputEvent(time: t, event: .touchFrame))
        t += 300
        events.append(TimedInputEvent(time: t, event: .pointerMotion(location: Point(x: 500, y: 500))))
        events.append(TimedInputEvent(time: t, event: .pointerAxis(.vertical, value: 240, source: .wheel)))
    }
    return events
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--memory-child" {
    measureMemory(rows: Int(CommandLine.arguments[2]) ?? 1000)
    exit(0)
}

let small = childRSS(rows: 1_000), big = childRSS(rows: 1_000_000)
print("resident memory after scrolling end to end: 10^3 rows \(small / 1024) MiB, 10^6 rows \(big / 1024) MiB, ratio "
      + String(format: "%.2f", Double(big) / Double(small)) + " (target ≤ 1.5)")
reportFigure(table: "Lists", figure: "resident memory after scrolling 10^6 rows end to end", value: Double(big) / 1024, unit: "MiB",
             baseline: "10^3 rows \(small / 1024) MiB", ratio: Double(big) / Double(small), target: .atMost(1.5))

let frames = measureFling()
print("fling on 10^6 rows, client CPU per frame (\(frames.count) frames): median "
      + String(format: "%.3f", percentile(frames, 0.5)) + " ms, p99 " + String(format: "%.3f", percentile(frames, 0.99))
      + " ms (targets: median < 1 ms, p99 < 4 ms)")
reportFigure(table: "Lists", figure: "fling on 10^6 rows, client CPU per frame, median", value: percentile(frames, 0.5), unit: "ms",
             target: .atMost(1))
reportFigure(table: "Lists", figure: "fling on 10^6 rows, client CPU per frame, p99", value: percentile(frames, 0.99), unit: "ms",
             target: .atMost(4))

let events = replayScript()
let scene = loadScene(rows: 1_000_000)
var lines = 0
let replay = Replay(scene: scene) { _ in lines += 1 }
let start = ContinuousClock.now
let startCPU = threadCPUMilliseconds()
replay.play(events)
let cpu = (threadCPUMilliseconds() - startCPU) / 1000
let elapsed = ContinuousClock.now - start
print("replay of \(events.count) events over 10^6 rows: "
      + String(format: "%.3f", Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
      + " s wall, " + String(format: "%.3f", cpu) + " s CPU, \(lines) log lines (target < 2 s)")
reportFigure(table: "Lists", figure: "replay of \(events.count) events over 10^6 rows, wall clock",
             value: Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), unit: "s", target: .atMost(2))
