import Render
import Testing
import WaylandClient
@testable import TouchstoneApp

/// The window's canvases over its pool buffers (CanvasCache): one per memory, found by the
/// memory's serial rather than its address, and never over a place the buffer moved away from.
@Suite struct CanvasCacheTests {
    @Test func theSameMemoryAtTheSamePlaceGetsTheSameCanvas() throws {
        let memory = try ShmMemory(width: 8, height: 8, poolSize: nil)
        var cache = CanvasCache()
        let firstMade = cache.canvas(for: memory.view)
        let first = try #require(firstMade)
        let secondMade = cache.canvas(for: memory.view)
        let second = try #require(secondMade)
        #expect(first === second)
        #expect(cache.count == 1)
    }

    @Test func aBufferMovedInItsMemoryGetsACanvasOverItsNewPlace() throws {
        let memory = try ShmMemory(width: 8, height: 10, poolSize: 1 << 20)
        var cache = CanvasCache()
        let beforeMade = cache.canvas(for: memory.view)
        let before = try #require(beforeMade)
        let oldView = memory.view
        #expect(memory.shiftRows(by: 3, keeping: []))
        #expect(!oldView.isCurrent, "a view of the old place is stale after the move")
        #expect(memory.view.isCurrent)
        let afterMade = cache.canvas(for: memory.view)
        let after = try #require(afterMade)
        #expect(after !== before)
        #expect(cache.count == 1, "the canvas over the old place went")
        // The canvas paints where the memory's view now is.
        after.setPixel(x: 0, y: 0, to: 0xFF12_3456)
        let written = memory.view.withPixels { $0.load(as: UInt32.self) }
        #expect(written == 0xFF12_3456)
    }

    @Test func aNewMemoryNeverGetsTheCanvasOfAFreedOneEvenAtItsAddress() throws {
        var cache = CanvasCache()
        var freed: ShmMemory? = try ShmMemory(width: 16, height: 16, poolSize: nil)
        let oldMade = cache.canvas(for: freed!.view)
        let old = try #require(oldMade)
        let oldSerial = freed!.serial
        freed = nil
        // Same size: the kernel usually maps the new memory where the freed one was, which
        // is what matching by address got wrong.
        let memory = try ShmMemory(width: 16, height: 16, poolSize: nil)
        #expect(memory.serial != oldSerial)
        let canvasMade = cache.canvas(for: memory.view)
        let canvas = try #require(canvasMade)
        #expect(canvas !== old)
        canvas.setPixel(x: 15, y: 15, to: 0xFFAB_CDEF)
        let written = memory.view.withPixels { $0.load(fromByteOffset: 15 * memory.stride + 15 * 4, as: UInt32.self) }
        #expect(written == 0xFFAB_CDEF)
    }
}
