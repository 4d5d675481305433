/// The window's tree as last painted, kept offscreen while something is painted over the
/// tree every frame (the pointer-location HUD): a frame copies the pixels it must repaint
/// from the layer, so what only the overlay dirtied (its crosshairs sweep the window at
/// every motion) costs a copy, not a repaint of the nodes there; only what changed in the
/// tree is painted, into the layer. The layer always holds exactly what a full repaint of
/// the tree would, so a frame painted through it does too. Not thread-safe; one per window.
public final class SceneLayer {
    /// The layer and the tree damage noted since it was last brought up to date.
    private var kept = KeptCanvas()

    public init() {}

    /// Whether a layer is kept (between the first `paint` and `discard`).
    public var isActive: Bool { kept.canvas != nil }

    /// Notes tree damage (buffer pixels, as `Renderer.damage(for:)` gives it) for the next
    /// `paint`; nothing while no layer is kept (the first `paint` paints it all).
    public func note(_ damage: [PixelRect]) {
        kept.note(damage)
    }

    /// Brings the layer up to date — the noted damage painted through `scrollPainter` (which
    /// may move scrolled content within the layer), or everything when the layer is new or
    /// `canvas` has another size — then replaces the pixels of `rects` in `canvas` with the
    /// layer's.
    public func paint(_ rects: [PixelRect], into canvas: Canvas, with renderer: Renderer, scrollPainter: ScrollPainter) {
        guard let (layer, noted, isNew) = kept.take(width: canvas.width, height: canvas.height) else { return }
        if isNew {
            // Everything is stale in a new layer: nothing in it may be moved.
            scrollPainter.forget(layer)
            scrollPainter.paint(damage: [], stale: noted, previous: nil, into: layer, with: renderer)
        } else {
            scrollPainter.paint(damage: noted, stale: [], previous: nil, into: layer, with: renderer,
                                allowsMoves: !renderer.window.showsTappableAreas)
        }
        canvas.surface.copy(canvas.damageRegion(rects), from: layer.surface)
    }

    /// Frees the layer (nothing is painted over the tree any more, or the window changed size).
    public func discard() {
        kept.discard()
    }
}
