// Tap-to-commit latency while an image decodes, against the idle latency of the same scene
// (issue 26, behaviour.md §17.5). An `App` runs in this process on its own thread, in a
// private headless weston; this thread injects touches and reads weston's commit stamps
// (the harness's commit timing: injected touch down → the client's next commit, both on
// weston's CLOCK_MONOTONIC). The scene: an 800 × 600 pt photo and a button under it.
//
//   swift build -c release --product ImageLatencyBenchmarks && .build/release/ImageLatencyBenchmarks [--taps N] [--large-frame-last]
//
// A "decoding" sample gives the photo new encoded bytes (a 4000 × 3000 JPEG, never cached,
// shown with `center`, one pixel a point, so decoded at full size on the worker) and waits
// for the frame that shows the placeholder; an "idle" sample repaints the photo's bounds
// and waits for that frame, so both taps follow the same frames. Then a small frame (a 2 pt
// dot; left out with --large-frame-last) and, before each, a headless repaint cycle (so a
// frame never waits for the last one's callback); then the tap. A decoding sample counts
// only if the decode ended after the tap's commit (the worker stamps its end in
// `imageModification`). Idle and decoding samples alternate (ABBA), so drift in the
// machine's load affects both alike.
import BenchmarkSupport
import Foundation
import ImageFixtures
import Synchronization
import TouchstoneApp
import WestonHarness

let (taps, largeFrameLast): (Int, Bool) = {
    var taps = 100, largeFrameLast = false
    var it = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = it.next() {
        switch argument {
        case "--taps": taps = it.next().flatMap(Int.init) ?? taps
        case "--large-frame-last": largeFrameLast = true
        default: fatalError("unknown argument \(argument); use --taps N [--large-frame-last]")
        }
    }
    return (taps, largeFrameLast)
}()

/// CLOCK_MONOTONIC now, in nanoseconds: weston's commit stamps use the same clock.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// When the worker last finished decoding the photo (0: not since the last reset).
let decodeEnded = Atomic<UInt64>(0)
/// The app's loop thread (its Linux thread id), whose scheduler statistics each tap reads.
let loopThread = Atomic<Int32>(0)

/// The loop thread's time on a CPU and waiting for one so far, in ns (/proc/self/task/TID/schedstat).
func loopSchedStat() -> (running: UInt64, waiting: UInt64) {
    let path = "/proc/self/task/\(loopThread.load(ordering: .relaxed))/schedstat"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let fields = text.split(separator: " ").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return fields.count >= 2 ? (fields[0], fields[1]) : (0, 0)
}

/// Two different encodings of the same photo, so each swap is a new source and a full decode.
let photos = [JPEGFixture.photo(width: 4000, height: 3000, quality: 85), JPEGFixture.photo(width: 4000, height: 3000, quality: 84)]

/// What this thread asks the app for, a byte each through a pipe the app watches.
enum Command: UInt8 {
    case stop = 0
    /// New encoded bytes for the photo: the placeholder's frame, and a decode.
    case swapPhoto
    /// The photo's bounds repainted (its pixels cover the placeholder colour it changes).
    case repaintPhoto
    /// The dot repainted: a small frame.
    case repaintDot
}

var commandPipe: [Int32] = [0, 0]
precondition(pipe(&commandPipe) == 0)
let commands = (read: commandPipe[0], write: commandPipe[1])

func send(_ command: Command) {
    var byte = command.rawValue
    precondition(write(commands.write, &byte, 1) == 1)
}

