/// Scratch ARGB buffers for group opacity, one per nesting depth, reused across frames
/// (allocating a fresh buffer per frame costs page faults: docs/performance.md "Scrolling").
final class LayerPool {
    private var buffers: [(memory: UnsafeMutableRawPointer, capacity: Int)] = []
    private var depth = 0

    deinit {
        for buffer in buffers { buffer.memory.deallocate() }
    }

    /// A transparent `width × height` surface for the next nesting level; give it back
    /// with `release(_:)` in reverse order of acquisition.
    func acquire(width: Int, height: Int) -> PixmanSurface? {
        let bytes = width * height * 4
        if depth == buffers.count {
            buffers.append((UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 64), alignment: 64), max(bytes, 64)))
        } else if buffers[depth].capacity < bytes {
            buffers[depth].memory.deallocate()
            buffers[depth] = (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), bytes)
        }
        guard let surface = PixmanSurface.create(bits: buffers[depth].memory, width: width, height: height,
                                                 stride: width * 4) else { return nil }
        depth += 1
        surface.setClip(nil)
        surface.fill(PixelRect(x: 0, y: 0, width: width, height: height), color: .transparent, operator: .source)
        return surface
    }

    func release(_ surface: PixmanSurface) {
        surface.release()
        depth -= 1
    }
}
