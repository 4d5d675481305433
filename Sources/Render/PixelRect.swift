import NodeCore
@_exported public import Geometry

extension PixelRect {
    /// The pixels that painting `rect` (points) at buffer `scale` covers.
    ///
    /// Each edge is multiplied by the scale and rounded to the nearest pixel
    /// boundary independently (no antialiasing). Rounding is monotonic, so snapping
    /// commutes with intersection and union: two abutting rects never overlap or
    /// leave a gap, and a rect inside another snaps inside it (which makes damage
    /// rects computed in points exact in pixels).
    public init(snapping rect: Rect, scale: RenderScale) {
        self.init(minX: roundedInteger(scale.pixels(rect.minX)), minY: roundedInteger(scale.pixels(rect.minY)),
                  maxX: roundedInteger(scale.pixels(rect.maxX)), maxY: roundedInteger(scale.pixels(rect.maxY)))
        if isEmpty { width = max(width, 0); height = max(height, 0) }
    }

    /// The pixels that any part of `rect` (points) touches at buffer `scale`: each edge
    /// rounded outwards. Used for damage areas, so that an area computed with a
    /// slightly different floating-point sum than the painting still covers it.
    public init(covering rect: Rect, scale: RenderScale) {
        func clamp(_ v: Double) -> Int {
            if v.isNaN { return 0 }
            return Int(min(max(v, -1_000_000_000), 1_000_000_000))
        }
        self.init(minX: clamp(scale.pixels(rect.minX).rounded(.down)), minY: clamp(scale.pixels(rect.minY).rounded(.down)),
                  maxX: clamp(scale.pixels(rect.maxX).rounded(.up)), maxY: clamp(scale.pixels(rect.maxY).rounded(.up)))
        if isEmpty { width = max(width, 0); height = max(height, 0) }
    }
}

/// `v` rounded to the nearest integer, halves away from zero (as `v.rounded()`), clamped to
/// ±10⁹ so that absurd coordinates never trap; 0 for NaN. Computed from the truncation
/// instead of calling libm's `round` (baseline x86-64 has no instruction for this rounding):
/// painting rounds every edge and color channel, and the call is a cold one on the input path.
@inline(__always) package func roundedInteger(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let clamped = min(max(v, -1_000_000_000), 1_000_000_000)
    let truncated = Int(clamped)
    // Exact: `clamped` and its integer part are within 2³⁰ of each other's binade.
    let fraction = clamped - Double(truncated)
    if fraction >= 0.5 { return truncated + 1 }
    if fraction <= -0.5 { return truncated - 1 }
    return truncated
}
