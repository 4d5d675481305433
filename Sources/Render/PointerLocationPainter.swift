public import NodeCore
public import TouchDiagnostics

/// Paints the pointer-location HUD and the touch inspector over a rendered frame, and
/// says which pixels change between two states so a session repaints only those.
///
/// From the back: every touch's path (since its down), a crosshair through every active
/// touch, each tracked touch's tracking rectangle (green inside, red outside), each active
/// touch's bound-node label, and the bar at the top. A pixel's value depends only on
/// its previous value and the state painted, never on the rest of the damage, so
/// damage-limited painting gives what full painting gives. Not thread-safe.
public final class PointerLocationPainter {
    /// What was last handed to `update`: painted by `paint`, compared by the next `update`.
    private var touches: [PointerLocation.TrackedTouch] = []
    private var items: [TouchInspector.Item] = []
    private var barText: String?
    private var clearCount = 0

    public init() {}

    /// Whether anything is shown.
    public var isShowing: Bool { barText != nil }

    /// Takes `hud` (nil hides everything) and `inspector` as the state to paint and returns
    /// the buffer pixels that differ from the previous state's painting.
    public func update(hud: PointerLocation?, inspector: [TouchInspector.Item], renderer: Renderer) -> [PixelRect] {
        var damage: [PixelRect] = []
        let newTouches = hud?.touches ?? []
        let newItems = hud == nil ? [] : inspector
        let newBar = hud?.barText
        let cleared = hud.map { $0.clearCount != clearCount } ?? false

        if newBar != barText { damage.append(barRect(renderer)) }

        // Paths: a path that grew damages its new segments only; one that was replaced,
        // cut, cleared or dropped damages all of its old and new extent.
        for touch in newTouches {
            if !cleared, let old = touches.first(where: { $0.serial == touch.serial }), old.path.count <= touch.path.count {
                for i in max(old.path.count, 1)..<max(touch.path.count, 1) {
                    damage.append(segmentRect(touch.path[i - 1], touch.path[i], renderer))
                }
            } else {
                damage.append(pathRect(touch.path, renderer))
            }
        }
        for old in touches where cleared || !newTouches.contains(where: { $0.serial == old.serial && $0.path.count >= old.path.count }) {
            damage.append(pathRect(old.path, renderer))
        }

        // Crosshairs of active touches.
        let oldCrosses = touches.filter(\.isDown).map { ($0.id, $0.location) }
        let newCrosses = newTouches.filter(\.isDown).map { ($0.id, $0.location) }
        for (id, p) in oldCrosses where !newCrosses.contains(where: { $0.0 == id && $0.1 == p }) { damage += crosshairRects(p, renderer) }
        for (id, p) in newCrosses where !oldCrosses.contains(where: { $0.0 == id && $0.1 == p }) { damage += crosshairRects(p, renderer) }

        // Inspector labels and tracking outlines.
        for old in items where !newItems.contains(old) { damage += itemRects(old, renderer) }
        for item in newItems where !items.contains(item) { damage += itemRects(item, renderer) }

        touches = newTouches
        items = newItems
        barText = newBar
        if let hud { clearCount = hud.clearCount }
        return damage.compactMap { r in
            let clipped = r.intersection(renderer.bufferBounds)
            return clipped.isEmpty ? nil : clipped
        }
    }

