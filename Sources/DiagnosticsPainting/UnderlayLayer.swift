public import Render
/// The tree with what lies between it and the touch markers (the HUD's paths and tracking
/// outlines) painted over it, kept offscreen while the HUD shows: a path grows by a segment
/// a frame, painted here once, and a frame copies the pixels it must repaint from this
/// layer and paints only the markers and what lies over them. The tree comes from a `SceneLayer`. The layer always
/// holds exactly what a full repaint of the tree and the underlay would. Not thread-safe;
/// one per window.
public final class UnderlayLayer {
    /// The layer and the tree and underlay damage noted since it was last brought up to date.
    private var kept = KeptCanvas()
    /// The part of a frame's damage copied from the layer, reused from frame to frame.
    private let restored = PixelRegion()

    public init() {}

    /// Whether a layer is kept (between the first `paint` and `discard`).
    public var isActive: Bool { kept.canvas != nil }

    /// Notes damage to the tree or the underlay (buffer pixels) for the next `paint`; nothing
    /// while no layer is kept (the first `paint` paints it all).
    public func note(_ damage: [PixelRect]) {
        kept.note(damage)
    }

    /// Brings the layer up to date — the noted damage copied from `scene` (itself brought up
    /// to date) and `underlay` painted over it there, or everything when the layer is new or
    /// `canvas` has another size — then replaces the pixels of `rects` in `canvas` with the
    /// layer's, except where a band of `rects` is crossed along its length by one of `covered`
    /// (what the frame paints next over whatever lies under: the HUD's crosshairs). `underlay` paints over the
    /// canvas it is given, within the damage it is given.
    public func paint(_ rects: [PixelRect], covered: [PixelRect] = [], into canvas: Canvas, scene: SceneLayer,
                      renderer: Renderer, scrollPainter: ScrollPainter,
                      underlay: (_ damage: [PixelRect], _ canvas: Canvas) -> Void) {
        guard let (layer, stale, _) = kept.take(width: canvas.width, height: canvas.height) else { return }
        scene.paint(stale, into: layer, with: renderer, scrollPainter: scrollPainter)
        underlay(stale, layer)
        // Long thin rects (crosshair bands) row by row, each whole: in one region with the
        // rest they would split it into hundreds of boxes. The rest as one region.
        // Bands that meet side by side (a frame's and the stale ones) join first, so no pixel is
        // copied twice.
        var compact: [PixelRect] = [], bands: [PixelRect] = []
        for rect in rects {
            let r = rect.intersection(canvas.bounds)
            guard !r.isEmpty else { continue }
            if Self.isBand(r) { Self.add(r, to: &bands) } else { compact.append(r) }
        }
        for band in bands {
            for part in Self.uncovered(band, by: covered) { canvas.copyPixels(into: part, from: layer, movedBy: 0, dy: 0) }
        }
        restored.set(compact, clippedTo: canvas.bounds)
        canvas.surface.copy(restored, from: layer.surface)
    }

    /// Adds `rect` to `rects`, joined with each rect whose union with it is exactly the two
    /// (the same span one way, meeting the other way; or one holding the other).
    static func add(_ rect: PixelRect, to rects: inout [PixelRect]) {
        var joined = rect
        var i = 0
        while i < rects.count {
            let other = rects[i]
            let sameColumns = other.minX == joined.minX && other.maxX == joined.maxX
                && other.minY <= joined.maxY && joined.minY <= other.maxY
            let sameRows = other.minY == joined.minY && other.maxY == joined.maxY
                && other.minX <= joined.maxX && joined.minX <= other.maxX
            if sameColumns || sameRows || other.contains(joined) || joined.contains(other) {
                joined = joined.union(other)
                rects.remove(at: i)
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(joined)
    }

    /// `band` less the rects of `covered` that cross it along its length (a moved crosshair's
    /// band less the new one's), in at most a few long parts.
    static func uncovered(_ band: PixelRect, by covered: [PixelRect]) -> [PixelRect] {
        var parts = [band]
        for cover in covered {
            parts = parts.flatMap { part -> [PixelRect] in
                let spans = part.width >= part.height ? cover.minX <= part.minX && cover.maxX >= part.maxX
                                                      : cover.minY <= part.minY && cover.maxY >= part.maxY
                return spans ? part.subtracting(cover) : [part]
            }
        }
        return parts
    }

    /// Whether `rect` is a band at most 16 pixels thin and 8 times as long.
    static func isBand(_ rect: PixelRect) -> Bool {
        let thin = min(rect.width, rect.height)
        return thin <= 16 && max(rect.width, rect.height) >= 8 * thin
    }

    /// Frees the layer (nothing lies under the markers any more, or the window changed size).
    public func discard() {
        kept.discard()
    }
}
