/// The tree with what lies between it and the touch markers (the HUD's paths) painted over
/// it, kept offscreen while the HUD shows: a path grows by a segment a frame, painted here
/// once, and a frame copies the pixels it must repaint from this layer and paints only the
/// markers and what lies over them. The tree comes from a `SceneLayer`. The layer always
/// holds exactly what a full repaint of the tree and the underlay would. Not thread-safe;
/// one per window.
public final class UnderlayLayer {
    /// The layer and the tree and underlay damage noted since it was last brought up to date.
    private var kept = KeptCanvas()

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
    /// layer's. `underlay` paints over the canvas it is given, within the damage it is given.
    public func paint(_ rects: [PixelRect], into canvas: Canvas, scene: SceneLayer, renderer: Renderer,
                      scrollPainter: ScrollPainter, underlay: (_ damage: [PixelRect], _ canvas: Canvas) -> Void) {
        guard let (layer, stale, _) = kept.take(width: canvas.width, height: canvas.height) else { return }
        scene.paint(stale, into: layer, with: renderer, scrollPainter: scrollPainter)
        underlay(stale, layer)
        canvas.surface.copy(canvas.damageRegion(rects), from: layer.surface)
    }

    /// Frees the layer (nothing lies under the markers any more, or the window changed size).
    public func discard() {
        kept.discard()
    }
}
