// Offline costs and how they grow with size, not a test: run with
//
//     swift run -c release ReplayBenchmarks [--min N] [--max N] [--runs N] [--only load|parse|replay|rss]
//                                           [--examples DIR] [--example NAME]
//
// - scene loading (`SceneDecoder.decode` of a file already in memory), µs per node, on
//   balanced trees (fan-out 8) of buttons, toggles, sliders and labelled plain nodes,
//   from `--min` (default 1,000) nodes up to `--max` (default 1,000,000), beside the cost of
//   making and freeing the same nodes without a file;
// - input-script parsing (`InputScript.decode`), ns per line, from `--min` lines up to `--max`;
// - replay of each example (examples/NAME/scene.json with its input script repeated, times
//   shifted, to `--max` events): parsing, dispatch and the event log's lines, in input
//   events per second (`--example NAME`: that example only);
// - peak resident memory of `touchstone replay` (the release binary beside this one) of an
//   example's script (`--example`, default scroll-list) repeated to 10^4, 10^5 and 10^6 events
//   (10^7 with `--max 10000000`), the log written to a file: it must not grow with them.
//
// Each figure is the median of `--runs` timed runs (default 5; the largest size runs 3); replay
// prints events/s in the thread's CPU time (which a shared, loaded machine disturbs less) and
// in wall-clock time, after an untimed run that prints the event log's line count and digest
// (compare two builds with it).
// Profile one part under callgrind with e.g. `--only load --max 100000 --runs 1`.
import BenchmarkSupport
import Foundation
import NodeCore
import SceneFormat
import Session

struct Options {
    var min = 1_000
    var max = 1_000_000
    var runs = 5
    var only: String?
    var examples = "examples"
    var example: String?

    init(_ arguments: [String]) {
        var it = arguments.makeIterator()
        while let argument = it.next() {
            switch argument {
            case "--min": min = it.next().flatMap(Int.init) ?? min
            case "--max": max = it.next().flatMap(Int.init) ?? max
            case "--runs": runs = it.next().flatMap(Int.init) ?? runs
            case "--only": only = it.next()
            case "--examples": examples = it.next() ?? examples
            case "--example": example = it.next()
            default: fatalError("unknown argument \(argument); use --min N --max N --runs N --only load|parse|replay|rss --examples DIR --example NAME")
            }
        }
    }

