import Testing
import MemoryEdges

/// The reference a handler holds of the object that registered it: no retain, and in debug
/// builds a trap when it is read after the object went.
@Suite struct UnownedTests {
    final class Box {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func aReadGivesTheObjectItWasMadeFrom() {
        let box = Box(5)
        let reference = Unowned(box)
        #expect(reference.object === box)
        #expect(reference.object.value == 5)
    }

    @Test func holdingAnUnownedDoesNotKeepItsObjectAlive() {
        weak var released: Box?
        var reference: Unowned<Box>?
        do {
            let box = Box(1)
            released = box
            reference = Unowned(box)
        }
        #expect(reference != nil)
        #expect(released == nil, "an Unowned kept its object alive")
    }

    #if DEBUG
    @Test func aReadAfterItsObjectWentTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            var reference: Unowned<Box>?
            do { reference = Unowned(Box(2)) }
            _ = reference?.object
        }
    }
    #endif
}
