import Render
import NodeCore

/// Writes the HUD's path segments straight into a canvas's pixels, limited to a damage's
/// boxes (behaviour.md §13). A frame repaints a few short segments of each path, each a
/// few dozen one-pixel runs: writing their pixels costs less than a pixman fill per run
/// and a clip of each against the damage. Path colors are opaque, so a pixel is replaced,
/// never blended.
struct PathLineWriter {
    private let pixels: UnsafeMutablePointer<UInt32>
    private let rowStep: Int
    /// The damage as boxes that do not overlap, within the canvas: every write lies in one.
    private let boxes: [PixelRect]
    /// The segments queued since `clear` (buffer pixels), each with the range of `near`
    /// holding the damage boxes it can touch and the columns and rows those boxes span.
    private var queued: [(a: Point, b: Point, boxes: Range<Int>, columns: Range<Int>, rows: Range<Int>)] = []
    private var near: [PixelRect] = []

    /// A writer into `canvas` within `region`, cut to the canvas.
    init(canvas: Canvas, region: PixelRegion) {
        pixels = canvas.baseAddress.assumingMemoryBound(to: UInt32.self)
        rowStep = canvas.stride / 4
        boxes = region.boxes.map { $0.intersection(canvas.bounds) }.filter { !$0.isEmpty }
    }

    /// Forgets the queued segments.
    mutating func clear() {
        queued.removeAll(keepingCapacity: true)
        near.removeAll(keepingCapacity: true)
    }

    /// Queues the segment from `a` to `b` (buffer pixels) for lines up to `width` pixels
    /// thick, unless no such line can touch the damage.
    mutating func queue(from a: Point, to b: Point, width: Double) {
        let half = max(width, 1) / 2
        // Every pixel the runs can cover, one more each way for rounding.
        let minX = roundedInteger(min(a.x, b.x) - half) - 1, maxX = roundedInteger(max(a.x, b.x) + half) + 1
        let minY = roundedInteger(min(a.y, b.y) - half) - 1, maxY = roundedInteger(max(a.y, b.y) + half) + 1
        let start = near.count
        var columns = 0 ..< 0, rows = 0 ..< 0
        for box in boxes where box.minX < maxX && minX < box.maxX && box.minY < maxY && minY < box.maxY {
            columns = near.count == start ? box.minX ..< box.maxX
                : min(columns.lowerBound, box.minX) ..< max(columns.upperBound, box.maxX)
            rows = near.count == start ? box.minY ..< box.maxY : min(rows.lowerBound, box.minY) ..< max(rows.upperBound, box.maxY)
            near.append(box)
        }
        if near.count > start { queued.append((a, b, start ..< near.count, columns, rows)) }
    }

    /// Writes `pixel` over a line `width` pixels thick (at most the queuing width) along
    /// each queued segment, in the order queued.
    func writeQueued(width: Double, pixel: UInt32) {
        for segment in queued {
            line(from: segment.a, to: segment.b, width: width, pixel: pixel, within: near[segment.boxes],
                 columns: segment.columns, rows: segment.rows)
        }
    }

    /// Writes `pixel` over a line `width` pixels thick from `a` to `b` where it lies in
    /// `boxes`: one-pixel runs across it (columns for a flat segment, rows for a steep
    /// one), each `width` long and centered on the line, at every pixel along it, so runs
    /// of one line never overlap. A segment from a point to itself is a square. Runs outside
    /// the boxes' `columns` (`rows`) write nothing: a long segment is walked only there.
    private func line(from a: Point, to b: Point, width: Double, pixel: UInt32, within boxes: ArraySlice<PixelRect>,
                      columns: Range<Int>, rows: Range<Int>) {
        let half = max(width, 1) / 2
        let dx = b.x - a.x, dy = b.y - a.y
        if abs(dx) >= abs(dy) {
            let x0 = roundedInteger(min(a.x, b.x) - half), x1 = roundedInteger(max(a.x, b.x) + half)
            for x in (x0 ..< max(x1, x0 + 1)).clamped(to: columns) {
                let cx = Double(x) + 0.5
                let t = dx == 0 ? 0 : min(max((cx - a.x) / dx, 0), 1)
                let cy = a.y + dy * t
                column(x, from: roundedInteger(cy - half), to: roundedInteger(cy + half), pixel, boxes)
            }
        } else {
            let y0 = roundedInteger(min(a.y, b.y) - half), y1 = roundedInteger(max(a.y, b.y) + half)
            for y in (y0 ..< max(y1, y0 + 1)).clamped(to: rows) {
                let cy = Double(y) + 0.5
                let t = min(max((cy - a.y) / dy, 0), 1)
                let cx = a.x + dx * t
                row(y, from: roundedInteger(cx - half), to: roundedInteger(cx + half), pixel, boxes)
            }
        }
    }

    /// Rows `top ..< bottom` of column `x`, where they lie in `boxes`.
    private func column(_ x: Int, from top: Int, to bottom: Int, _ pixel: UInt32, _ boxes: ArraySlice<PixelRect>) {
        for box in boxes where x >= box.minX && x < box.maxX {
            let y0 = max(top, box.minY), y1 = min(bottom, box.maxY)
            guard y0 < y1 else { continue }
            var p = pixels + y0 * rowStep + x
            for _ in y0 ..< y1 {
                p.pointee = pixel
                p += rowStep
            }
        }
    }

    /// Columns `left ..< right` of row `y`, where they lie in `boxes`.
    private func row(_ y: Int, from left: Int, to right: Int, _ pixel: UInt32, _ boxes: ArraySlice<PixelRect>) {
        for box in boxes where y >= box.minY && y < box.maxY {
            let x0 = max(left, box.minX), x1 = min(right, box.maxX)
            guard x0 < x1 else { continue }
            let p = pixels + y * rowStep
            for x in x0 ..< x1 { p[x] = pixel }
        }
    }
}
