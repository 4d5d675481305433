/// Integer buffer-pixel geometry shared by the renderer and the Wayland layer, so
/// damage flows from one to the other without conversion. Standard library only.

/// A size in buffer pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

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

    /// The rect covering a whole buffer of `size`.
    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    /// The rectangle from its top-left corner to its bottom-right one (exclusive).
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    /// The first column to the right of the rectangle (exclusive, as damage rectangles are).
    public var maxX: Int { x + width }
    /// The first row below the rectangle (exclusive).
    public var maxY: Int { y + height }
    /// True when the rectangle covers no pixel (a zero or negative side).
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Number of pixels covered (zero when empty).
    public var area: Int { isEmpty ? 0 : width * height }

    /// The overlap, or an empty rect.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                          maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return r.isEmpty ? PixelRect(x: r.x, y: r.y, width: 0, height: 0) : r
    }

    /// Whether the two rectangles share at least one pixel; touching edges share none.
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

    /// The same rectangle moved `dx` pixels right and `dy` down.
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
