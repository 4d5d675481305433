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

    func shiftRows(by rows: Int, keeping fixed: [Range<Int>]) -> Bool {
        // A canvas over memory of a size and alignment already wrapped fails only when
        // pixman cannot allocate its header; the old canvas then stays (still mapped).
        guard memory.shiftRows(by: rows, keeping: fixed), let moved = wrap(memory.view) else { return false }
        canvas = moved
        return true
    }
}