    /// Paints the current state over `canvas`, limited to `damage` (buffer pixels).
    public func paint(damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        guard barText != nil else { return }
        let region = PixelRegion(damage, clippedTo: canvas.bounds)
        guard !region.isEmpty else { return }
        let visible = region.extents
        let surface = canvas.surface
        surface.setClip(region)
        defer { surface.setClip(nil) }
        let s = Double(renderer.scale)

        // Paths: all edges of a path, then its core, both opaque, so overlaps never blend.
        let edge = PremultipliedColor(DiagnosticsStyle.pathEdgeColor)
        for touch in touches {
            let core = PremultipliedColor(DiagnosticsStyle.color(for: touch.id))
            let coreWidth = DiagnosticsStyle.pathWidth * s
            let edgeWidth = coreWidth + 2 * DiagnosticsStyle.pathEdgeWidth * s
            var edges: [PixelRect] = [], cores: [PixelRect] = []
            forEachSegment(of: touch.path, renderer: renderer, visible: visible) { a, b in
                Self.squares(from: a, to: b, width: edgeWidth, into: &edges)
                Self.squares(from: a, to: b, width: coreWidth, into: &cores)
            }
            surface.fill(edges, color: edge)
            surface.fill(cores, color: core)
        }

        // Crosshairs.
        let crossEdge = PremultipliedColor(DiagnosticsStyle.crosshairEdgeColor)
        for touch in touches where touch.isDown {
            let p = touch.location
            surface.fill(crosshairBands(p, width: DiagnosticsStyle.crosshairEdgeWidth, renderer), color: crossEdge)
            surface.fill(crosshairBands(p, width: DiagnosticsStyle.crosshairWidth, renderer),
                         color: PremultipliedColor(DiagnosticsStyle.color(for: touch.id)))
        }

        // Tracking rectangles, then labels.
        for item in items {
            guard let tracking = item.tracking else { continue }
            let outline = DiagnosticsStyle.trackingOutlineWidth, dark = DiagnosticsStyle.trackingEdgeWidth
            surface.fill(outlineBands(tracking.rect, inset: 0, width: outline, renderer),
                         color: PremultipliedColor(tracking.inside ? DiagnosticsStyle.trackingInsideColor
                                                                   : DiagnosticsStyle.trackingOutsideColor))
            surface.fill(outlineBands(tracking.rect, inset: outline, width: dark, renderer),
                         color: PremultipliedColor(DiagnosticsStyle.trackingEdgeColor))
        }
        let box = PremultipliedColor(DiagnosticsStyle.boxColor)
        let text = PremultipliedColor(DiagnosticsStyle.textColor)
        for item in items {
            guard let (badge, textRect) = label(of: item, renderer), region.intersects(badge) else { continue }
            surface.fill(badge, color: box)
            renderer.glyphs()?.draw(item.text, pixelSize: fontPixels(renderer), centeredIn: textRect,
                                    visible: visible, color: text, on: surface)
        }

        // The bar.
        if let barText {
            let bar = barRect(renderer)
            guard region.intersects(bar) else { return }
            surface.fill(bar, color: box)
            renderer.paintText(barText, leftAlignedIn: bar, fontSize: DiagnosticsStyle.fontSize,
                               padding: DiagnosticsStyle.textPadding, visible: visible, color: text, on: surface)
        }
    }

    // MARK: Geometry (buffer pixels)

    private func fontPixels(_ renderer: Renderer) -> Double {
        renderer.scale.pixels(DiagnosticsStyle.fontSize)
    }

    private func barRect(_ renderer: Renderer) -> PixelRect {
        PixelRect(snapping: Rect(x: 0, y: 0, width: renderer.window.size.width, height: DiagnosticsStyle.barHeight),
                  scale: renderer.scale)
    }

    /// The vertical and horizontal band of `width` points centered on `p`, across the window.
    private func crosshairBands(_ p: Point, width: Double, _ renderer: Renderer) -> [PixelRect] {
        let size = renderer.window.size
        let vertical = PixelRect(snapping: Rect(x: p.x - width / 2, y: 0, width: width, height: size.height), scale: renderer.scale)
        var horizontal = PixelRect(snapping: Rect(x: 0, y: p.y - width / 2, width: size.width, height: width), scale: renderer.scale)
        // The bands must not overlap (one fill): the horizontal one is split around the vertical.
        guard vertical.intersects(horizontal) else { return [vertical, horizontal] }
        let right = PixelRect(minX: vertical.maxX, minY: horizontal.minY, maxX: horizontal.maxX, maxY: horizontal.maxY)
        horizontal = PixelRect(minX: horizontal.minX, minY: horizontal.minY, maxX: vertical.minX, maxY: horizontal.maxY)
        return [vertical, horizontal, right].filter { !$0.isEmpty }
    }

    private func crosshairRects(_ p: Point, _ renderer: Renderer) -> [PixelRect] {
        let w = DiagnosticsStyle.crosshairEdgeWidth + 2 / Double(renderer.scale)
        let size = renderer.window.size
        return [PixelRect(covering: Rect(x: p.x - w / 2, y: 0, width: w, height: size.height), scale: renderer.scale),
                PixelRect(covering: Rect(x: 0, y: p.y - w / 2, width: size.width, height: w), scale: renderer.scale)]
    }

    /// The four bands `width` points wide, `inset` points inside `rect`'s edges (not overlapping).
    private func outlineBands(_ rect: Rect, inset: Double, width: Double, _ renderer: Renderer) -> [PixelRect] {
        let outer = PixelRect(snapping: rect.inset(by: EdgeInsets(all: inset)), scale: renderer.scale)
        let inner = PixelRect(snapping: rect.inset(by: EdgeInsets(all: inset + width)), scale: renderer.scale)
        guard !outer.isEmpty else { return [] }
        guard !inner.isEmpty else { return [outer] }
        return [PixelRect(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: inner.minY),
                PixelRect(minX: outer.minX, minY: inner.maxY, maxX: outer.maxX, maxY: outer.maxY),
                PixelRect(minX: outer.minX, minY: inner.minY, maxX: inner.minX, maxY: inner.maxY),
                PixelRect(minX: inner.maxX, minY: inner.minY, maxX: outer.maxX, maxY: inner.maxY)].filter { !$0.isEmpty }
    }

