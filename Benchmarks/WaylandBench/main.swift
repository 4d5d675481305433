import Foundation
import Glibc
import WaylandClient

// WaylandBench: idle CPU, repaint latency and resident memory of a mapped client.
// Usage: swift run -c release WaylandBench [DISPLAY] (needs a running compositor, e.g. headless weston).

func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
}

func residentKilobytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return -1 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in withUnsafeMutablePointer(to: &resident) { r in
        readTwo(file, s, r) } }) else { return -1 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func readTwo(_ file: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) -> Bool {
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, 256, file) != nil else { return false }
    let fields = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: " ")
    guard fields.count >= 2, let x = Int(fields[0]), let y = Int(fields[1]) else { return false }
    a.pointee = x
    b.pointee = y
    return true
}

let arguments = Array(CommandLine.arguments.dropFirst())
// `--probe DISPLAY`: exit 0 once a connection with all required globals succeeds (readiness).
if arguments.first == "--probe" {
    exit((try? WaylandConnection(displayName: arguments.dropFirst().first)) == nil ? 1 : 0)
}
let displayName = arguments.first
do {
    let connection = try WaylandConnection(displayName: displayName)
    let window = ToplevelWindow(connection: connection, configuration:
        WindowConfiguration(title: "WaylandBench", appID: "org.touchstone.bench", size: Size(width: 1920, height: 1080), fullscreen: true))
    var color: UInt32 = 0xFF10_2030
    var paintStart: ContinuousClock.Instant?
    var callbackToCommit: [Duration] = []
    let handler = BenchWindowHandler()
    window.handler = handler
    defer { withExtendedLifetime(handler) {} }
    handler.paint = { context in
        // Full repaint: fill every row (memset-equivalent), as a renderer would.
        context.buffer.fill(PixelRect(x: 0, y: 0, width: context.buffer.width, height: context.buffer.height), argb: color)
    }
    handler.presented = { paintStart = .now }
    let loop = connection.loop
    // Map and let the first frame land.
    let mapDeadline = ContinuousClock.now + .seconds(5)
    let mapWork = loop.addIdleWork { if window.presentedFrames >= 1 { loop.stop() } }
    _ = try loop.run(until: mapDeadline)
    loop.removeIdleWork(mapWork)
    print("mapped: \(window.logicalSize) buffer \(window.bufferSize) scale \(window.scale)")

    // 1. Idle CPU over 5 s.
    let cpuBefore = cpuMilliseconds()
    _ = try loop.run(until: .now + .seconds(5))
    let idleCPU = cpuMilliseconds() - cpuBefore
    print("idle CPU over 5 s: \(String(format: "%.2f", idleCPU)) ms")
    print("resident memory (idle, mapped \(window.bufferSize)): \(residentKilobytes()) KiB")

    // 2. Frame callback → commit for full repaints, 60 frames.
    let frames = 60
    let start = window.presentedFrames
    handler.presented = {
        paintStart = .now
        if window.presentedFrames - start < frames {
            color ^= 0x00FF_FFFF
            window.setNeedsDisplay()
        } else {
            loop.stop()
        }
    }
    handler.committed = {
        if let begun = paintStart { callbackToCommit.append(begun.duration(to: .now)) }
    }
    color ^= 0x00FF_FFFF
    window.setNeedsDisplay()
    paintStart = .now
    _ = try loop.run(until: .now + .seconds(30))
    let sorted = callbackToCommit.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
    if !sorted.isEmpty {
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        print("frame callback → commit, full \(window.bufferSize) repaint over \(sorted.count) frames: median \(String(format: "%.3f", median)) ms, p90 \(String(format: "%.3f", p90)) ms")
    }
    print("resident memory (after repaints): \(residentKilobytes()) KiB")
} catch {
    print("WaylandBench: \(error)")
    exit(1)
}

/// The bench's window handler: painting, presented frames and commits go to closures.
final class BenchWindowHandler: WindowHandler {
    var paint: ((PaintContext) -> Void)?
    var presented: (() -> Void)?
    var committed: (() -> Void)?

    func window(_ window: ToplevelWindow, paint context: PaintContext) { paint?(context) }
    func window(_ window: ToplevelWindow, presentedFrameAt time: UInt32) { presented?() }
    func windowCommitted(_ window: ToplevelWindow) { committed?() }
}