    func wants(_ part: String) -> Bool { only == nil || only == part }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let sizes = [1_000, 10_000, 100_000, 1_000_000].filter { options.min <= $0 && $0 <= options.max }

/// Median seconds of `runs` calls of `body` (after one warm-up call when there are several).
func medianSeconds(runs: Int, _ body: () -> Void) -> Double {
    if runs > 1 { body() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let d = clock.measure(body)
        samples.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
    return samples.sorted()[samples.count / 2]
}

func runs(for size: Int) -> Int { size >= 1_000_000 ? min(options.runs, 3) : options.runs }

func column(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

// MARK: Scene loading

/// A balanced tree of `count` nodes (fan-out 8, children tiling their parent 4 × 2): each
/// node's frame and subnodes, by index; node i > 0 is of kind `i % 4` (see `sceneJSON`).
struct TreeShape {
    var frames: [(Double, Double, Double, Double)] = [(0, 0, 1024, 768)]
    var children: [[Int]] = [[]]

    init(count: Int) {
        var head = 0
        while frames.count < count {
            let p = frames[head]
            for i in 0..<8 where frames.count < count {
                children[head].append(frames.count)
                frames.append((Double(i % 4) * p.2 / 4, Double(i / 4) * p.3 / 2, p.2 / 4, p.3 / 2))
                children.append([])
            }
            head += 1
        }
    }
}

/// A scene of `count` nodes in the shape of `TreeShape` whose nodes cycle through plain
/// labelled nodes, buttons, toggles and sliders.
func sceneJSON(count: Int) -> [UInt8] {
    let shape = TreeShape(count: count)
    let (frames, children) = (shape.frames, shape.children)
    var out = "{ \"size\": [1024, 768], \"background\": \"#FFFFFF\", \"root\": "
    out.reserveCapacity(count * 150)
    func node(_ i: Int, indent: Int) {
        let f = frames[i]
        let frame = "[\(f.0), \(f.1), \(f.2), \(f.3)]"
        out += "{ \"name\": \"n\(i)\", "
        switch i == 0 ? -1 : i % 4 {
        case 1: out += "\"kind\": \"button\", \"frame\": \(frame), \"slop\": [-4, -4, -4, -4], \"color\": \"#3366CC\", \"highlightedColor\": \"#FF0000\", \"label\": \"Go\""
        case 2: out += "\"kind\": \"toggle\", \"frame\": \(frame), \"selected\": true, \"color\": \"#CCCCCC\", \"selectedColor\": \"#34C759\""
        case 3: out += "\"kind\": \"slider\", \"frame\": \(frame), \"value\": 0.25, \"color\": \"#EEEEEE\""
        default: out += "\"frame\": \(frame), \"color\": \"#F2F2F7\", \"label\": \"Item \(i)\", \"clips\": true"
        }
        if !children[i].isEmpty {
            out += ",\n" + String(repeating: " ", count: indent) + "\"children\": [\n"
            for (k, c) in children[i].enumerated() {
                if k > 0 { out += ",\n" }
                out += String(repeating: " ", count: indent + 2)
                node(c, indent: indent + 2)
            }
            out += "]"
        }
        out += " }"
    }
    node(0, indent: 2)
    out += " }\n"
    return Array(out.utf8)
}

/// What loading cannot avoid, for comparison: the nodes of `sceneJSON(count:)` made with the
/// same properties and linked into the same tree, then freed; no file, names made beforehand.
func makeNodesAlone(_ shape: TreeShape, names: [String], labels: [String]) -> Int {
    let (blue, red, grey, green, light, pale) = (Color(red: 0x33, green: 0x66, blue: 0xCC), Color(red: 0xFF, green: 0, blue: 0),
                                                 Color(red: 0xCC, green: 0xCC, blue: 0xCC), Color(red: 0x34, green: 0xC7, blue: 0x59),
                                                 Color(red: 0xEE, green: 0xEE, blue: 0xEE), Color(red: 0xF2, green: 0xF2, blue: 0xF7))
    func make(_ i: Int) -> Node {
        let node: Node
        switch i == 0 ? -1 : i % 4 {
        case 1:
            let button = ButtonNode(name: names[i])
            button.hitTestSlop = EdgeInsets(top: -4, left: -4, bottom: -4, right: -4)
            button.backgroundColor = blue
            button.highlightedColor = red
            button.label = "Go"
            node = button
        case 2:
            let toggle = ToggleNode(name: names[i])
            toggle.isSelected = true
            toggle.backgroundColor = grey
            toggle.selectedColor = green
            node = toggle
        case 3:
            let slider = SliderNode(name: names[i])
            slider.value = 0.25
            slider.backgroundColor = light
            node = slider
        default:
            node = Node(name: names[i])
            node.backgroundColor = pale
            node.label = labels[i]
            node.clipsToBounds = true
        }
        let f = shape.frames[i]
        node.frame = Rect(x: f.0, y: f.1, width: f.2, height: f.3)
        for c in shape.children[i] { node.addSubnode(make(c)) }
        return node
    }
    return make(0).subnodes.count
}

if options.wants("load") {
    print("Scene loading (SceneDecoder.decode, file in memory, the scene freed), balanced trees of mixed kinds;")
    print("wall clock and the thread's CPU time (which a loaded machine disturbs less):")
    for count in sizes {
        let bytes = sceneJSON(count: count)
        var loaded = 0
        var cpu: [Double] = []
        let seconds = medianSeconds(runs: runs(for: count)) {
            let start = threadCPUNanoseconds()
            guard let scene = try? SceneDecoder.decode(bytes, file: "bench.json") else { fatalError("scene rejected") }
            loaded &+= scene.root.subnodes.count
            _ = consume scene
            cpu.append(Double(threadCPUNanoseconds() - start) / 1e9)
        }
        precondition(loaded > 0)
        let cpuSeconds = median(cpu)
        // The same nodes made and freed without a file: how much of the growth with size the
        // tree itself brings (its memory no longer fits any cache).
        let shape = TreeShape(count: count)
        let names = (0..<count).map { "n\($0)" }, labels = (0..<count).map { "Item \($0)" }
        var aloneCPU: [Double] = []
        _ = medianSeconds(runs: runs(for: count)) {
            let start = threadCPUNanoseconds()
            loaded &+= makeNodesAlone(shape, names: names, labels: labels)
            aloneCPU.append(Double(threadCPUNanoseconds() - start) / 1e9)
        }
        print("  \(column(String(count), 9)) nodes: \(column(fixed(seconds * 1e6 / Double(count), 2), 7)) µs per node"
              + "  (\(fixed(seconds * 1000, 1)) ms, \(bytes.count / 1024) KiB);"
              + " CPU \(column(fixed(cpuSeconds * 1e6 / Double(count), 2), 6)) µs per node;"
              + " the nodes alone: CPU \(column(fixed(median(aloneCPU) * 1e6 / Double(count), 2), 6)) µs per node")
        reportFigure(table: "Scene loading", figure: "\(count) nodes, CPU per node", value: cpuSeconds * 1e6 / Double(count),
                     unit: "µs", baseline: "the nodes alone \(fixed(median(aloneCPU) * 1e6 / Double(count), 2)) µs",
                     ratio: cpuSeconds / median(aloneCPU))
    }
}

// MARK: Input scripts

/// A script of `count` lines: taps (down, frame, motions, up, frame) at random-looking points,
/// with the odd pointer click, as a device recording holds them.
func scriptLines(count: Int) -> [UInt8] {
    var out = ""
    out.reserveCapacity(count * 64)
    var t = 0
    var made = 0
    var i = 0
    func line(_ s: String) { if made < count { out += s + "\n"; made += 1 } }
    while made < count {
        let x = 17 + (i * 37) % 300, y = 11 + (i * 53) % 200
        if i % 10 == 9 {
            line("{\"t\":\(t),\"type\":\"pointer.motion\",\"x\":\(x).5,\"y\":\(y)}")
            line("{\"t\":\(t + 1),\"type\":\"pointer.button\",\"button\":\"left\",\"state\":\"pressed\"}")
            line("{\"t\":\(t + 40),\"type\":\"pointer.button\",\"button\":\"left\",\"state\":\"released\"}")
        } else {
            line("{\"t\":\(t),\"type\":\"touch.down\",\"id\":1,\"x\":\(x),\"y\":\(y).25}")
            line("{\"t\":\(t),\"type\":\"touch.frame\"}")
            line("{\"t\":\(t + 16),\"type\":\"touch.motion\",\"id\":1,\"x\":\(x + 2),\"y\":\(y).75}")
            line("{\"t\":\(t + 16),\"type\":\"touch.frame\"}")
            line("{\"t\":\(t + 33),\"type\":\"touch.up\",\"id\":1}")
            line("{\"t\":\(t + 33),\"type\":\"touch.frame\"}")
        }
        t += 500
        i += 1
    }
    return Array(out.utf8)
}

if options.wants("parse") {
    print("\nInput-script parsing (InputScript.decode, file in memory):")
    for count in sizes {
        let bytes = scriptLines(count: count)
        var parsed = 0
        let seconds = medianSeconds(runs: runs(for: count)) {
            guard let events = try? InputScript.decode(bytes, file: "bench.jsonl") else { fatalError("script rejected") }
            parsed &+= events.count
        }
        precondition(parsed > 0)
        print("  \(column(String(count), 9)) lines: \(column(fixed(seconds * 1e9 / Double(count), 0), 6)) ns per line"
              + "  (\(fixed(Double(count) / seconds / 1e6, 2)) M lines/s)")
        reportFigure(table: "Input-script parsing", figure: "\(count) lines, per line", value: seconds * 1e9 / Double(count), unit: "ns")
    }
}

// MARK: Replay

/// The example's script repeated to `count` lines, each copy shifted past the previous one's end.
func repeated(_ script: [UInt8], to count: Int) -> [UInt8] {
    let events = (try? InputScript.decode(script, file: "example")) ?? []
    guard let last = events.last?.time else { return [] }
    var out: [UInt8] = []
    var shift = 0.0
    var made = 0
    while made < count {
        for event in events where made < count {
            out += Array(InputScript.encode(TimedInputEvent(time: event.time + shift, event: event.event)).utf8)
            out.append(UInt8(ascii: "\n"))
            made += 1
        }
        shift += last + 1000
    }
    return out
}

if options.wants("replay") {
    print("\nReplay (parse the script, dispatch every event, build every event-log line), per example:")
    let folder = URL(fileURLWithPath: options.examples)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { FileManager.default.fileExists(atPath: folder.appending(path: "\($0)/input.jsonl").path) }
        .filter { options.example == nil || $0 == options.example }.sorted()
    if names.isEmpty { print("  no examples found in \(folder.path) (use --examples DIR)") }
    var slowest: (name: String, rate: Double)?
    for name in names {
        guard let sceneBytes = FileManager.default.contents(atPath: folder.appending(path: "\(name)/scene.json").path),
              let scriptBytes = FileManager.default.contents(atPath: folder.appending(path: "\(name)/input.jsonl").path) else { continue }
        print("  \(name):")
        for count in sizes.filter({ $0 >= 10_000 }) {
            let script = repeated(Array(scriptBytes), to: count)
            /// One replay; with `digest`, also the FNV-1a hash of the whole event log (its lines,
            /// each ended by a newline), so that runs of two builds can be compared.
            func replay(digest: UnsafeMutablePointer<UInt64>?) -> Int {
                guard let scene = try? SceneDecoder.decode(Array(sceneBytes), file: name),
                      let events = try? InputScript.decode(script, file: name) else { fatalError("example rejected") }
                var lines = 0
                var buffer: [UInt8] = []
                buffer.reserveCapacity(4096)
                let replay = Replay(scene: scene) { entry in
                    entry.appendLine(to: &buffer)
                    lines += 1
                    if let digest {
                        buffer.append(UInt8(ascii: "\n"))
                        for byte in buffer { digest.pointee = (digest.pointee ^ UInt64(byte)) &* 0x100_0000_01B3 }
                    }
                    if buffer.count > 4000 || digest != nil { buffer.removeAll(keepingCapacity: true) }
                }
                replay.play(events)
                return lines
            }
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325
            let lines = replay(digest: &digest)
            var cpu: [Double] = []
            let seconds = medianSeconds(runs: runs(for: count)) {
                let start = threadCPUNanoseconds()
                _ = replay(digest: nil)
                cpu.append(Double(threadCPUNanoseconds() - start) / 1e9)
            }
            let cpuSeconds = median(cpu)
            precondition(lines > 0)
            let rate = Double(count) / cpuSeconds / 1e6
            if rate < slowest?.rate ?? .infinity { slowest = (name, rate) }
            print("    \(column(String(count), 9)) events: \(column(fixed(rate, 2), 5)) M events/s"
                  + " CPU (\(fixed(cpuSeconds * 1e9 / Double(count), 0)) ns per event), wall clock"
                  + " \(fixed(Double(count) / seconds / 1e6, 2)); \(lines) log lines, digest " + String(digest, radix: 16))
            // An example whose cost per event grows with the script (search: its field's text
            // grows) would take hours at 10^6 events; it is already the slowest where it stops.
            if cpuSeconds > 10, count < sizes.max()! {
                print("    larger sizes left out: \(fixed(cpuSeconds, 1)) s of CPU a run at \(count) events")
                break
            }
        }
    }
    if let slowest {
        // Issue 15's target: every example replays at 1 M input events per second or more.
        print("  slowest: \(slowest.name) at \(fixed(slowest.rate, 2)) M events/s of CPU (target ≥ 1.00: "
              + (slowest.rate >= 1 ? "met)" : "NOT met)"))
        reportFigure(table: "Replay", figure: "slowest example (\(slowest.name)), CPU", value: slowest.rate, unit: "M events/s",
                     target: .atLeast(1))
    }
}

// MARK: Peak memory of `touchstone replay`

/// Writes the example's script repeated to `count` lines into `path` (as `repeated` does,
/// a copy at a time, so a 10^7-line file is never whole in this process's memory).
func writeRepeated(_ script: [UInt8], to count: Int, path: String) {
    let events = (try? InputScript.decode(script, file: "example")) ?? []
    guard let last = events.last?.time, let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
    defer { fclose(file) }
    var shift = 0.0, made = 0
    while made < count {
        var copy: [UInt8] = []
        for event in events where made < count {
            copy += Array(InputScript.encode(TimedInputEvent(time: event.time + shift, event: event.event)).utf8)
            copy.append(UInt8(ascii: "\n"))
            made += 1
        }
        precondition(fwrite(copy, 1, copy.count, file) == copy.count, "cannot write \(path)")
        shift += last + 1000
    }
}

/// Runs `touchstone` (the binary beside this one) with `arguments` and returns its peak
/// resident memory in KiB (`ru_maxrss` of `wait4`) and its wall-clock seconds.
func peakMemory(of arguments: [String]) -> (kib: Int, seconds: Double) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "touchstone").path
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = ContinuousClock.now
    guard posix_spawn(&pid, binary, nil, nil, argv, environ) == 0 else {
        fatalError("cannot run \(binary): build it with `swift build -c release --product touchstone`")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = start.duration(to: .now).components
    precondition(status == 0, "touchstone \(arguments.joined(separator: " ")) failed with status \(status)")
    return (usage.ru_maxrss, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
}

if options.wants("rss") {
    // Issue 30: the replay streams its script and its log, so its memory does not grow with them.
    let name = options.example ?? "scroll-list"
    print("\nPeak memory of `touchstone replay` (examples/\(name), its script repeated; the log to a file):")
    let folder = options.examples + "/" + name
    guard let scriptBytes = FileManager.default.contents(atPath: folder + "/input.jsonl") else {
        fatalError("no \(folder)/input.jsonl (use --examples DIR --example NAME)")
    }
    let work = FileManager.default.temporaryDirectory.appending(path: "replay-rss-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    var peaks: [Int: Int] = [:]
    for count in [10_000, 100_000, 1_000_000, 10_000_000] where count >= options.min && count <= options.max {
        let script = work + "/input.jsonl"
        writeRepeated(Array(scriptBytes), to: count, path: script)
        var samples: [Int] = [], seconds: [Double] = []
        for _ in 0..<runs(for: count) {
            let run = peakMemory(of: ["replay", folder + "/scene.json", script, "--events", work + "/events.jsonl"])
            samples.append(run.kib)
            seconds.append(run.seconds)
        }
        let peak = Int(median(samples.map(Double.init)))
        peaks[count] = peak
        func megabytes(_ path: String) -> String {
            fixed(Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6, 1)
        }
        print("  \(column(String(count), 9)) events: peak RSS \(column(fixed(Double(peak) / 1024, 1), 6)) MiB,"
              + " \(fixed(median(seconds), 2)) s; script \(megabytes(script)) MB, log \(megabytes(work + "/events.jsonl")) MB")
    }
    if let small = peaks[10_000], let large = peaks[1_000_000] {
        let ratio = Double(large) / Double(small)
        print("  10^6 / 10^4 events: \(fixed(ratio, 2))× (target ≤ 1.20: " + (ratio <= 1.2 ? "met)" : "NOT met)"))
    }
    // A child's ru_maxrss counts the pages it was forked with, this process's: after the other
    // parts they are many, so the figure is reported only when this part runs alone.
    if options.only != "rss" { print("  (these include this process's own pages; run `--only rss` for the figure)") }
    if options.only == "rss", let small = peaks[10_000], let count = peaks.keys.filter({ $0 > 10_000 }).max(),
       let large = peaks[count] {
        reportFigure(table: "Replay", figure: "peak RSS of `touchstone replay`, \(name), \(count) events", value: Double(large) / 1024,
                     unit: "MiB", baseline: "10^4 events \(fixed(Double(small) / 1024, 1)) MiB", ratio: Double(large) / Double(small),
                     target: .atMost(1.2))
    }
}
