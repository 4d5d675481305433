import Render
import NodeCore

/// The bounds of a HUD path's points in runs of `size`, kept as the path grows: a frame's
/// damage meets few runs of a long path, and the rest are passed over without looking at
/// their points (`PointerLocationPainter.paintUnderlay`).
struct PathChunks {
    static let size = 16
    /// The path this was built for: its first point, the model's clear count then, and how
    /// many points were bounded.
    private var first: Point?
    private var clearCount = 0
    private(set) var count = 0
    /// Per full run `k`: the finite points `k * size - 1 ..< (k + 1) * size` (the point
    /// before the run too, where its first segment starts); empty when none are finite.
    private(set) var bounds: [(low: Point, high: Point)?] = []

    /// Brings the bounds up to `path`: extended when it only grew, else built anew (a new,
    /// cleared — `clearCount` changed — or halved path).
    mutating func update(_ path: [Point], clearCount: Int) {
        if path.count < count || path.first != first || clearCount != self.clearCount {
            self = PathChunks()
            first = path.first
            self.clearCount = clearCount
        }
        while (bounds.count + 1) * Self.size <= path.count {
            let start = bounds.count * Self.size
            var box: (low: Point, high: Point)?
            for p in path[max(start - 1, 0) ..< start + Self.size] where p.x.isFinite && p.y.isFinite {
                box = box.map { (Point(x: min($0.low.x, p.x), y: min($0.low.y, p.y)),
                                 Point(x: max($0.high.x, p.x), y: max($0.high.y, p.y))) } ?? (p, p)
            }
            bounds.append(box)
        }
        count = bounds.count * Self.size
    }
}
