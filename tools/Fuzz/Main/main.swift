// The fuzzer (behaviour.md §20, docs/reliability.md): generated scenes, input scripts,
// device recordings and image files,
// grammar-aware and seeded, run through replay, render and audit as subprocesses with a
// time and a memory limit. Every case that breaks a rule is written to the corpus folder,
// where `FuzzCorpusTests` replays it on every test run.
//
//   TouchstoneFuzz --binary PATH [--seconds N] [--cases N] [--seed S] [--corpus DIR]
//                  [--hang-clock wall|cpu] [--verbose]
//
// --hang-clock cpu judges the 10 s limit by each run's CPU time, not wall-clock time (CI's
// default), with a 100 s wall-clock backstop: for long runs on a loaded machine.
// --verbose prints why each rejected case was rejected (to tune the generators).
//
// Exit status 0 when no case broke a rule, 1 when one did (its files are in the corpus), 2
// for bad arguments.
import FuzzSupport
import Glibc

/// Prints `TouchstoneFuzz: error: MESSAGE` and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = Array("TouchstoneFuzz: error: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

var binary = ".build/debug/touchstone"
var seconds = 120.0
var maximumCases = Int.max
var seed: UInt64 = 1
var corpus = "tools/Fuzz/corpus"
var verbose = false
var clock = HangClock.wall
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--verbose" {
        verbose = true
        continue
    }
    guard let value = arguments.popFirst() else {
        fail("\(flag) needs a value", status: 2)
    }
    switch flag {
    case "--binary": binary = value
    case "--seconds": seconds = Double(value) ?? seconds
    case "--cases": maximumCases = Int(value) ?? maximumCases
    case "--seed": seed = UInt64(value) ?? seed
    case "--corpus": corpus = value
    case "--hang-clock":
        guard let chosen = HangClock(rawValue: value) else { fail("--hang-clock takes wall or cpu, not \(value)", status: 2) }
        clock = chosen
    default:
        fail("unknown option \(flag)", status: 2)
    }
}
guard access(binary, X_OK) == 0 else {
    fail("\(binary) is not an executable", status: 2)
}

var template = Array("/tmp/touchstone-fuzz-XXXXXX".utf8CString)
guard let made = mkdtemp(&template) else {
    fail("cannot create a temporary folder", status: 1)
}
let folder = String(cString: made)

let start = FuzzClock.now()
var cases = 0, failures = 0, accepted = 0
while cases < maximumCases, FuzzClock.now() - start < seconds {
    let caseSeed = seed &+ UInt64(cases)
    cases += 1
    let generated = FuzzCase(seed: caseSeed)
    let (scene, script) = generated.write(to: folder, name: "case")
    let (problems, replayed, rejection) = FuzzChecks.run(binary: binary, scene: scene, script: script, folder: folder, clock: clock)
    if replayed { accepted += 1 }
    if verbose, !rejection.isEmpty { print("case seed-\(caseSeed) rejected: \(rejection.prefix(200))", terminator: "") }
    guard !problems.isEmpty else { continue }
    failures += 1
    let name = "seed-\(caseSeed)"
    generated.write(to: corpus, name: name)
    print("case \(name): \(problems.count) problem(s), kept in \(corpus)/\(name).json")
    for problem in problems { print("  \(problem)") }
}
_ = system("rm -rf '\(folder)'")
print("TouchstoneFuzz: \(cases) cases from seed \(seed) in \(Int(FuzzClock.now() - start)) s (\(accepted) replayed, the rest rejected as bad input), \(failures) failing")
exit(failures == 0 ? 0 : 1)
