import AllocationCounting
import Testing

/// Heap allocations on the way from a touch motion to its frame, in steady state (issue 30;
/// `AllocationBenchmarks` prints every scenario).
struct MotionAllocationTests {
    @Test func theCounterCountsAnAllocationOnThisThread() {
        let count = Int.random(in: 8 ... 16)
        let counted = allocations {
            let array = [Int](repeating: 7, count: count)
            withExtendedLifetime(array) {}
        }
        #expect(counted >= 1)
    }

    @Test func aFingerHeldOnATrackedButtonAllocatesNothingPerMotion() throws {
        let count = try MotionScenario.trackedButton.run(warmUp: 60, measured: 200)
        #expect(count.allocations == 0, "\(count.allocationsPerMotion) allocations per motion event")
    }
}
