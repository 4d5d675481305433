public import NodeCore
#if canImport(Glibc)
import Glibc
#endif

/// A touch marker in buffer pixels: the outline of each layer, the label badge and
/// everything's bounding box. Computed the same way for painting and for damage.
struct TouchMarkerLayout {
    /// Translucent inside of the ring: the ring's inner polygon (none when it has no inside).
    var fill: [[FixedPoint]] = []
    /// White band just outside the ring: between the ring's outer polygon and the halo's.
    var halo: [[FixedPoint]] = []
    /// The ring, centered on the contact ellipse: between its inner and outer polygons.
    var ring: [[FixedPoint]] = []
    /// The center dot.
    var dot: [[FixedPoint]] = []
    /// The label's badge, touching the halo at its upper right; nil without a label or font.
    var badge: PixelRect?
    /// The label's font size in pixels.
    var labelPixelSize = 0.0
    /// Every pixel any part of the marker can touch.
    var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
}

extension Renderer {
    /// Buffer pixels a marker covers (ring, halo and label), rounded outwards, clipped to
    /// `bufferBounds`: what to damage when it appears, moves or disappears. Empty for a
    /// marker with a non-finite center.
    public func damageRect(of marker: TouchMarker) -> PixelRect {
        guard let layout = layout(of: marker) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return layout.bounds.intersection(bufferBounds)
    }

    /// Paints markers over whatever is in `canvas`, limited to `damage` (buffer pixels,
    /// clipped to the canvas), in array order, leaving every other pixel untouched.
    ///
    /// Each pixel depends only on its previous value and the markers, never on the rest
    /// of `damage`: repainting a damaged area with `render(damage:into:)` and then this
    /// with the same damage gives, inside it, what a full repaint and full marker
    /// painting give. See `TouchMarkerStyle` for the look.
    public func paintTouchMarkers(_ markers: [TouchMarker], damage: [PixelRect], into canvas: Canvas) {
        guard !markers.isEmpty else { return }
        let fill = PremultipliedColor(TouchMarkerStyle.fillColor)
        let halo = PremultipliedColor(TouchMarkerStyle.haloColor)
        let ring = PremultipliedColor(TouchMarkerStyle.ringColor)
        let text = PremultipliedColor(TouchMarkerStyle.labelColor)
        let surface = canvas.surface, local = PixelRegion()
        defer { surface.setClip(nil) }
        for marker in markers {
            // Each marker clipped to the damage rects near it (a region of the whole damage
            // would be split into hundreds of boxes by the HUD's crosshair bands).
            guard let layout = layout(of: marker) else { continue }
            let visible = canvas.clip(surface, toDamage: damage, within: layout.bounds, scratch: local)
            guard !visible.isEmpty else { continue }
            // Each layer through the coverage of its outline (even-odd: a band's inner
            // polygon is its hole), as one a8 mask of the layer's trapezoids.
            surface.fill(PolygonTrapezoids.trapezoids(of: layout.fill), color: fill)
            surface.fill(PolygonTrapezoids.trapezoids(of: layout.halo), color: halo)
            surface.fill(PolygonTrapezoids.trapezoids(of: layout.ring), color: ring)
            surface.fill(PolygonTrapezoids.trapezoids(of: layout.dot), color: ring)
            if let badge = layout.badge, local.intersects(badge), let glyphs = glyphs() {
                surface.fill(badge, color: ring)
                glyphs.draw(marker.label, pixelSize: layout.labelPixelSize, centeredIn: badge, visible: visible,
                            color: text, on: surface)
            }
        }
    }

    /// Where `marker`'s parts go at this renderer's scale; nil when its center is not
    /// finite or so far away that no canvas could show it. Kept for markers seen lately.
    func layout(of marker: TouchMarker) -> TouchMarkerLayout? {
        if let kept = markerLayouts[marker] { return kept }
        let layout = makeLayout(of: marker)
        // Enough for two frames of many fingers; then forgotten all at once.
        if markerLayouts.count >= 64 { markerLayouts.removeAll(keepingCapacity: true) }
        markerLayouts[marker] = layout
        return layout
    }

