/// The window's tree as last painted, kept offscreen while something is painted over the
/// tree every frame (the pointer-location HUD): a frame copies the pixels it must repaint
/// from the layer, so what only the overlay dirtied (its crosshairs sweep the window at
/// every motion) costs a copy, not a repaint of the nodes there; only what changed in the
/// tree is painted, into the layer. The layer always holds exactly what a full repaint of
/// the tree would, so a frame painted through it does too. Not thread-safe; one per window.
public final class SceneLayer {
    private var layer: Canvas?
    /// Tree damage noted since the layer was last brought up to date.
    private var pending = PendingDamage()

    public init() {}

    /// Whether a layer is kept (between the first `paint` and `discard`).
    public var isActive: Bool { layer != nil }

    /// Notes tree damage (buffer pixels, as `Renderer.damage(for:)` gives it) for the next
    /// `paint`; nothing while no layer is kept (the first `paint` paints it all).
    public func note(_ damage: [PixelRect]) {
        if layer != nil { pending.add(damage) }
    }

    /// Brings the layer up to date — the noted damage painted through `scrollPainter` (which
    /// may move scrolled content within the layer), or everything when the layer is new or
    /// `canvas` has another size — then replaces the pixels of `rects` in `canvas` with the
    /// layer's.
    public func paint(_ rects: [PixelRect], into canvas: Canvas, with renderer: Renderer, scrollPainter: ScrollPainter) {
        let layer: Canvas
        if let kept = self.layer, kept.width == canvas.width, kept.height == canvas.height {
            layer = kept
            scrollPainter.paint(damage: pending.rects, stale: [], previous: nil, into: layer, with: renderer,
                                allowsMoves: !renderer.window.showsTappableAreas)
        } else {
            guard let made = try? Canvas(width: canvas.width, height: canvas.height) else { return }
            layer = made
            self.layer = made
            // Everything is stale in a new layer: nothing in it may be moved.
            scrollPainter.forget(layer)
            scrollPainter.paint(damage: [], stale: [layer.bounds], previous: nil, into: layer, with: renderer)
        }
        pending.clear()
        canvas.surface.copy(canvas.damageRegion(rects), from: layer.surface)
    }

    /// Frees the layer (nothing is painted over the tree any more, or the window changed size).
    public func discard() {
        layer = nil
        pending.clear()
    }
}

/// Damage noted for an offscreen layer until it is next brought up to date.
struct PendingDamage {
    /// Past this many rects they become their bounding box.
    static let limit = 256
    private(set) var rects: [PixelRect] = []

    mutating func add(_ damage: [PixelRect]) {
        guard !damage.isEmpty else { return }
        rects += damage
        if rects.count > Self.limit {
            rects = [rects.reduce(rects[0]) { $0.union($1) }]
        }
    }

    mutating func clear() { rects.removeAll(keepingCapacity: true) }
}
