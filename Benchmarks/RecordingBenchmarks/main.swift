// Converting a device recording against replaying the script it gives, not a test: run with
//
//     swift run -c release RecordingBenchmarks [--minutes N] [--fingers N] [--hz N] [--scene FILE] [--runs N]
//
// Generates a `libinput record` YAML of N fingers (default 10) moving on a touchscreen at
// --hz (default 240) for --minutes (default 10), with the comments libinput writes on every
// line, then prints the median time of converting it (`DeviceRecording.convert`, bytes in
// memory) and of replaying the script it gives (`InputScript.decode` of the script's bytes,
// then `Replay.play` over a freshly loaded --scene, default examples/scroll-list/scene.json), and their ratio.
// Issue 28 asks for conversion to cost at most half of the replay.
import BenchmarkSupport
import DeviceRecording
import Foundation
import NodeCore
import SceneFormat
import Session

var minutes = 10.0, fingers = 10, hz = 240, runs = 3, onlyConvert = false
var scenePath = "examples/scroll-list/scene.json"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--minutes": minutes = arguments.next().flatMap(Double.init) ?? minutes
    case "--fingers": fingers = arguments.next().flatMap(Int.init) ?? fingers
    case "--hz": hz = arguments.next().flatMap(Int.init) ?? hz
    case "--runs": runs = arguments.next().flatMap(Int.init) ?? runs
    case "--scene": scenePath = arguments.next() ?? scenePath
    case "--only-convert": onlyConvert = true
    default: fatalError("unknown argument \(argument); use --minutes N --fingers N --hz N --scene FILE --runs N")
    }
}

/// Appends `n` right-aligned in `width` columns, as libinput's printf does.
func append(_ n: Int, width: Int, to out: inout [UInt8]) {
    let digits = Array(String(n).utf8)
    if digits.count < width { out.append(contentsOf: repeatElement(0x20, count: width - digits.count)) }
    out.append(contentsOf: digits)
}

/// The recording: fingers circle around their own centres, each lifting for 50 ms every 2 s
/// (a new tracking id when it lands again).
@MainActor func generateRecording() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(Int(minutes * 60) * hz * (fingers * 3 + 1) * 80)
    out.append(contentsOf: Array("""
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      kernel: "6.1.0"
      dmi: "dmi:unknown"
    devices:
    - node: /dev/input/event5
      evdev:
        # Name: Generated Touchscreen
        name: "Generated Touchscreen"
        id: [24, 1267, 10780, 256]
        codes:
          0: [0, 1, 2, 3, 4] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 4095, 0, 0, 12]
          1: [0, 4095, 0, 0, 12]
          47: [0, 9, 0, 0, 0]
          53: [0, 4095, 0, 0, 12]
          54: [0, 4095, 0, 0, 12]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      events:

    """.utf8))
    func event(_ micros: Int, _ type: Int, _ code: Int, _ value: Int, _ comment: String) {
        out.append(contentsOf: Array("    - [".utf8))
        append(micros / 1_000_000, width: 3, to: &out); out.append(contentsOf: [0x2C, 0x20])
        append(micros % 1_000_000, width: 6, to: &out); out.append(contentsOf: [0x2C, 0x20])
        append(type, width: 3, to: &out); out.append(contentsOf: [0x2C, 0x20])
        append(code, width: 3, to: &out); out.append(contentsOf: [0x2C, 0x20])
        append(value, width: 7, to: &out)
        out.append(contentsOf: Array("] # ".utf8))
        out.append(contentsOf: Array(comment.utf8))
        out.append(0x0A)
    }
    let frames = Int(minutes * 60) * hz
    var tracking = 0
    var down = Array(repeating: false, count: fingers)
    for f in 0..<frames {
        let micros = f * 1_000_000 / hz
        out.append(contentsOf: Array("  - evdev:\n".utf8))
        for finger in 0..<fingers {
            let phase = (micros / 1000 + finger * 200) % 2000
            let wantsDown = phase >= 50
            event(micros, 3, 47, finger, "EV_ABS / ABS_MT_SLOT")
            if wantsDown != down[finger] {
                down[finger] = wantsDown
                if wantsDown { tracking = (tracking + 1) % 65536 }
                event(micros, 3, 57, wantsDown ? tracking : -1, "EV_ABS / ABS_MT_TRACKING_ID")
            }
            guard wantsDown else { continue }
            let angle = Double(micros) / 1e6 * 2 + Double(finger)
            let cx = 400 + finger % 5 * 800, cy = 1000 + finger / 5 * 2000
            event(micros, 3, 53, cx + Int(300 * cos(angle)), "EV_ABS / ABS_MT_POSITION_X")
            event(micros, 3, 54, cy + Int(300 * sin(angle)), "EV_ABS / ABS_MT_POSITION_Y")
        }
        event(micros, 0, 0, 0, "------------ SYN_REPORT (0) ---------- +4ms")
    }
    return out
}

@MainActor func median(_ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let start = clock.now
        try body()
        let d = start.duration(to: clock.now)
        samples.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
    return samples.sorted()[samples.count / 2]
}

let scene = try InputFiles.loadScene(scenePath, for: .offline(scale: 1))
let recording = generateRecording()
let options = RecordingOptions(size: scene.size)
var events: [TimedInputEvent] = []
let convertSeconds = try median { events = try DeviceRecording.convert(recording, file: "generated.yml", options: options) }
if onlyConvert {
    // For a profiler: the conversion alone.
    print("convert: \(convertSeconds) s, \(events.count) events")
    exit(0)
}
var script: [UInt8] = []
script.reserveCapacity(events.count * 56)
for event in events {
    script.append(contentsOf: Array(InputScript.encode(event).utf8))
    script.append(0x0A)
}
var logLines = 0
let replaySeconds = try median {
    // A fresh scene each time: a replay leaves its nodes as the input left them.
    let scene = try InputFiles.loadScene(scenePath, for: .offline(scale: 1))
    let decoded = try InputScript.decode(script, file: "generated.jsonl")
    logLines = 0
    let replay = Replay(scene: scene) { entry in logLines += entry.line.isEmpty ? 0 : 1 }
    replay.play(decoded)
}
print("recording: \(minutes) min, \(fingers) fingers at \(hz) Hz: \(recording.count / 1_000_000) MB of libinput record YAML")
print("script: \(events.count) events, \(script.count / 1_000_000) MB; replay over \(scenePath): \(logLines) log lines")
print(String(format: "convert: %.3f s   replay of the script: %.3f s   ratio: %.2f (at most 0.5 wanted)",
             convertSeconds, replaySeconds, convertSeconds / replaySeconds))
reportFigure(table: "Device recordings", figure: "convert \(minutes) min of \(fingers) fingers at \(hz) Hz", value: convertSeconds,
             unit: "s", baseline: String(format: "replay of the script %.3f s", replaySeconds), ratio: convertSeconds / replaySeconds,
             target: .atMost(0.5))