    private func itemRects(_ item: TouchInspector.Item, _ renderer: Renderer) -> [PixelRect] {
        var rects: [PixelRect] = []
        if let (badge, _) = label(of: item, renderer) { rects.append(badge) }
        if let tracking = item.tracking {
            rects += outlineBands(tracking.rect, inset: 0,
                                  width: DiagnosticsStyle.trackingOutlineWidth + DiagnosticsStyle.trackingEdgeWidth, renderer)
        }
        return rects
    }

    /// An inspector label's box and the rect its text is centered in.
    private func label(of item: TouchInspector.Item, _ renderer: Renderer) -> (PixelRect, PixelRect)? {
        let s = Double(renderer.scale)
        let x = (item.location.x + DiagnosticsStyle.labelOffset.x) * s, y = (item.location.y + DiagnosticsStyle.labelOffset.y) * s
        guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6,
              let size = renderer.glyphs()?.measure(item.text, pixelSize: fontPixels(renderer)) else { return nil }
        let pad = Int((DiagnosticsStyle.textPadding * s).rounded())
        let text = PixelRect(x: Int(x.rounded()) + pad, y: Int(y.rounded()) + pad, width: size.width, height: size.height)
        return (PixelRect(minX: text.minX - pad, minY: text.minY - pad, maxX: text.maxX + pad, maxY: text.maxY + pad), text)
    }

    /// Every pixel a path segment from `a` to `b` (points) can touch.
    private func segmentRect(_ a: Point, _ b: Point, _ renderer: Renderer) -> PixelRect {
        let r = DiagnosticsStyle.pathWidth / 2 + DiagnosticsStyle.pathEdgeWidth + 1 / Double(renderer.scale)
        return PixelRect(covering: Rect(minX: min(a.x, b.x) - r, minY: min(a.y, b.y) - r,
                                        maxX: max(a.x, b.x) + r, maxY: max(a.y, b.y) + r), scale: renderer.scale)
    }

    private func pathRect(_ path: [Point], _ renderer: Renderer) -> PixelRect {
        guard var lo = path.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var hi = lo
        for p in path where p.x.isFinite && p.y.isFinite {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return segmentRect(lo, hi, renderer)
    }

    /// Calls `body` with each segment of `path` (buffer pixels) whose extent meets `visible`;
    /// a one-point path is a segment from the point to itself.
    private func forEachSegment(of path: [Point], renderer: Renderer, visible: PixelRect,
                                _ body: (Point, Point) -> Void) {
        let s = Double(renderer.scale)
        let margin = (DiagnosticsStyle.pathWidth / 2 + DiagnosticsStyle.pathEdgeWidth) * s + 1
        let minX = Double(visible.minX) - margin, maxX = Double(visible.maxX) + margin
        let minY = Double(visible.minY) - margin, maxY = Double(visible.maxY) + margin
        var previous: Point?
        for point in path {
            let p = Point(x: point.x * s, y: point.y * s)
            guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e6, abs(p.y) < 1e6 else { previous = nil; continue }
            let a = previous ?? p
            previous = p
            if max(a.x, p.x) < minX || min(a.x, p.x) > maxX || max(a.y, p.y) < minY || min(a.y, p.y) > maxY { continue }
            body(a, p)
        }
    }

    /// Squares `width` pixels wide centered on points one pixel apart from `a` to `b`.
    static func squares(from a: Point, to b: Point, width: Double, into rects: inout [PixelRect]) {
        let steps = max(Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)), 1)
        let half = max(width, 1) / 2
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let cx = a.x + (b.x - a.x) * t, cy = a.y + (b.y - a.y) * t
            rects.append(PixelRect(minX: roundedInteger(cx - half), minY: roundedInteger(cy - half),
                                   maxX: roundedInteger(cx + half), maxY: roundedInteger(cy + half)))
        }
    }
}

extension Renderer {
    /// Draws `text` on one line in `rect`, `padding` points from its left edge and centered
    /// vertically, clipped to `rect ∩ visible`, in the label font at `fontSize` points.
    func paintText(_ text: String, leftAlignedIn rect: PixelRect, fontSize: Double, padding: Double,
                   visible: PixelRect, color: PremultipliedColor, on surface: PixmanSurface) {
        let pixelSize = scale.pixels(fontSize)
        guard let glyphs = glyphs(), let size = glyphs.measure(text, pixelSize: pixelSize) else { return }
        let left = rect.minX + Int((padding * Double(scale)).rounded())
        let box = PixelRect(x: left, y: rect.minY, width: min(size.width, max(rect.maxX - left, 0)), height: rect.height)
        glyphs.draw(text, pixelSize: pixelSize, centeredIn: box, visible: visible.intersection(rect), color: color, on: surface)
    }
}
