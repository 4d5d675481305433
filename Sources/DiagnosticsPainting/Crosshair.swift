public import Render
import NodeCore

/// One crosshair line as a live window shows it in a subsurface (behaviour.md §13): its band
/// `across` (edge, core, edge; premultiplied ARGB per point) the same all along it, cut to
/// `frame` (whole points, below the bar, in the window), `skip` points cut off its start.
public struct CrosshairLine: Hashable, Sendable {
    public let isVertical: Bool
    public let frame: Rect
    public let skip: Int
    public let across: [UInt32]
}

/// One crosshair of the pointer-location HUD in buffer pixels: a vertical and a horizontal
/// band across the window below the bar, their core columns and rows (inside them) in the
/// touch's color and the rest in the dark edge color, both opaque, so it is written over
/// whatever lies under it, never blended; the horizontal band lies over the vertical one,
/// as the subsurfaces of a live window do (behaviour.md §13).
struct Crosshair {
    /// The dark bands: every pixel the crosshair paints.
    var vertical: PixelRect
    var horizontal: PixelRect
    /// The core's column band and row band (the vertical and horizontal core lines).
    var coreColumns: PixelRect
    var coreRows: PixelRect
    var core: UInt32
    var edge: UInt32

    /// Writes the crosshair's pixels that lie in `damage`: a band inside one damage rect
    /// whole, else its part in each (written twice, alike, where they overlap).
    func paint(within damage: [PixelRect], in canvas: Canvas) {
        for (band, isVertical) in [(vertical, true), (horizontal, false)] where !band.isEmpty {
            if damage.contains(where: { $0.contains(band) }) {
                write(band, isVertical: isVertical, in: canvas)
                continue
            }
            for rect in damage {
                let part = band.intersection(rect)
                if !part.isEmpty { write(part, isVertical: isVertical, in: canvas) }
            }
        }
    }

    /// Writes the crosshair's pixels in `rect` (part of a band) row by row: of the vertical
    /// band, edge with the core columns in it; of the horizontal band, a core row all core,
    /// another all edge.
    private func write(_ rect: PixelRect, isVertical: Bool, in canvas: Canvas) {
        let r = rect.intersection(canvas.bounds)
        guard !r.isEmpty else { return }
        let columns = isVertical ? r.intersection(PixelRect(x: coreColumns.x, y: r.y, width: coreColumns.width, height: r.height))
                                 : PixelRect(x: r.x, y: r.y, width: 0, height: 0)
        let step = canvas.stride / 4
        var row = (canvas.baseAddress + r.minY * canvas.stride + r.minX * 4).assumingMemoryBound(to: UInt32.self)
        for y in r.minY ..< r.maxY {
            let isCoreRow = !isVertical && y >= coreRows.minY && y < coreRows.maxY
            Self.fill(row, count: r.width, with: isCoreRow ? core : edge)
            if !isCoreRow && !columns.isEmpty { Self.fill(row + (columns.minX - r.minX), count: columns.width, with: core) }
            row += step
        }
    }

    /// A few words stored one by one (a column's row), many through the library's fill.
    private static func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with pixel: UInt32) {
        if count <= 8 {
            for i in 0 ..< count { start[i] = pixel }
        } else {
            start.update(repeating: pixel, count: count)
        }
    }
}
