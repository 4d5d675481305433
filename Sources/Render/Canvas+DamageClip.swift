extension Canvas {
    /// Runs `body` with the canvas's surface clipped to `damage` (itself clipped to the
    /// canvas), the clip region and its extents, and removes the clip after; does nothing
    /// when the damage is empty. How everything painted over a frame keeps to its damage.
    package func withDamageClip(_ damage: [PixelRect], _ body: (_ surface: PixmanSurface, _ region: PixelRegion,
                                                       _ visible: PixelRect) -> Void) {
        let region = damageRegion(damage)
        guard !region.isEmpty else { return }
        surface.setClip(region)
        defer { surface.setClip(nil) }
        body(surface, region, region.extents)
    }

    /// Limits drawing on `surface` to the part of `region` inside `rect`, in `scratch`: pixman
    /// intersects the clip with every composite, and a frame's damage can be hundreds of
    /// boxes, so a small part drawn with several composites gets a clip of its own.
    package func clip(_ surface: PixmanSurface, to region: PixelRegion, within rect: PixelRect, scratch: PixelRegion) {
        scratch.set(region, within: rect)
        surface.setClip(scratch)
    }

    /// Limits drawing on `surface` to the part of `damage` inside `rect`, built in `scratch`
    /// from the damage's rects that meet `rect` (not cut from the whole damage's region, which
    /// full-window crosshair bands split into hundreds of boxes); that part's extents, empty
    /// when it is empty (then no clip is set).
    package func clip(_ surface: PixmanSurface, toDamage damage: [PixelRect], within rect: PixelRect,
              scratch: PixelRegion) -> PixelRect {
        scratch.set(damage, clippedTo: rect.intersection(bounds))
        let extents = scratch.extents
        if !extents.isEmpty { surface.setClip(scratch) }
        return extents
    }

    /// The union of `damage` within the canvas; the same object as the last call's when the
    /// damage is the same, so the region is built once a frame. Not to be changed.
    package func damageRegion(_ damage: [PixelRect]) -> PixelRegion {
        if let last = lastDamage, last.rects == damage { return last.region }
        let region = PixelRegion(damage, clippedTo: bounds)
        lastDamage = (damage, region)
        return region
    }
}
