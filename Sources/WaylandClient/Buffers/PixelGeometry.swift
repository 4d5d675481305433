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

/// A rectangle in buffer pixels (origin top-left).
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

    public init(size: PixelSize) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        let maxX = max(x + width, other.x + other.width), maxY = max(y + height, other.y + other.height)
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(x + width, other.x + other.width), maxY = min(y + height, other.y + other.height)
        return PixelRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y
            && other.x + other.width <= x + width && other.y + other.height <= y + height)
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// Damage as a short list of rectangles; collapses to the bounding box beyond `limit` rects.
public struct DamageRegion: Hashable, Sendable {
    /// Past this many rects the region becomes their bounding box (keeps damage requests few).
    public static let limit = 16
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rects: [PixelRect]) {
        for rect in rects { add(rect) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        if rects.count > Self.limit { rects = [bounds] }
    }

    public mutating func add(_ region: DamageRegion) {
        for rect in region.rects { add(rect) }
    }

    /// The region limited to `rect` (e.g. the buffer bounds).
    public func clipped(to rect: PixelRect) -> DamageRegion {
        DamageRegion(rects.map { $0.intersection(rect) })
    }
}
