#if canImport(Glibc)
import Glibc
#endif

extension Canvas {
    /// Moves already-painted pixels instead of painting them again (scrolling): each pixel
    /// of `rect` (clipped to this canvas) gets the pixel `dx`, `dy` before it in `source`,
    /// so the content appears moved by (`dx`, `dy`). Pixels whose source lies outside
    /// `source` are left alone. `source` may be this canvas: overlapping rows are copied in
    /// the order that reads every pixel before overwriting it.
    public func copyPixels(into rect: PixelRect, from source: Canvas, movedBy dx: Int, dy: Int) {
        let target = rect.intersection(bounds).intersection(source.bounds.offsetBy(dx: dx, dy: dy))
        guard !target.isEmpty, source !== self || dx != 0 || dy != 0 else { return }
        let bytes = target.width * 4
        // A few pixels from another buffer (a crosshair's column) word by word: a call of
        // `memmove` per row costs more than the copy.
        let words = source === self || target.width > 16 ? 0 : target.width
        func copyRow(_ y: Int) {
            let to = baseAddress + y * self.stride + target.minX * 4
            let from = source.baseAddress + (y - dy) * source.stride + (target.minX - dx) * 4
            guard words > 0 else {
                memmove(to, from, bytes)
                return
            }
            let t = to.assumingMemoryBound(to: UInt32.self), f = from.assumingMemoryBound(to: UInt32.self)
            for i in 0 ..< words { t[i] = f[i] }
        }
        // Whole rows of the same width are one block: one `memmove` (which also handles
        // overlap) lets libc copy it at full speed instead of row by row.
        if dx == 0, bytes == stride, source.stride == stride {
            memmove(baseAddress + target.minY * stride, source.baseAddress + (target.minY - dy) * stride,
                    bytes * target.height)
            return
        }
        // Moving down within one buffer: the bottom rows first, so no source row is
        // overwritten before it is read. `memmove` handles overlap within a row.
        if dy > 0 && source === self {
            for y in Swift.stride(from: target.maxY - 1, through: target.minY, by: -1) { copyRow(y) }
        } else {
            for y in target.minY ..< target.maxY { copyRow(y) }
        }
    }
}
