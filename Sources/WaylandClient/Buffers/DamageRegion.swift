@_exported public import Geometry

/// Damage as a short list of rectangles: beyond `limit` rects, the two whose bounding box
/// adds the fewest pixels are merged, so damage that is many thin bands across the window
/// (the pointer-location HUD's crosshairs) stays those bands instead of becoming all of it.
public struct DamageRegion: Hashable, Sendable {
    /// Past this many rects the cheapest pair is merged (keeps damage requests few).
    public static let limit = 32
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rects: [PixelRect]) {
        // One non-empty rect (the usual damage of an input event) is adopted as it is:
        // no copy on the way from an invalidation to the buffer.
        if rects.count == 1 {
            if !rects[0].isEmpty { self.rects = rects }
            return
        }
        for rect in rects { _ = insert(rect) }
        if self.rects.count > Self.limit { coalesce() }
    }

    public var isEmpty: Bool { rects.isEmpty }

    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    public mutating func add(_ rect: PixelRect) {
        guard insert(rect) else { return }
        if rects.count > Self.limit { coalesce() }
    }

    /// Empties the region, keeping its storage for the next frame's damage.
    public mutating func removeAll() {
        rects.removeAll(keepingCapacity: true)
    }

    /// Adds `region`'s rects into this region's own storage (never adopting the other's, whose
    /// next change would then copy it), so regions kept from frame to frame allocate nothing.
    public mutating func add(_ region: DamageRegion) {
        var grew = false
        for rect in region.rects { grew = insert(rect) || grew }
        if grew, rects.count > Self.limit { coalesce() }
    }

    /// Adds `rect` unless a rect holds it, dropping the rects it holds; whether it was added.
    private mutating func insert(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty, !rects.contains(where: { $0.contains(rect) }) else { return false }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        return true
    }

    /// Merges rects until at most `limit` remain, each time the pair whose bounding box has
    /// the fewest pixels beyond theirs (the first such pair), dropping the rects a merged
    /// box holds. Each rect's cheapest partner is kept, so this is quadratic in the count,
    /// not cubic; the boxes are plain integers here, as the cost of a pair is asked for
    /// thousands of times when the HUD's crosshairs damage some fifty rects.
    private mutating func coalesce() {
        var boxes = rects.map(Box.init)
        var count = boxes.count
        func cost(_ i: Int, _ j: Int) -> Int {
            let a = boxes[i], b = boxes[j]
            guard a.alive, b.alive else { return .max }
            return (max(a.maxX, b.maxX) - min(a.minX, b.minX)) * (max(a.maxY, b.maxY) - min(a.minY, b.minY)) - a.area - b.area
        }
        func partner(of i: Int) -> (j: Int, cost: Int) {
            var best = (j: i, cost: Int.max)
            for j in boxes.indices where j != i && boxes[j].alive {
                let c = cost(i, j)
                if c < best.cost { best = (j, c) }
            }
            return best
        }
        var partners = boxes.indices.map(partner(of:))
        while count > Self.limit {
            var i = -1
            for k in boxes.indices where boxes[k].alive && (i < 0 || partners[k].cost < partners[i].cost) { i = k }
            let j = partners[i].j
            let merged = boxes[i].union(boxes[j])
            boxes[i] = merged
            for k in boxes.indices where k != i && boxes[k].alive && merged.contains(boxes[k]) {
                boxes[k].alive = false
                count -= 1
            }
            for k in boxes.indices where k != i && boxes[k].alive {
                let old = partners[k].j
                if old == i || !boxes[old].alive {
                    partners[k] = partner(of: k)
                } else {
                    let c = cost(k, i)
                    if c < partners[k].cost { partners[k] = (i, c) }
                }
            }
            partners[i] = partner(of: i)
        }
        rects = boxes.filter(\.alive).map { PixelRect(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) }
    }

    /// A non-empty rect as `coalesce` works on it; `alive` until a merged box holds it.
    private struct Box {
        var minX, minY, maxX, maxY, area: Int
        var alive = true

        init(_ rect: PixelRect) {
            (minX, minY, maxX, maxY, area) = (rect.minX, rect.minY, rect.maxX, rect.maxY, rect.width * rect.height)
        }

        init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            (self.minX, self.minY, self.maxX, self.maxY, area) = (minX, minY, maxX, maxY, (maxX - minX) * (maxY - minY))
        }

        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }

        func contains(_ other: Box) -> Bool {
            other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
        }
    }

    /// The region limited to `rect` (e.g. the buffer bounds); the region itself, sharing its
    /// storage, when it lies inside already.
    public func clipped(to rect: PixelRect) -> DamageRegion {
        if rects.allSatisfy({ rect.contains($0) }) { return self }
        return DamageRegion(rects.map { $0.intersection(rect) })
    }
}
