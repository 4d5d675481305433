public import NodeCore

/// An integer rectangle in buffer pixels, origin top-left.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Number of pixels covered (zero when empty).
    public var area: Int { isEmpty ? 0 : width * height }

    /// The overlap, or an empty rect.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                          maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return r.isEmpty ? PixelRect(x: r.x, y: r.y, width: 0, height: 0) : r
    }

    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rect holding both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                         maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Whether every pixel of `other` is in this rect (an empty `other` is contained).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

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
