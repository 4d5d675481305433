/// An offscreen canvas kept from frame to frame with the damage noted against it since it
/// was last brought up to date: what `SceneLayer` and `UnderlayLayer` keep.
package struct KeptCanvas {
    package private(set) var canvas: Canvas?
    private var pending = PendingDamage()

    package init() {}

    /// Notes damage for the next `take`; nothing while no canvas is kept (a new one is stale whole).
    package mutating func note(_ damage: [PixelRect]) {
        if canvas != nil { pending.add(damage) }
    }

    /// The kept canvas and the damage noted since, when it is `width` × `height`; else a new
    /// canvas, stale whole (`isNew`); nil, keeping nothing, when none can be made.
    package mutating func take(width: Int, height: Int) -> (canvas: Canvas, stale: [PixelRect], isNew: Bool)? {
        defer { pending.clear() }
        if let kept = canvas, kept.width == width, kept.height == height { return (kept, pending.rects, false) }
        canvas = try? Canvas(width: width, height: height)
        return canvas.map { ($0, [$0.bounds], true) }
    }

    package mutating func discard() {
        canvas = nil
        pending.clear()
    }
}

/// Damage noted for an offscreen layer until it is next brought up to date.
package struct PendingDamage {
    /// Past this many rects they become their bounding box.
    package static let limit = 256
    private(set) var rects: [PixelRect] = []

    package mutating func add(_ damage: [PixelRect]) {
        guard !damage.isEmpty else { return }
        rects += damage
        if rects.count > Self.limit {
            rects = [rects.reduce(rects[0]) { $0.union($1) }]
        }
    }

    package mutating func clear() { rects.removeAll(keepingCapacity: true) }
}
