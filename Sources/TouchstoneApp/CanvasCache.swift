import Render
import WaylandClient

/// Canvases over the window's pool buffers, kept from frame to frame: the pool reuses a
/// few buffers, and wrapping one anew for every frame would create a pixman image each
/// time on the input-to-screen path. A canvas is reused only for the same memory (its
/// serial: a freed memory's address may come back for another) with the buffer at the
/// same place in it (no `shiftRows` since); `removeAll` drops them when the buffers are
/// replaced (resize, scale).
struct CanvasCache {
    private struct Entry {
        let memory: Int
        let move: Int
        let canvas: Canvas
    }

    /// More than the pool keeps alive at once (two or three buffers).
    static let capacity = 4
    private var entries: [Entry] = []

    /// The canvas painting into `buffer`; nil when the buffer cannot be wrapped.
    mutating func canvas(for buffer: PixelBufferView) -> Canvas? {
        if let entry = entries.first(where: { $0.memory == buffer.memorySerial && $0.move == buffer.move }) {
            return entry.canvas
        }
        // A pixman image for a buffer's size and stride fails only when its header cannot be
        // allocated: the frame is then not painted, as a buffer that could not be had.
        guard let canvas = try? Canvas(wrapping: buffer.pixels, width: buffer.width, height: buffer.height,
                                       stride: buffer.stride) else { return nil }
        // The buffer's earlier places in this memory never come back: their canvases go.
        entries.removeAll { $0.memory == buffer.memorySerial }
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append(Entry(memory: buffer.memorySerial, move: buffer.move, canvas: canvas))
        return canvas
    }

    mutating func removeAll() { entries.removeAll() }

    /// How many canvases are kept (for tests).
    var count: Int { entries.count }
}
