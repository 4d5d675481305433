import Render
import WaylandClient

/// A pool buffer as `ScrollPainter` sees it: a scroll moves the buffer in its memory
/// (`ShmMemory.shiftRows`) and the canvas follows it there.
final class PoolPaintBuffer: ScrollPaintBuffer {
    let memory: ShmMemory
    private(set) var canvas: Canvas
    private let wrap: (PixelBufferView) -> Canvas?

    /// `wrap` gives the canvas over a view of the memory (the window's canvas cache).
    init?(memory: ShmMemory, wrap: @escaping (PixelBufferView) -> Canvas?) {
        guard let canvas = wrap(memory.view) else { return nil }
        self.memory = memory
        self.canvas = canvas
        self.wrap = wrap
    }

    var bufferID: Int { memory.serial }

    /// The canvas over where the buffer is in its memory now, for another frame into the same
    /// buffer (the app keeps these, `PoolPaintBuffers`); false when it cannot be wrapped.
    func follow() -> Bool {
        guard let current = wrap(memory.view) else { return false }
        canvas = current
        return true
    }

    func shiftRows(by rows: Int, keeping fixed: [Range<Int>]) -> Bool {
        // A canvas over memory of a size and alignment already wrapped fails only when
        // pixman cannot allocate its header; the old canvas then stays (still mapped).
        guard memory.shiftRows(by: rows, keeping: fixed), let moved = wrap(memory.view) else { return false }
        canvas = moved
        return true
    }
}

/// The window's `PoolPaintBuffer`s, one per memory of its pool, kept from frame to frame so a
/// frame makes no object for its buffer. At most as many as the swap chain keeps; `removeAll`
/// drops them (and their hold on the memories) when the buffers are replaced.
struct PoolPaintBuffers {
    private var buffers: [PoolPaintBuffer] = []

    /// The buffer over `memory`, its canvas where the buffer is now; nil when it cannot be wrapped.
    mutating func buffer(for memory: ShmMemory, wrap: @escaping (PixelBufferView) -> Canvas?) -> PoolPaintBuffer? {
        for buffer in buffers where buffer.memory === memory {
            return buffer.follow() ? buffer : nil
        }
        guard let buffer = PoolPaintBuffer(memory: memory, wrap: wrap) else { return nil }
        if buffers.count >= SwapChain<ShmMemory>.capacity { buffers.removeFirst() }
        buffers.append(buffer)
        return buffer
    }

    mutating func removeAll() { buffers.removeAll() }
}