let weston = try HeadlessWeston.start(width: 800, height: 680)
defer { weston.stop() }
var appOptions = AppOptions(title: "ImageLatencyBenchmarks", size: Size(width: 800, height: 680), eventLog: nil)
appOptions.display = weston.displayPath
let finalOptions = appOptions
let finished = DispatchSemaphore(value: 0)
let appThread = Thread {
    // /proc/thread-self links to PID/task/TID (Glibc's Swift module has no gettid).
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    loopThread.store(link.split(separator: "/").last.flatMap { Int32($0) } ?? 0, ordering: .relaxed)
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 680))
    root.backgroundColor = .white
    let photo = ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let grey = Color(red: 200, green: 200, blue: 200), lighterGrey = Color(red: 210, green: 210, blue: 210)
    photo.placeholderColor = grey
    photo.contentMode = .center
    photo.imageModification = { pixels in
        decodeEnded.store(monotonicNanoseconds(), ordering: .sequentiallyConsistent)
        return pixels
    }
    photo.source = .encoded(photos[0])
    let button = ButtonNode(name: "button", frame: Rect(x: 340, y: 616, width: 120, height: 48))
    button.backgroundColor = Color(red: 0, green: 0, blue: 255)
    button.highlightedColor = Color(red: 255, green: 0, blue: 0)
    // A 2 × 2 pt dot whose repaint is a small frame.
    let dot = Node(name: "dot", frame: Rect(x: 796, y: 676, width: 2, height: 2))
    dot.backgroundColor = grey
    root.addSubnode(photo)
    root.addSubnode(button)
    root.addSubnode(dot)
    do {
        let app = try App(root: root, options: finalOptions)
        var next = 1
        _ = app.watch(fileDescriptor: commands.read) {
            var byte: UInt8 = 0
            guard read(commands.read, &byte, 1) == 1 else { return app.stop() }
            switch Command(rawValue: byte) ?? .stop {
            case .stop: app.stop()
            case .swapPhoto:
                photo.source = .encoded(photos[next])
                next = 1 - next
            case .repaintPhoto: photo.placeholderColor = photo.placeholderColor == grey ? lighterGrey : grey
            case .repaintDot: dot.backgroundColor = dot.backgroundColor == grey ? lighterGrey : grey
            }
        }
        try app.run()
    } catch {
        print("the app failed: \(error)")
    }
    finished.signal()
}
appThread.start()
_ = try weston.waitForView(timeout: 10)

/// Waits until the worker has finished the decode it is on (a benchmark wait, polled).
func waitForDecode(timeout: Double = 10) {
    let start = monotonicNanoseconds()
    while decodeEnded.load(ordering: .sequentiallyConsistent) == 0 {
        precondition(Double(monotonicNanoseconds() - start) / 1e9 < timeout, "the photo never finished decoding")
        Thread.sleep(forTimeInterval: 0.001)
    }
}

/// Time between taps: past a headless repaint cycle, so the next down finds the client idle.
let idleGap = 0.04

/// One tap's figures, in µs: touch down → commit, and the loop thread's time on a CPU and
/// waiting for one from just before the down to the commit; and the commit's stamp.
struct TapSample {
    var latency: Double, running: Double, waiting: Double
    var commit: UInt64
}

/// One tap on the button.
func tap(_ i: Int) throws -> TapSample {
    let x = 350 + Double(i % 10) * 10, y = 626 + Double(i / 10 % 3) * 10
    let before = loopSchedStat()
    let injected = try weston.touchDownAndFrame(id: 1, x: x, y: y)
    let commit = try weston.waitForCommit(after: injected, pid: getpid(), timeout: 5)
    let after = loopSchedStat()
    let lifted = try weston.touchUp(id: 1)
    _ = try weston.touchFrame()
    _ = try weston.waitForCommit(after: lifted, pid: getpid(), timeout: 5)
    return TapSample(latency: Double(commit.timestampNanoseconds - injected) / 1000,
                     running: Double(after.running - before.running) / 1000,
                     waiting: Double(after.waiting - before.waiting) / 1000, commit: commit.timestampNanoseconds)
}

// The first photo's decode and the frame that shows it, before any sample.
waitForDecode()
_ = try weston.waitForCommit(after: decodeEnded.load(ordering: .sequentiallyConsistent), pid: getpid(), timeout: 5)

var idle: [TapSample] = [], decoding: [TapSample] = []
var discarded = 0, decodeTimes: [Double] = []