    private func makeLayout(of marker: TouchMarker) -> TouchMarkerLayout? {
        let s = scale.factor
        let cx = marker.center.x * s, cy = marker.center.y * s
        // Visible markers have centers within a canvas side plus the largest radius of
        // the canvas; the limit keeps every vertex inside pixman's 16.16 range.
        let limit = 20_000.0
        guard cx.isFinite, cy.isFinite, abs(cx) < limit, abs(cy) < limit else { return nil }
        func radius(_ r: Double) -> Double { r.isFinite ? min(max(r, 0), TouchMarkerStyle.maximumRadius) * s : 0 }
        let rx = radius(marker.radiusX), ry = radius(marker.radiusY)
        let angle = marker.orientation.isFinite ? marker.orientation.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
        let cosA = cos(angle), sinA = sin(angle)
        let halfRing = TouchMarkerStyle.ringWidth * s / 2
        let haloWidth = TouchMarkerStyle.haloWidth * s

        /// The vertices of the ellipse with half-axes `a`, `b` (pixels), turned by the
        /// marker's orientation (clockwise on screen, as y points down).
        func ellipse(_ a: Double, _ b: Double, segments n: Int) -> [FixedPoint] {
            (0..<n).map { i in
                let t = 2 * Double.pi * Double(i) / Double(n)
                let lx = a * cos(t), ly = b * sin(t)
                return FixedPoint(x: cx + lx * cosA - ly * sinA, y: cy + lx * sinA + ly * cosA)
            }
        }

        let ringInner = (max(rx - halfRing, 0), max(ry - halfRing, 0))
        let ringOuter = (rx + halfRing, ry + halfRing)
        let haloOuter = (ringOuter.0 + haloWidth, ringOuter.1 + haloWidth)
        let n = Renderer.segments(forRadius: max(haloOuter.0, haloOuter.1))
        let innerPoints = ellipse(ringInner.0, ringInner.1, segments: n)
        let ringPoints = ellipse(ringOuter.0, ringOuter.1, segments: n)
        let haloPoints = ellipse(haloOuter.0, haloOuter.1, segments: n)
        let dotRadius = TouchMarkerStyle.centerDotRadius * s
        let dotPoints = ellipse(dotRadius, dotRadius, segments: Renderer.segments(forRadius: dotRadius))

        var layout = TouchMarkerLayout()
        if ringInner.0 > 0 && ringInner.1 > 0 {
            layout.fill = [innerPoints]
        }
        layout.ring = [innerPoints, ringPoints]
        layout.halo = [ringPoints, haloPoints]
        layout.dot = [dotPoints]
        layout.bounds = FixedPoint.bounds(of: haloPoints + dotPoints)

        if !marker.label.isEmpty, let glyphs = glyphs() {
            let pixelSize = scale.pixels(TouchMarkerStyle.labelFontSize)
            if let text = glyphs.measure(marker.label, pixelSize: pixelSize), text.width > 0 {
                let padding = Int((TouchMarkerStyle.labelPadding * s).rounded())
                // The halo's bounding box, and the point at 45° up and right on it (for a
                // circle, on the halo itself), where the badge's lower-left corner goes.
                let (a, b) = haloOuter
                let extentX = (a * a * cosA * cosA + b * b * sinA * sinA).squareRoot()
                let extentY = (a * a * sinA * sinA + b * b * cosA * cosA).squareRoot()
                let left = Int((cx + extentX * 0.5.squareRoot()).rounded())
                let bottom = Int((cy - extentY * 0.5.squareRoot()).rounded())
                let badge = PixelRect(x: left, y: bottom - text.height - 2 * padding,
                                      width: text.width + 2 * padding,
                                      height: text.height + 2 * padding)
                layout.badge = badge
                layout.labelPixelSize = pixelSize
                layout.bounds = layout.bounds.union(badge)
            }
        }
        return layout
    }

    /// Polygon segments for an ellipse whose larger half-axis is `radius` pixels, so that
    /// no chord is farther than `TouchMarkerStyle.flatness` from the curve: at least 16,
    /// at most 1024, a multiple of 4 (so the axes' ends are vertices).
    static func segments(forRadius radius: Double) -> Int {
        let flatness = TouchMarkerStyle.flatness
        guard radius > flatness else { return 16 }
        // A chord over angle 2π/n lies radius × (1 − cos(π/n)) inside the circle.
        let n = (Double.pi / acos(1 - flatness / radius)).rounded(.up)
        let clamped = min(max(Int(n), 16), 1024)
        return (clamped + 3) / 4 * 4
    }
}
