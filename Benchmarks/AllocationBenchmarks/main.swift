// Heap allocations per motion event in a live session's steady state (issue 30): a finger
// moves in a window, and each motion is followed by the turn of the loop that paints its
// frame and writes its event log, as `touchstone run` does it, without the compositor
// (`OffscreenAppSession`: the seat's batcher, SeatInput, the dispatch, the damage, a pool
// buffer, the paint, the submit). Every allocator of the process is counted, C libraries'
// (pixman's) included, on the benchmark's thread (Benchmarks/CAllocationCounter).
//
//   swift build -c release --product AllocationBenchmarks && .build/release/AllocationBenchmarks [--motions N]
//       [--only trackedButton|sliderDrag|scrollDrag]
//
// `AllocationTests` (TouchstoneAppTests) runs the same scenarios and fails above zero.
import AllocationCounting
import BenchmarkSupport
import Glibc

var motions = 2_000
var scenarios = MotionScenario.allCases
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--motions": motions = arguments.next().flatMap(Int.init) ?? motions
    case "--only":
        let name = arguments.next() ?? ""
        scenarios = MotionScenario.allCases.filter { "\($0)" == name }
        if scenarios.isEmpty {
            print("AllocationBenchmarks: --only \(name): no such scenario; use one of "
                  + MotionScenario.allCases.map { "\($0)" }.joined(separator: ", "))
            exit(2)
        }
    default:
        print("AllocationBenchmarks: unknown argument \(argument); use --motions N, --only SCENARIO")
        exit(2)
    }
}

print("Heap allocations per motion event, steady state (\(motions) motions after a warm-up of 200, each with its frame):")
var worst = 0.0
for scenario in scenarios {
    let count = try scenario.run(warmUp: 200, measured: motions)
    worst = max(worst, count.allocationsPerMotion)
    print("  \(scenario.rawValue): \(count.allocations) allocations in \(count.motions) motions "
          + "(\(count.allocationsPerMotion) per motion), \(count.frames) frames")
}
print("most per motion event: \(worst) (target 0: \(worst == 0 ? "met" : "not met"))")
reportFigure(table: "Heap allocations", figure: "most heap allocations per motion event, steady state", value: worst, unit: "allocations",
             target: .atMost(0))
