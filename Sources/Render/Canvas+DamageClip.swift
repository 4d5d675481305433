extension Canvas {
    /// Runs `body` with the canvas's surface clipped to `damage` (itself clipped to the
    /// canvas), the clip region and its extents, and removes the clip after; does nothing
    /// when the damage is empty. How everything painted over a frame keeps to its damage.
    func withDamageClip(_ damage: [PixelRect], _ body: (_ surface: PixmanSurface, _ region: PixelRegion,
                                                       _ visible: PixelRect) -> Void) {
        let region = PixelRegion(damage, clippedTo: bounds)
        guard !region.isEmpty else { return }
        surface.setClip(region)
        defer { surface.setClip(nil) }
        body(surface, region, region.extents)
    }
}
