import AllocationCounting
import Testing

/// Heap allocations on the way from a touch motion to its frame (issue 30;
/// `AllocationBenchmarks` prints them per scenario in a release build).
struct MotionAllocationTests {
    @Test func theCounterCountsAnAllocationOnThisThread() {
        let count = Int.random(in: 8 ... 16)
        let counted = allocations {
            let array = [Int](repeating: 7, count: count)
            withExtendedLifetime(array) {}
        }
        #expect(counted >= 1)
    }

    /// In steady state a motion costs the same allocations however long the finger moves:
    /// twice the motions, exactly twice the allocations (nothing grows per motion).
    @Test func allocationsPerMotionDoNotGrowAsAFingerKeepsMoving() throws {
        let short = try MotionScenario.trackedButton.run(warmUp: 40, measured: 40)
        let long = try MotionScenario.trackedButton.run(warmUp: 40, measured: 80)
        #expect(long.allocations == 2 * short.allocations)
    }
}
