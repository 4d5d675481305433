@_exported import PixelGeometry

/// Damage as a short list of rectangles; collapses to the bounding box beyond `limit` rects.
public struct DamageRegion: Hashable, Sendable {
    /// Past this many rects the region becomes their bounding box (keeps damage requests few).
    public static let limit = 16
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rects: [PixelRect]) {
        // One non-empty rect (the usual damage of an input event) is adopted as it is:
        // no copy on the way from an invalidation to the buffer.
        if rects.count == 1 {
            if !rects[0].isEmpty { self.rects = rects }
            return
        }
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
        if rects.isEmpty {
            rects = region.rects
            return
        }
        for rect in region.rects { add(rect) }
    }

    /// The region limited to `rect` (e.g. the buffer bounds); the region itself, sharing its
    /// storage, when it lies inside already.
    public func clipped(to rect: PixelRect) -> DamageRegion {
        if rects.allSatisfy({ rect.contains($0) }) { return self }
        return DamageRegion(rects.map { $0.intersection(rect) })
    }
}
