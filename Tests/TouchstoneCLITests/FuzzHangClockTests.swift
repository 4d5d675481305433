import FuzzSupport
import Testing

/// The fuzzer's `--hang-clock`: wall-clock time stops any run past the limit; CPU time stops a
/// run that computes past it and lets one that only waits go on, up to the wall-clock backstop.
@Suite struct FuzzHangClockTests {
    let folder: ScratchFolder

    init() throws { folder = try ScratchFolder() }

    func run(_ command: String, limit: Double, clock: HangClock) -> FuzzOutcome {
        FuzzProcess.run("/bin/sh", ["-c", command], folder: folder.path, timeout: limit, clock: clock)
    }

    @Test func theWallClockStopsAWaitingRunAtTheLimit() {
        let outcome = run("sleep 5", limit: 0.3, clock: .wall)
        #expect(outcome.timedOut == "still running after 0.3 s")
        #expect(outcome.signal == 9)
    }

    @Test func theCPUClockLetsAWaitingRunFinish() {
        let outcome = run("sleep 1", limit: 0.3, clock: .cpu)
        #expect(outcome.timedOut == nil)
        #expect(outcome.status == 0)
        #expect(outcome.cpuSeconds < 0.3)
    }

    @Test func theCPUClockStopsABusyRunAtTheLimit() {
        let outcome = run("while :; do :; done", limit: 0.3, clock: .cpu)
        #expect(outcome.timedOut == "used 0.3 s of CPU time")
        #expect(outcome.cpuSeconds >= 0.3)
    }

    @Test func theCPUClockStopsAWaitingRunAtTheBackstop() {
        let outcome = run("sleep 60", limit: 0.1, clock: .cpu)
        #expect(outcome.timedOut == "still running after 1 s")  // 0.1 s × the backstop factor of 10
        #expect(outcome.seconds < 30)
    }
}
