/// A location in logical points; origin top-left, y grows down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Straight-line distance, used by tap counting.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in logical points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

/// Per-edge insets; positive values move an edge inwards, negative ones outwards (UIKit).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// An axis-aligned rectangle with half-open containment (`minX <= x < maxX`).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect spanning two corners, whatever their order.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    /// The right edge, outside the rect (containment is half-open).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge, outside the rect.
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// True when the rect has no area (zero or negative width or height, or NaN).
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Half-open containment; an empty rect contains nothing.
    @inline(__always)
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Moves each edge inwards by its inset; negative insets grow the rect.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(minX: minX + insets.left, minY: minY + insets.top,
             maxX: maxX - insets.right, maxY: maxY - insets.bottom)
    }

    /// Grows every edge outwards by `amount`.
    public func outset(by amount: Double) -> Rect {
        inset(by: EdgeInsets(all: -amount))
    }

    /// The overlap of two rects, or `.zero`-sized at the nearer corner when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// Whether the rects overlap with some area; rects that only touch do not.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rect holding both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return Rect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                    maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The same rect moved `dx` points right and `dy` down.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}
