import Render
import WaylandClient

/// Canvases over the window's pool buffers, kept from frame to frame: the pool reuses a
/// few buffers, and wrapping one anew for every frame would create a pixman image each
/// time on the input-to-screen path. A canvas is reused only for the same memory, size
/// and stride; `removeAll` drops them when the buffers are replaced (resize, scale).
struct CanvasCache {
    private struct Entry {
        let pixels: UnsafeMutableRawPointer
        let width: Int
        let height: Int
        let stride: Int
        let canvas: Canvas
    }

    /// More than the pool keeps alive at once (two or three buffers).
    static let capacity = 4
    private var entries: [Entry] = []

    /// The canvas painting into `buffer`; nil when the buffer cannot be wrapped.
    mutating func canvas(for buffer: PixelBufferView) -> Canvas? {
        if let entry = entries.first(where: {
            $0.pixels == buffer.pixels && $0.width == buffer.width && $0.height == buffer.height && $0.stride == buffer.stride
        }) {
            return entry.canvas
        }
        guard let canvas = try? Canvas(wrapping: buffer.pixels, width: buffer.width, height: buffer.height,
                                       stride: buffer.stride) else { return nil }
        if entries.count >= Self.capacity { entries.removeFirst() }
        entries.append(Entry(pixels: buffer.pixels, width: buffer.width, height: buffer.height, stride: buffer.stride,
                             canvas: canvas))
        return canvas
    }

    mutating func removeAll() { entries.removeAll() }
}
