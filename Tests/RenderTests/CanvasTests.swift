import Testing
import NodeCore
@testable import Render

@Suite struct CanvasTests {
    @Test func ownedCanvasStartsTransparent() throws {
        let canvas = try Canvas(width: 3, height: 2)
        #expect(canvas.pixel(x: 2, y: 1) == 0)
        #expect(canvas.ownsMemory)
        #expect(canvas.stride == 12)
    }

    @Test func wrappedCanvasPaintsStraightIntoTheCallersMemoryAndRespectsTheStride() throws {
        // 3 pixels wide with a 4-pixel stride; the padding column must stay untouched.
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * 2)
        defer { memory.deallocate() }
        memory.initialize(repeating: 0xDEAD_BEEF, count: 8)
        let canvas = try Canvas(wrapping: UnsafeMutableRawPointer(memory), width: 3, height: 2, stride: 16)
        #expect(!canvas.ownsMemory)
        let renderer = try Renderer(window: makeWindow(width: 3, height: 2), background: red, labelFont: .none)
        renderer.renderFull(into: canvas)
        #expect(memory[0] == 0xFFFF_0000)
        #expect(memory[2] == 0xFFFF_0000)
        #expect(memory[3] == 0xDEAD_BEEF)
        #expect(memory[6] == 0xFFFF_0000)
        #expect(memory[7] == 0xDEAD_BEEF)
    }

    @Test func withPixelsHandsOutTheWholeBufferRowByRow() throws {
        let canvas = try Canvas(width: 3, height: 2)
        let count = canvas.withPixels { pixels in
            pixels.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: canvas.stride + 2 * 4, as: UInt32.self)
            return pixels.count
        }
        #expect(count == canvas.stride * canvas.height)
        #expect(canvas.pixel(x: 2, y: 1) == 0xFF00_FF00)
        #expect(canvas.pixel(x: 1, y: 1) == 0)
    }

    @Test func invalidSizesAndStridesAreRejected() {
        #expect(throws: CanvasError.invalidSize(width: 0, height: 5)) { try Canvas(width: 0, height: 5) }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
        defer { memory.deallocate() }
        #expect(throws: CanvasError.invalidStride(stride: 8, width: 4)) {
            try Canvas(wrapping: memory, width: 4, height: 1, stride: 8)
        }
        #expect(throws: CanvasError.invalidStride(stride: 18, width: 4)) {
            try Canvas(wrapping: memory, width: 4, height: 1, stride: 18)
        }
        #expect(throws: CanvasError.misalignedBuffer) {
            try Canvas(wrapping: memory + 1, width: 2, height: 1, stride: 8)
        }
    }

    @Test func snappingRoundsEachEdgeToTheNearestPixel() {
        #expect(PixelRect(snapping: Rect(x: 0.5, y: 1.49, width: 2, height: 2), scale: 1)
                == PixelRect(minX: 1, minY: 1, maxX: 3, maxY: 3))
        #expect(PixelRect(snapping: Rect(x: 1.25, y: 0, width: 1.5, height: 1), scale: 2)
                == PixelRect(minX: 3, minY: 0, maxX: 6, maxY: 2))
    }
}
