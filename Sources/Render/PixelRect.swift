public import NodeCore
@_exported import PixelGeometry

extension PixelRect {
    /// The pixels that painting `rect` (points) at buffer `scale` covers.
    ///
    /// Each edge is multiplied by the scale and rounded to the nearest pixel
    /// boundary independently (no antialiasing). Rounding is monotonic, so snapping
    /// commutes with intersection and union: two abutting rects never overlap or
    /// leave a gap, and a rect inside another snaps inside it (which makes damage
    /// rects computed in points exact in pixels).
    public init(snapping rect: Rect, scale: Int) {
        let s = Double(scale)
        func snap(_ v: Double) -> Int {
            let scaled = (v * s).rounded(.toNearestOrAwayFromZero)
            if scaled.isNaN { return 0 }
            // Clamp so that absurd coordinates never trap on conversion.
            return Int(min(max(scaled, -1_000_000_000), 1_000_000_000))
        }
        self.init(minX: snap(rect.minX), minY: snap(rect.minY), maxX: snap(rect.maxX), maxY: snap(rect.maxY))
        if isEmpty { width = max(width, 0); height = max(height, 0) }
    }

    /// The pixels that any part of `rect` (points) touches at buffer `scale`: each edge
    /// rounded outwards. Used for damage areas, so that an area computed with a
    /// slightly different floating-point sum than the painting still covers it.
    public init(covering rect: Rect, scale: Int) {
        let s = Double(scale)
        func clamp(_ v: Double) -> Int {
            if v.isNaN { return 0 }
            return Int(min(max(v, -1_000_000_000), 1_000_000_000))
        }
        self.init(minX: clamp((rect.minX * s).rounded(.down)), minY: clamp((rect.minY * s).rounded(.down)),
                  maxX: clamp((rect.maxX * s).rounded(.up)), maxY: clamp((rect.maxY * s).rounded(.up)))
        if isEmpty { width = max(width, 0); height = max(height, 0) }
    }
}