/// Waits for a repaint cycle, asks the app for `command` and returns the stamp of the frame it makes.
func frame(_ command: Command) throws -> UInt64 {
    Thread.sleep(forTimeInterval: idleGap)
    let asked = try weston.monotonicTime()
    send(command)
    return try weston.waitForCommit(after: asked, pid: getpid(), timeout: 5).timestampNanoseconds
}

/// The frames before a tap: the large one `command` makes (its stamp is returned), then a
/// small one unless `--large-frame-last`, then a repaint cycle. With the small frame the
/// tap's buffer lacks only the dot; without, it lacks the photo's bounds, which the tap's
/// frame copies from the newest buffer (both kinds of sample alike).
func framesBeforeTheTap(_ command: Command) throws -> UInt64 {
    let large = try frame(command)
    if !largeFrameLast { _ = try frame(.repaintDot) }
    Thread.sleep(forTimeInterval: idleGap)
    return large
}

@MainActor func idleSample(_ i: Int) throws {
    _ = try framesBeforeTheTap(.repaintPhoto)
    idle.append(try tap(i))
}

@MainActor func decodingSample(_ i: Int) throws {
    decodeEnded.store(0, ordering: .sequentiallyConsistent)
    // The frame that shows the placeholder: the photo's decode is on the worker from here.
    let placeholder = try framesBeforeTheTap(.swapPhoto)
    let sample = try tap(i)
    let ended = decodeEnded.load(ordering: .sequentiallyConsistent)
    if ended == 0 || ended > sample.commit { decoding.append(sample) } else { discarded += 1 }
    waitForDecode()
    let end = decodeEnded.load(ordering: .sequentiallyConsistent)
    decodeTimes.append(Double(end - placeholder) / 1e6)
    // The frame that shows the photo.
    _ = try weston.waitForCommit(after: end, pid: getpid(), timeout: 5)
}

for i in 0 ..< taps {
    if i % 2 == 0 {
        try idleSample(i)
        try decodingSample(i)
    } else {
        try decodingSample(i)
        try idleSample(i)
    }
}
send(.stop)
_ = finished.wait(timeout: .now() + 10)

func line(_ name: String, _ samples: [Double]) -> String {
    let sorted = samples.sorted()
    return String(format: "%@ median %7.1f µs   p90 %7.1f µs   (n=%d)", name as NSString, percentile(sorted, 0.5),
                  percentile(sorted, 0.9), sorted.count)
}

let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ")
print("load average at the end: \(load ?? "?")")
print("Tap-to-commit latency (injected touch down → the client's commit, weston's clock), idle and decoding interleaved,")
print(largeFrameLast ? "each tap right after a frame that repainted the photo's bounds:"
                     : "each tap after a frame that repainted the photo's bounds and a small frame:")
print(line("  idle                 ", idle.map(\.latency)))
print(line("  while a photo decodes", decoding.map(\.latency)))
print("The loop thread from just before each down to its commit (schedstat), median µs on a CPU / waiting for one:")
print(String(format: "  idle %.1f / %.1f   while a photo decodes %.1f / %.1f", median(idle.map(\.running)),
             median(idle.map(\.waiting)), median(decoding.map(\.running)), median(decoding.map(\.waiting))))
print(String(format: "  (a 4000×3000 JPEG decoded at full size for an 800×600 pt `center` node, median %.0f ms from the placeholder frame to its end;",
             median(decodeTimes)))
print("   \(discarded) decoding samples left out because the decode ended before the tap's commit)")
let ratio = median(decoding.map(\.latency)) / median(idle.map(\.latency))
print(String(format: "median ratio decoding / idle: %.2f× (target ≤ 1.2×: %@)", ratio, ratio <= 1.2 ? "met" : "not met"))
reportFigure(table: "Tap to commit while a photo decodes", figure: "tap → commit while a 4000×3000 JPEG decodes, median",
             value: median(decoding.map(\.latency)), unit: "µs", baseline: String(format: "idle %.0f µs", median(idle.map(\.latency))), ratio: ratio,
             target: .atMost(1.2))
