// Tap-to-commit latency while an image decodes, against the idle latency of the same scene
// (issue 26, behaviour.md §17.5). An `App` runs in this process on its own thread, in a
// private headless weston; this thread injects touches and reads weston's commit stamps
// (the harness's commit timing: injected touch down → the client's next commit, both on
// weston's CLOCK_MONOTONIC). The scene: an 800 × 600 pt photo and a button under it.
//
//   swift build -c release --product ImageLatencyBenchmarks && .build/release/ImageLatencyBenchmarks [--taps N]
//
// A "decoding" sample first gives the photo new encoded bytes (a 4000 × 3000 JPEG, never
// cached, shown with `center`, one pixel a point, so decoded at full size on the worker),
// waits for the frame that shows the placeholder and then, as every tap does, for a
// headless repaint cycle (so the tap's frame never waits for the last one's callback), then
// taps; it counts only if the decode ended after the tap's commit (the worker stamps its end
// in `imageModification`). Idle and decoding samples alternate (ABBA), so drift in the
// machine's load affects both alike.
import BenchmarkSupport
import Foundation
import ImageFixtures
import Synchronization
import TouchstoneApp
import WestonHarness

let taps: Int = {
    var taps = 100
    var it = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = it.next() {
        switch argument {
        case "--taps": taps = it.next().flatMap(Int.init) ?? taps
        default: fatalError("unknown argument \(argument); use --taps N")
        }
    }
    return taps
}()

/// CLOCK_MONOTONIC now, in nanoseconds: weston's commit stamps use the same clock.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// When the worker last finished decoding the photo (0: not since the last reset).
let decodeEnded = Atomic<UInt64>(0)

/// Two different encodings of the same photo, so each swap is a new source and a full decode.
let photos = [JPEGFixture.photo(width: 4000, height: 3000, quality: 85), JPEGFixture.photo(width: 4000, height: 3000, quality: 84)]

/// The pipe this thread writes commands into and the app watches: 1 swaps the photo, 0 stops.
var commandPipe: [Int32] = [0, 0]
precondition(pipe(&commandPipe) == 0)
let commands = (read: commandPipe[0], write: commandPipe[1])

func send(_ command: UInt8) {
    var byte = command
    precondition(write(commands.write, &byte, 1) == 1)
}

let weston = try HeadlessWeston.start(width: 800, height: 680)
defer { weston.stop() }
var appOptions = AppOptions(title: "ImageLatencyBenchmarks", size: Size(width: 800, height: 680), eventLog: nil)
appOptions.display = weston.displayPath
let finalOptions = appOptions
let finished = DispatchSemaphore(value: 0)
let appThread = Thread {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 680))
    root.backgroundColor = .white
    let photo = ImageNode(name: "photo", frame: Rect(x: 0, y: 0, width: 800, height: 600))
    photo.placeholderColor = Color(red: 200, green: 200, blue: 200)
    photo.contentMode = .center
    photo.imageModification = { pixels in
        decodeEnded.store(monotonicNanoseconds(), ordering: .sequentiallyConsistent)
        return pixels
    }
    photo.source = .encoded(photos[0])
    let button = ButtonNode(name: "button", frame: Rect(x: 340, y: 616, width: 120, height: 48))
    button.backgroundColor = Color(red: 0, green: 0, blue: 255)
    button.highlightedColor = Color(red: 255, green: 0, blue: 0)
    root.addSubnode(photo)
    root.addSubnode(button)
    do {
        let app = try App(root: root, options: finalOptions)
        var next = 1
        _ = app.watch(fileDescriptor: commands.read) {
            var byte: UInt8 = 0
            guard read(commands.read, &byte, 1) == 1, byte != 0 else { return app.stop() }
            photo.source = .encoded(photos[next])
            next = 1 - next
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

/// One tap on the button; returns down → commit in µs and the commit's stamp.
func tap(_ i: Int) throws -> (latency: Double, commit: UInt64) {
    let x = 350 + Double(i % 10) * 10, y = 626 + Double(i / 10 % 3) * 10
    let injected = try weston.touchDownAndFrame(id: 1, x: x, y: y)
    let commit = try weston.waitForCommit(after: injected, pid: getpid(), timeout: 5)
    let lifted = try weston.touchUp(id: 1)
    _ = try weston.touchFrame()
    _ = try weston.waitForCommit(after: lifted, pid: getpid(), timeout: 5)
    return (Double(commit.timestampNanoseconds - injected) / 1000, commit.timestampNanoseconds)
}

// The first photo's decode and the frame that shows it, before any sample.
waitForDecode()
_ = try weston.waitForCommit(after: decodeEnded.load(ordering: .sequentiallyConsistent), pid: getpid(), timeout: 5)
Thread.sleep(forTimeInterval: idleGap)

var idle: [Double] = [], decoding: [Double] = []
var discarded = 0, decodeTimes: [Double] = []

@MainActor func idleSample(_ i: Int) throws {
    idle.append(try tap(i).latency)
    Thread.sleep(forTimeInterval: idleGap)
}

@MainActor func decodingSample(_ i: Int) throws {
    decodeEnded.store(0, ordering: .sequentiallyConsistent)
    let asked = try weston.monotonicTime()
    send(1)
    // The frame that shows the placeholder: the photo's decode is on the worker from here.
    let placeholder = try weston.waitForCommit(after: asked, pid: getpid(), timeout: 5)
    Thread.sleep(forTimeInterval: idleGap)
    let sample = try tap(i)
    let ended = decodeEnded.load(ordering: .sequentiallyConsistent)
    if ended == 0 || ended > sample.commit { decoding.append(sample.latency) } else { discarded += 1 }
    waitForDecode()
    let end = decodeEnded.load(ordering: .sequentiallyConsistent)
    decodeTimes.append(Double(end - placeholder.timestampNanoseconds) / 1e6)
    // The frame that shows the photo, then a pause as after an idle tap.
    _ = try weston.waitForCommit(after: end, pid: getpid(), timeout: 5)
    Thread.sleep(forTimeInterval: idleGap)
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
send(0)
_ = finished.wait(timeout: .now() + 10)

func line(_ name: String, _ samples: [Double]) -> String {
    let sorted = samples.sorted()
    return String(format: "%-26@ median %7.1f µs   p90 %7.1f µs   (n=%d)", name as NSString, percentile(sorted, 0.5),
                  percentile(sorted, 0.9), sorted.count)
}

print("Tap-to-commit latency (injected touch down → the client's commit, weston's clock), idle and decoding interleaved:")
print(line("idle", idle))
print(line("while a photo decodes", decoding))
print(String(format: "  (a 4000×3000 JPEG decoded at full size for an 800×600 pt `center` node, median %.0f ms from the placeholder frame to its end;",
             median(decodeTimes)))
print("   \(discarded) decoding samples left out because the decode ended before the tap's commit)")
let ratio = median(decoding) / median(idle)
print(String(format: "median ratio decoding / idle: %.2f× (target ≤ 1.2×: %@)", ratio, ratio <= 1.2 ? "met" : "not met"))
