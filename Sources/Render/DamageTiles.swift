/// Which 8 × 8-pixel tiles a damage touches: a quick, conservative test of whether a small
/// rect can meet the damage when its extents span the window.
package struct DamageTiles {
    package static let shift = 3
    private let columns: Int
    private let rows: Int
    private var bits: [UInt64]

    package init(_ damage: [PixelRect], clippedTo bounds: PixelRect) {
        columns = max((bounds.maxX + 7) >> Self.shift, 1)
        rows = max((bounds.maxY + 7) >> Self.shift, 1)
        bits = Array(repeating: 0, count: (columns * rows + 63) / 64)
        for rect in damage {
            let r = rect.intersection(bounds)
            guard !r.isEmpty else { continue }
            for row in (r.minY >> Self.shift)...((r.maxY - 1) >> Self.shift) {
                for column in (r.minX >> Self.shift)...((r.maxX - 1) >> Self.shift) {
                    let i = row * columns + column
                    bits[i >> 6] |= 1 << UInt64(i & 63)
                }
            }
        }
    }

    /// Whether the pixel rect (edges in pixels, unrounded, max inclusive) touches a damaged tile.
    package func intersects(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
        let limit = Double(1 << 30)
        guard maxX >= 0, maxY >= 0, minX < limit, minY < limit else { return false }
        let c0 = max(Int(minX) >> Self.shift, 0), c1 = min(Int(min(maxX, limit)) >> Self.shift, columns - 1)
        let r0 = max(Int(minY) >> Self.shift, 0), r1 = min(Int(min(maxY, limit)) >> Self.shift, rows - 1)
        guard c0 <= c1, r0 <= r1 else { return false }
        for row in r0...r1 {
            for column in c0...c1 {
                let i = row * columns + column
                if bits[i >> 6] & (1 << UInt64(i & 63)) != 0 { return true }
            }
        }
        return false
    }
}
