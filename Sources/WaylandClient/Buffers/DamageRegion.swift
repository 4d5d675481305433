@_exported import PixelGeometry

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

    public mutating func add(_ region: DamageRegion) {
        if rects.isEmpty {
            rects = region.rects
            return
        }
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
    /// not cubic.
    private mutating func coalesce() {
        var boxes: [PixelRect?] = rects
        var count = boxes.count
        func cost(_ i: Int, _ j: Int) -> Int {
            guard let a = boxes[i], let b = boxes[j] else { return .max }
            return a.union(b).area - a.area - b.area
        }
        func partner(of i: Int) -> (j: Int, cost: Int) {
            var best = (j: i, cost: Int.max)
            for j in boxes.indices where j != i && boxes[j] != nil {
                let c = cost(i, j)
                if c < best.cost { best = (j, c) }
            }
            return best
        }
        var partners = boxes.indices.map(partner(of:))
        while count > Self.limit {
            var i = -1
            for k in boxes.indices where boxes[k] != nil && (i < 0 || partners[k].cost < partners[i].cost) { i = k }
            let j = partners[i].j
            let merged = boxes[i]!.union(boxes[j]!)
            boxes[i] = merged
            for k in boxes.indices where k != i {
                if let box = boxes[k], merged.contains(box) {
                    boxes[k] = nil
                    count -= 1
                }
            }
            for k in boxes.indices where k != i && boxes[k] != nil {
                let old = partners[k].j
                if old == i || boxes[old] == nil {
                    partners[k] = partner(of: k)
                } else {
                    let c = cost(k, i)
                    if c < partners[k].cost { partners[k] = (i, c) }
                }
            }
            partners[i] = partner(of: i)
        }
        rects = boxes.compactMap { $0 }
    }

    /// The region limited to `rect` (e.g. the buffer bounds); the region itself, sharing its
    /// storage, when it lies inside already.
    public func clipped(to rect: PixelRect) -> DamageRegion {
        if rects.allSatisfy({ rect.contains($0) }) { return self }
        return DamageRegion(rects.map { $0.intersection(rect) })
    }
}
