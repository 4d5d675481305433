import AllocationCounting
import Testing

/// Heap allocations on the way from a touch motion to its frame (issue 30;
/// `AllocationBenchmarks` prints them per scenario in a release build). The tests run in
/// debug builds, where unspecialized generic code allocates a coroutine frame for most
/// collection accesses that release builds do not make: they count the program's own
/// allocations (`programOnly`), C libraries' included.
struct MotionAllocationTests {
    @Test func theCounterCountsAnAllocationOnThisThread() {
        let count = Int.random(in: 8 ... 16)
        let counted = allocations {
            let array = [Int](repeating: 7, count: count)
            withExtendedLifetime(array) {}
        }
        #expect(counted >= 1)
    }

    @Test func theProgramsOwnAllocationsAreCountedWithoutTheRuntimesCoroutineFrames() {
        let count = Int.random(in: 8 ... 16)
        let counted = allocations(programOnly: true) {
            let array = [Int](repeating: 7, count: count)
            let object = Box(array)
            withExtendedLifetime(object) {}
        }
        #expect(counted == 2)
    }

    @Test func aFingerHeldOnAButtonAllocatesNothingPerMotion() throws {
        let count = try MotionScenario.trackedButton.run(warmUp: 80, measured: 80, programOnly: true)
        #expect(count.allocations == 0)
    }

    @Test func aDraggedSliderAllocatesNothingPerMotionAndFrame() throws {
        let count = try MotionScenario.sliderDrag.run(warmUp: 80, measured: 80, programOnly: true)
        #expect(count.frames == 80)
        #expect(count.allocations == 0)
    }

    @Test func aDraggedListAllocatesNothingPerMotionAndFrame() throws {
        let count = try MotionScenario.scrollDrag.run(warmUp: 80, measured: 80, programOnly: true)
        #expect(count.frames == 80)
        #expect(count.allocations == 0)
    }
}

/// A heap object holding an array, for counting two allocations.
private final class Box {
    let values: [Int]
    init(_ values: [Int]) { self.values = values }
}
