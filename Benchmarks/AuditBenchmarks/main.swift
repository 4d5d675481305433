// `touchstone audit` by scene size (issue 15: 100,000 controls in under 2 s and 300 MB),
// not a test: run with
//
//     swift build -c release --product touchstone --product AuditBenchmarks && .build/release/AuditBenchmarks [--max N] [--runs N]
//
// Each size is a scene file of N controls in rows of a grid (see `gridScene`), audited by the
// `touchstone` beside this benchmark as a child process, once as a table and once as JSON,
// its report written to a file: wall clock, the child's CPU time and its maximum resident
// memory (`wait4`'s `ru_maxrss`, what `/usr/bin/time -v` prints), medians of `--runs` runs.
#if canImport(Glibc)
import Glibc
#endif
import BenchmarkSupport
import Foundation
import SystemCalls

var maxSize = 100_000, runs = 3
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--max": maxSize = arguments.next().flatMap(Int.init) ?? maxSize
    case "--runs": runs = max(arguments.next().flatMap(Int.init) ?? runs, 1)
    default: fatalError("unknown argument \(argument); use --max N --runs N")
    }
}

/// A 25 pt grid of `count` buttons in rows (one container per row), audited at `--min-size 24`:
/// most are 20 pt with −2 pt slop (24 pt tappable areas that touch no neighbour); every 7th
/// row has −4 pt slop (each overlaps its neighbours: overlaps listed per pair); every 10th
/// column of the other rows is 16 pt (undersized); every 1,000th control has −60 pt slop
/// (it overlaps about 40 others: one summary line).
func gridScene(count: Int) -> String {
    let pitch = 25.0
    let columns = Int(Double(count).squareRoot().rounded(.up))
    let rows = (count + columns - 1) / columns
    var out = "{\"size\":[\(Double(columns) * pitch),\(Double(rows) * pitch)],\"background\":\"#FFFFFF\","
        + "\"root\":{\"name\":\"root\",\"frame\":[0,0,\(Double(columns) * pitch),\(Double(rows) * pitch)],\"children\":[\n"
    out.reserveCapacity(count * 120)
    var made = 0
    for row in 0..<rows {
        if row > 0 { out += ",\n" }
        out += "{\"name\":\"row\(row)\",\"frame\":[0,\(Double(row) * pitch),\(Double(columns) * pitch),\(pitch)],\"children\":["
        for column in 0..<columns where made < count {
            let side = row % 7 != 3 && column % 10 == 9 ? 16.0 : 20.0
            let slop = made % 1000 == 500 ? -60.0 : row % 7 == 3 ? -4.0 : -2.0
            let inset = (pitch - side) / 2
            if column > 0 { out += "," }
            out += "{\"name\":\"b\(made)\",\"kind\":\"button\",\"frame\":[\(Double(column) * pitch + inset),\(inset),\(side),\(side)],"
                + "\"slop\":[\(slop),\(slop),\(slop),\(slop)],\"label\":\"\(made)\"}"
            made += 1
        }
        out += "]}"
    }
    return out + "]}}\n"
}

struct ChildRun {
    var wallSeconds: Double
    var cpuSeconds: Double
    var maxResidentKiB: Int
    var status: Int32
}

/// Runs `arguments` (the executable first) with stdout into `output`, and measures it.
func measureChild(_ arguments: [String], output: String) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        fatalError("cannot start \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = try? retryingInterrupted { wait4(pid, &status, 0, &usage) }  // The child is ours: only EINTR could fail.
    let elapsed = (ContinuousClock.now - start).components
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return ChildRun(wallSeconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
                    cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                    maxResidentKiB: usage.ru_maxrss, status: (status >> 8) & 0xFF)
}

let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let touchstone = buildFolder.appending(path: "touchstone").path
guard FileManager.default.isExecutableFile(atPath: touchstone) else {
    fatalError("no touchstone beside the benchmark: swift build -c release --product touchstone")
}
let folder = FileManager.default.temporaryDirectory.appending(path: "touchstone-audit-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

print("touchstone audit --min-size 24 of a grid of N buttons (child process, report to a file; median of \(runs)):")
for count in [1_000, 10_000, 100_000, 1_000_000] where count <= maxSize {
    let scene = folder.appending(path: "grid-\(count).json").path
    try gridScene(count: count).write(toFile: scene, atomically: false, encoding: .utf8)
    for json in [false, true] {
        let report = folder.appending(path: "report").path
        let command = [touchstone, "audit", scene, "--min-size", "24"] + (json ? ["--json"] : [])
        let samples = (0..<runs).map { _ in measureChild(command, output: report) }
        guard samples.allSatisfy({ $0.status == 3 }) else { fatalError("audit exited \(samples.map(\.status)), expected 3 (findings)") }
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let lines = text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let wall = median(samples.map(\.wallSeconds)), cpu = median(samples.map(\.cpuSeconds))
        let resident = median(samples.map { Double($0.maxResidentKiB) }) / 1024
        print("  \(String(count).padding(toLength: 8, withPad: " ", startingAt: 0)) controls, \(json ? "JSON " : "table"):"
              + " \(fixed(wall * 1000, 0)) ms wall, \(fixed(cpu * 1000, 0)) ms CPU (\(fixed(cpu * 1e6 / Double(count), 1)) µs per control),"
              + " max RSS \(fixed(resident, 1)) MiB; report \(text.utf8.count / 1024) KiB, \(lines) lines")
        reportFigure(table: "Audit", figure: "\(count) controls, \(json ? "JSON" : "table"), CPU per control",
                     value: cpu * 1e6 / Double(count), unit: "µs")
        reportFigure(table: "Audit", figure: "\(count) controls, \(json ? "JSON" : "table"), max RSS", value: resident, unit: "MiB")
    }
}
