public import Render
import NodeCore
public import TouchDiagnostics

/// Paints the pointer-location HUD and the touch inspector over a rendered frame, and
/// says which pixels change between two states so a session repaints only those.
///
/// From the back: every touch's path (since its down) over the tree, and each tracked
/// touch's tracking rectangle (green inside, red outside), under the touch markers
/// (`paintUnderlay`); then, over the markers (`paint`), each active touch's bound-node
/// label, the bar at the top, and a crosshair through every active touch over all of it
/// (a live window may show the crosshairs in subsurfaces instead, `crosshairsShownElsewhere`,
/// which lie over everything it paints: the same picture, behaviour.md §13). Paths and
/// outlines lie under the markers so that a session keeps them with the tree in one layer
/// (`UnderlayLayer`): a frame paints only the newest segment of each path and no outline
/// that did not change, and a marker, the live contact, shows over its own trail. A
/// pixel's value depends only on its previous value and the state painted, never on the
/// rest of the damage, so damage-limited painting gives what full painting gives. Not
/// thread-safe.
public final class PointerLocationPainter {
    /// What the last `update` saw of a touch: enough to tell what changed, without holding
    /// on to its path (which would make the model copy the path on its next append).
    private struct Shown {
        var id: TouchID
        var serial: Int
        var pathCount: Int
        /// The extent of the path's points, in window points.
        var low: Point
        var high: Point
        var location: Point
        var isDown: Bool
    }

    private var shown: [Shown] = []
    /// An inspector label: its box and the rect its text is centered in (buffer pixels), and its text.
    private typealias Label = (box: PixelRect, text: PixelRect, string: String)
    private var items: [TouchInspector.Item] = []
    /// Each of `items`' labels: its box, the rect its text is centered in, and its text.
    private var labels: [Label?] = []
    private var barText: String?
    /// The width of `barText` as drawn (pixels), when it was measured.
    private var barTextWidth: Int?
    private var clearCount = 0
    /// Label sizes by text, for the current font size: labels are measured in every
    /// update and paint, and mostly keep their text.
    private var labelSizes: [String: (width: Int, height: Int)] = [:]
    private var labelSizesPixelSize = 0.0
    /// Each label's picture by text, at `labelImagesScale` (`labelImage`).
    private var labelImages: [String: Canvas] = [:]
    private var labelImagesScale: RenderScale?
    /// Each path's run bounds, by touch serial, for `paintPaths`.
    private var pathChunks: [Int: PathChunks] = [:]

    public init() {}

    /// Whether the window shows the crosshairs itself (`crosshairLines`, subsurfaces): `update`
    /// and `paint` then leave them out. `update` reads it, and `paint` follows that `update`.
    public var crosshairsShownElsewhere = false
    /// `crosshairsShownElsewhere` as the latest `update` read it.
    private var crosshairsWereElsewhere = false

    /// Whether anything is shown.
    public var isShowing: Bool { barText != nil }

    /// The part of the latest `update`'s damage that lies under the markers (`paintUnderlay`):
    /// paths and tracking outlines.
    public private(set) var underlayDamage: [PixelRect] = []

    /// The pixels that `paint`, given the latest `update`'s state, covers opaquely (the
    /// crosshairs): a frame need not restore what lies under them before painting it.
    public private(set) var opaqueCover: [PixelRect] = []

    /// Compares `hud` (nil hides everything) and `inspector` with what the previous call
    /// was given, and returns the buffer pixels whose painting differs.
    public func update(hud: PointerLocation?, inspector: [TouchInspector.Item], renderer: Renderer) -> [PixelRect] {
        var damage: [PixelRect] = [], underlay: [PixelRect] = []
        let newItems = hud == nil ? [] : inspector
        let newBar = hud?.barText
        let cleared = hud.map { $0.clearCount != clearCount } ?? false
        let newBarWidth = newBar == barText ? barTextWidth
            : newBar.flatMap { renderer.glyphs()?.measure($0, pixelSize: fontPixels(renderer))?.width }
        if newBar != barText {
            // Text for text, only where either is drawn: the rest of the bar stays as it was.
            if barText != nil, newBar != nil, let old = barTextWidth, let new = newBarWidth {
                damage.append(renderer.textBox(width: max(old, new), leftAlignedIn: barRect(renderer),
                                               padding: DiagnosticsStyle.textPadding))
            } else {
                damage.append(barRect(renderer))
            }
        }

        // Paths: a path that grew damages its new segments only; one that was replaced,
        // cut, cleared or dropped damages all of its old and new extent.
        var next: [Shown] = []
        for touch in hud?.touches ?? [] {
            let path = touch.path
            if !cleared, let old = shown.first(where: { $0.serial == touch.serial }), old.pathCount <= path.count {
                var entry = old
                for i in max(old.pathCount, 1)..<max(path.count, 1) {
                    underlay.append(segmentRect(path[i - 1], path[i], renderer))
                    entry.low = Point(x: min(entry.low.x, path[i].x), y: min(entry.low.y, path[i].y))
                    entry.high = Point(x: max(entry.high.x, path[i].x), y: max(entry.high.y, path[i].y))
                }
                entry.pathCount = path.count
                entry.location = touch.location
                entry.isDown = touch.isDown
                next.append(entry)
            } else {
                var entry = Shown(id: touch.id, serial: touch.serial, pathCount: path.count, low: touch.location,
                                  high: touch.location, location: touch.location, isDown: touch.isDown)
                for p in path where p.x.isFinite && p.y.isFinite {
                    entry.low = Point(x: min(entry.low.x, p.x), y: min(entry.low.y, p.y))
                    entry.high = Point(x: max(entry.high.x, p.x), y: max(entry.high.y, p.y))
                }
                underlay.append(segmentRect(entry.low, entry.high, renderer))
                next.append(entry)
            }
        }
        for old in shown where cleared || !next.contains(where: { $0.serial == old.serial && $0.pathCount >= old.pathCount }) {
            underlay.append(segmentRect(old.low, old.high, renderer))
        }

        // Crosshairs of active touches: a moved one damages its old and new bands, one band
        // each way where they meet (fewer, longer rects for the compositor and the copy).
        func moved(from a: Shown, to b: Shown) -> Bool { !(a.isDown && b.isDown && a.id == b.id && a.location == b.location) }
        let elsewhere = crosshairsShownElsewhere, switched = elsewhere != crosshairsWereElsewhere
        // Switched to or from the window's subsurfaces: every crosshair painted before or now changes.
        let goneCrosshairs = shown.filter { old in
            !crosshairsWereElsewhere && old.isDown && (switched || next.allSatisfy { moved(from: old, to: $0) })
        }
        var newCrosshairs = next.filter { new in
            !elsewhere && new.isDown && (switched || shown.allSatisfy { moved(from: $0, to: new) })
        }
        for old in goneCrosshairs {
            let bands = crosshairRects(old.location, renderer)
            guard let i = newCrosshairs.firstIndex(where: { $0.id == old.id && $0.serial == old.serial }) else {
                damage += bands
                continue
            }
            let newBands = crosshairRects(newCrosshairs.remove(at: i).location, renderer)
            // Vertical with vertical, horizontal with horizontal, where both show.
            guard bands.count == 2, newBands.count == 2 else {
                damage += bands + newBands
                continue
            }
            damage += Self.joined(bands[0], newBands[0]) + Self.joined(bands[1], newBands[1])
        }
        for new in newCrosshairs { damage += crosshairRects(new.location, renderer) }

        // Inspector labels (text and place) and tracking outlines (rect and inside) apart: a
        // label follows its touch every frame, an outline changes only when its state does.
        let newLabels = newItems.map { label(of: $0, renderer) }
        var added = newItems.indices.filter { j in !items.contains { Self.sameLabel($0, newItems[j]) } }
        for i in items.indices where !newItems.contains(where: { Self.sameLabel($0, items[i]) }) {
            guard let old = labels[i] else { continue }
            if let k = added.firstIndex(where: { newItems[$0].touchID == items[i].touchID }), let new = newLabels[added[k]] {
                damage += Self.joined(old.box, new.box)
                added.remove(at: k)
            } else {
                damage.append(old.box)
            }
        }
        for j in added { if let new = newLabels[j] { damage.append(new.box) } }
        // Outlines as a multiset: the same outline twice is painted twice (its dark band blends).
        var newOutlines = newItems.compactMap(\.tracking), changedOutlines: [(rect: Rect, inside: Bool)] = []
        for old in items.compactMap(\.tracking) {
            if let i = newOutlines.firstIndex(where: { $0.rect == old.rect && $0.inside == old.inside }) {
                newOutlines.remove(at: i)
            } else {
                changedOutlines.append(old)
            }
        }
        for outline in changedOutlines + newOutlines {
            underlay += outlineBands(outline.rect, inset: 0,
                                     width: DiagnosticsStyle.trackingOutlineWidth + DiagnosticsStyle.trackingEdgeWidth, renderer)
        }

        shown = next
        crosshairsWereElsewhere = elsewhere
        items = newItems
        labels = newLabels
        barText = newBar
        barTextWidth = newBarWidth
        if let hud { clearCount = hud.clearCount }
        func clipped(_ rects: [PixelRect]) -> [PixelRect] {
            rects.compactMap { r in
                let clipped = r.intersection(renderer.bufferBounds)
                return clipped.isEmpty ? nil : clipped
            }
        }
        underlayDamage = clipped(underlay)
        opaqueCover = elsewhere ? [] : clipped(next.filter(\.isDown).flatMap { crosshairRects($0.location, renderer) })
        return underlayDamage + clipped(damage)
    }

    /// Paints what lies under the touch markers — `hud`'s paths, then `inspector`'s tracking
    /// outlines: the state last given to `update` (or a later one, whose own damage the next
    /// `update` returns) — over `canvas`, limited to `damage` (buffer pixels). Nothing when
    /// `hud` is nil.
    public func paintUnderlay(hud: PointerLocation?, inspector: [TouchInspector.Item], damage: [PixelRect],
                              renderer: Renderer, into canvas: Canvas) {
        guard let hud else { return }
        paintPaths(hud: hud, damage: damage, renderer: renderer, into: canvas)
        paintOutlines(inspector, damage: damage, renderer: renderer, into: canvas)
    }

    /// Every path within `damage`.
    private func paintPaths(hud: PointerLocation, damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        let touches = hud.touches
        guard touches.contains(where: { !$0.path.isEmpty }) else { return }
        let region = canvas.damageRegion(damage)
        guard !region.isEmpty else { return }
        let s = Double(renderer.scale)
        var writer = PathLineWriter(canvas: canvas, region: region)
        // The damage is often thin strips across the window, so segments are picked by the
        // tiles the damage touches, not by its extents.
        let tiles = DamageTiles(damage, clippedTo: canvas.bounds)
        let edge = PremultipliedColor(DiagnosticsStyle.pathEdgeColor).pixel
        let coreWidth = DiagnosticsStyle.pathWidth * s
        let edgeWidth = coreWidth + 2 * DiagnosticsStyle.pathEdgeWidth * s
        let serials = Set(touches.map(\.serial))
        pathChunks = pathChunks.filter { serials.contains($0.key) }
        for touch in touches {
            pathChunks[touch.serial, default: PathChunks()].update(touch.path, clearCount: hud.clearCount)
            writer.clear()
            forEachSegment(of: touch.path, chunks: pathChunks[touch.serial]!, renderer: renderer, damage: tiles) { a, b in
                writer.queue(from: a, to: b, width: edgeWidth)
            }
            // All edges of a path, then its core, both opaque, so overlaps never blend.
            writer.writeQueued(width: edgeWidth, pixel: edge)
            writer.writeQueued(width: coreWidth, pixel: PremultipliedColor(DiagnosticsStyle.color(for: touch.id)).pixel)
        }
    }

    /// The tracking rectangles' outlines within `damage`.
    private func paintOutlines(_ inspector: [TouchInspector.Item], damage: [PixelRect], renderer: Renderer,
                               into canvas: Canvas) {
        let surface = canvas.surface, local = PixelRegion()
        defer { surface.setClip(nil) }
        for item in inspector {
            guard let tracking = item.tracking else { continue }
            let outline = DiagnosticsStyle.trackingOutlineWidth, dark = DiagnosticsStyle.trackingEdgeWidth
            let outer = PixelRect(snapping: tracking.rect, scale: renderer.scale)
            guard !clip(canvas, to: damage, within: outer, scratch: local).isEmpty else { continue }
            surface.fill(outlineBands(tracking.rect, inset: 0, width: outline, renderer),
                         color: PremultipliedColor(tracking.inside ? DiagnosticsStyle.trackingInsideColor
                                                                   : DiagnosticsStyle.trackingOutsideColor))
            surface.fill(outlineBands(tracking.rect, inset: outline, width: dark, renderer),
                         color: PremultipliedColor(DiagnosticsStyle.trackingEdgeColor))
        }
    }

    /// Paints the rest of `hud` and `inspector` — labels, the bar and crosshairs — over
    /// `canvas` (the tree, what lies under the markers, and the touch markers), limited to
    /// `damage` (buffer pixels). Nothing when `hud` is nil.
    public func paint(hud: PointerLocation?, inspector: [TouchInspector.Item], damage: [PixelRect],
                      renderer: Renderer, into canvas: Canvas) {
        guard let hud else { return }
        paintLabelsAndBar(hud: hud, inspector: inspector, damage: damage, renderer: renderer, into: canvas)
        guard !crosshairsWereElsewhere else { return }
        // No region of the whole damage: the crosshair bands in it would split it into hundreds
        // of boxes that every clip is cut from. Crosshairs replace pixels (opaque), so each
        // band is written where it meets each damage rect.
        for touch in hud.touches where touch.isDown {
            crosshair(touch.location, color: DiagnosticsStyle.color(for: touch.id), renderer)?.paint(within: damage, in: canvas)
        }
    }

    /// The labels and the bar, clipped to the damage rects near them.
    private func paintLabelsAndBar(hud: PointerLocation, inspector: [TouchInspector.Item], damage: [PixelRect],
                                   renderer: Renderer, into canvas: Canvas) {
        let surface = canvas.surface, local = PixelRegion()
        defer { surface.setClip(nil) }

        for (index, item) in inspector.enumerated() {
            // As the latest `update` placed it, when that saw this item.
            let kept = index < items.count && Self.sameLabel(items[index], item) ? labels[index] : nil
            guard let (badge, textRect, string) = kept ?? label(of: item, renderer) else { continue }
            guard !clip(canvas, to: damage, within: badge, scratch: local).isEmpty,
                  let image = labelImage(string, box: badge, text: textRect, renderer) else { continue }
            surface.replace(with: image.surface, x: badge.x, y: badge.y, width: badge.width, height: badge.height)
        }

        // The bar.
        let bar = barRect(renderer)
        let visible = clip(canvas, to: damage, within: bar, scratch: local)
        guard !visible.isEmpty else { return }
        surface.fill(bar, color: PremultipliedColor(DiagnosticsStyle.boxColor))
        renderer.paintText(hud.barText, leftAlignedIn: bar, fontSize: DiagnosticsStyle.fontSize,
                           padding: DiagnosticsStyle.textPadding, visible: visible,
                           color: PremultipliedColor(DiagnosticsStyle.textColor), on: surface)
    }

    /// A label's picture — its opaque box with its text over it — made once per text and
    /// scale: a label moves every frame, and is then one copy, not a fill and a text.
    private func labelImage(_ string: String, box: PixelRect, text: PixelRect, _ renderer: Renderer) -> Canvas? {
        if labelImagesScale != renderer.scale || labelImages.count > 256 {
            labelImages.removeAll()
            labelImagesScale = renderer.scale
        }
        if let image = labelImages[string], image.width == box.width, image.height == box.height { return image }
        // Without memory for the label's image the label is not drawn; the HUD goes on.
        guard let image = try? Canvas(width: box.width, height: box.height) else { return nil }
        image.surface.fill(image.bounds, color: PremultipliedColor(DiagnosticsStyle.labelBoxColor), operator: .source)
        renderer.glyphs()?.draw(string, pixelSize: fontPixels(renderer), centeredIn: text.offsetBy(dx: -box.x, dy: -box.y),
                                visible: image.bounds, color: PremultipliedColor(DiagnosticsStyle.textColor), on: image.surface)
        labelImages[string] = image
        return image
    }

    /// Limits drawing on `canvas` to the damage within `rect` (as `Canvas.clip(_:toDamage:
    /// within:scratch:)`) and returns the part of `rect` that shows; with no clip at all when
    /// one damage rect holds the whole of `rect`, as a label's own damage holds it: no region
    /// is built. Only inside the canvas: pixman writes an opaque fill with no clip as it is,
    /// not cut to the image.
    private func clip(_ canvas: Canvas, to damage: [PixelRect], within rect: PixelRect, scratch: PixelRegion) -> PixelRect {
        if !rect.isEmpty, canvas.bounds.contains(rect), damage.contains(where: { $0.contains(rect) }) {
            canvas.surface.setClip(nil)
            return rect
        }
        return canvas.clip(canvas.surface, toDamage: damage, within: rect, scratch: scratch)
    }

    // MARK: Geometry (buffer pixels)

    private func fontPixels(_ renderer: Renderer) -> Double {
        renderer.scale.pixels(DiagnosticsStyle.fontSize)
    }

    private func barRect(_ renderer: Renderer) -> PixelRect {
        PixelRect(snapping: Rect(x: 0, y: 0, width: renderer.window.size.width, height: DiagnosticsStyle.barHeight),
                  scale: renderer.scale)
    }

    /// Where crosshairs show: the window below the bar, so they never cross it.
    private func crosshairArea(_ renderer: Renderer) -> Rect {
        let size = renderer.window.size
        return Rect(minX: 0, minY: DiagnosticsStyle.barHeight, maxX: size.width, maxY: max(size.height, DiagnosticsStyle.barHeight))
    }

    /// The vertical and horizontal band of `width` (odd) whole points through the middle of
    /// the point `p` lies in, across the window below the bar, in points; nil for a point
    /// too far off to place.
    private func crosshairBands(_ p: Point, width: Double, _ renderer: Renderer) -> (vertical: Rect, horizontal: Rect)? {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e6, abs(p.y) < 1e6 else { return nil }
        let area = crosshairArea(renderer), half = (width - 1) / 2
        let x = p.x.rounded(.down) - half, y = p.y.rounded(.down) - half
        return (Rect(minX: x, minY: area.minY, maxX: x + width, maxY: area.maxY).intersection(area),
                Rect(minX: area.minX, minY: y, maxX: area.maxX, maxY: y + width).intersection(area))
    }

    /// The crosshair through `p` in buffer pixels (the core lies within the band: both are
    /// snapped from the same whole points); nil for a point too far off to place.
    func crosshair(_ p: Point, color: Color, _ renderer: Renderer) -> Crosshair? {
        guard let band = crosshairBands(p, width: DiagnosticsStyle.crosshairEdgeWidth, renderer) else { return nil }
        func pixels(_ rect: Rect) -> PixelRect {
            rect.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : PixelRect(snapping: rect, scale: renderer.scale)
        }
        let x = p.x.rounded(.down), y = p.y.rounded(.down), width = DiagnosticsStyle.crosshairWidth
        return Crosshair(vertical: pixels(band.vertical), horizontal: pixels(band.horizontal),
                         coreColumns: pixels(Rect(minX: x, minY: 0, maxX: x + width, maxY: 1)),
                         coreRows: pixels(Rect(minX: 0, minY: y, maxX: 1, maxY: y + width)),
                         core: PremultipliedColor(color).pixel,
                         edge: PremultipliedColor(DiagnosticsStyle.crosshairEdgeColor).pixel)
    }

    /// Every pixel a crosshair at `p` paints: its dark band.
    private func crosshairRects(_ p: Point, _ renderer: Renderer) -> [PixelRect] {
        guard let crosshair = crosshair(p, color: .clear, renderer) else { return [] }
        return [crosshair.vertical, crosshair.horizontal].filter { !$0.isEmpty }
    }

    /// The crosshairs of `hud`'s active touches as a window shows them in subsurfaces, bottom
    /// to top: per touch its vertical line, then its horizontal one over it (as `paint` writes
    /// them). In whole points, for a window of whole points.
    /// None unless the latest `update` left the crosshairs out (`crosshairsShownElsewhere`).
    public func crosshairLines(hud: PointerLocation?, renderer: Renderer) -> [CrosshairLine] {
        guard let hud, crosshairsWereElsewhere else { return [] }
        let edge = PremultipliedColor(DiagnosticsStyle.crosshairEdgeColor).pixel
        var lines: [CrosshairLine] = []
        for touch in hud.touches where touch.isDown {
            guard let band = crosshairBands(touch.location, width: DiagnosticsStyle.crosshairEdgeWidth, renderer) else { continue }
            let core = PremultipliedColor(DiagnosticsStyle.color(for: touch.id)).pixel
            let half = (DiagnosticsStyle.crosshairEdgeWidth - DiagnosticsStyle.crosshairWidth) / 2
            let start = (x: touch.location.x.rounded(.down) - half, y: touch.location.y.rounded(.down) - half)
            if !band.vertical.isEmpty {
                lines.append(CrosshairLine(isVertical: true, frame: band.vertical, skip: Int(band.vertical.minX - start.x),
                                           across: [edge, core, edge]))
            }
            if !band.horizontal.isEmpty {
                lines.append(CrosshairLine(isVertical: false, frame: band.horizontal, skip: Int(band.horizontal.minY - start.y),
                                           across: [edge, core, edge]))
            }
        }
        return lines
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

    /// Whether two items' labels paint alike (same text at the same place).
    private static func sameLabel(_ a: TouchInspector.Item, _ b: TouchInspector.Item) -> Bool {
        a.location == b.location && a.touchID == b.touchID && a.nodeName == b.nodeName && a.scrollState == b.scrollState
    }

    /// `a` and `b` as one rect where that covers no more pixels than the two (they overlap
    /// or touch along a side), else both.
    private static func joined(_ a: PixelRect, _ b: PixelRect) -> [PixelRect] {
        let union = a.union(b)
        return union.area <= a.area + b.area ? [union] : [a, b]
    }

    /// An inspector label's box, the rect its text is centered in and its text (`Label`): right
    /// of and below the touch, or left of it where the right would leave the window.
    private func label(of item: TouchInspector.Item, _ renderer: Renderer) -> Label? {
        let s = Double(renderer.scale)
        let x = (item.location.x + DiagnosticsStyle.labelOffset.x) * s, y = (item.location.y + DiagnosticsStyle.labelOffset.y) * s
        let string = item.text
        guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6, let size = labelSize(string, renderer) else { return nil }
        let pad = Int((DiagnosticsStyle.textPadding * s).rounded())
        var left = Int(x.rounded())
        // Past the window's right edge, the label goes on the touch's left instead.
        if left + size.width + 2 * pad > renderer.bufferBounds.maxX {
            left = Int(((item.location.x - DiagnosticsStyle.labelOffset.x) * s).rounded()) - size.width - 2 * pad
        }
        let text = PixelRect(x: left + pad, y: Int(y.rounded()) + pad, width: size.width, height: size.height)
        return (PixelRect(minX: text.minX - pad, minY: text.minY - pad, maxX: text.maxX + pad, maxY: text.maxY + pad), text, string)
    }

    private func labelSize(_ text: String, _ renderer: Renderer) -> (width: Int, height: Int)? {
        let pixelSize = fontPixels(renderer)
        if pixelSize != labelSizesPixelSize || labelSizes.count > 1024 {
            labelSizes.removeAll()
            labelSizesPixelSize = pixelSize
        }
        if let size = labelSizes[text] { return size }
        let size = renderer.glyphs()?.measure(text, pixelSize: pixelSize)
        labelSizes[text] = size
        return size
    }

    /// Every pixel a path segment from `a` to `b` (points) can touch.
    private func segmentRect(_ a: Point, _ b: Point, _ renderer: Renderer) -> PixelRect {
        let r = DiagnosticsStyle.pathWidth / 2 + DiagnosticsStyle.pathEdgeWidth + 1 / Double(renderer.scale)
        return PixelRect(covering: Rect(minX: min(a.x, b.x) - r, minY: min(a.y, b.y) - r,
                                        maxX: max(a.x, b.x) + r, maxY: max(a.y, b.y) + r), scale: renderer.scale)
    }

    /// Calls `body` with each segment of `path` (buffer pixels) that can touch `damage`;
    /// a one-point path is a segment from the point to itself. Runs of points whose bounds
    /// (`chunks`, built for `path`) miss the damage are passed over whole.
    private func forEachSegment(of path: [Point], chunks: PathChunks, renderer: Renderer, damage: DamageTiles,
                                _ body: (Point, Point) -> Void) {
        let s = Double(renderer.scale)
        let margin = (DiagnosticsStyle.pathWidth / 2 + DiagnosticsStyle.pathEdgeWidth) * s + 1
        func scaled(_ point: Point) -> Point? {
            let p = Point(x: point.x * s, y: point.y * s)
            return p.x.isFinite && p.y.isFinite && abs(p.x) < 1e6 && abs(p.y) < 1e6 ? p : nil
        }
        var previous: Point?
        var i = 0
        while i < path.count {
            let run = i / PathChunks.size
            if i % PathChunks.size == 0, run < chunks.bounds.count {
                // A run no segment of which can meet the damage: on to its last point.
                let meets = chunks.bounds[run].map { box in
                    damage.intersects(minX: box.low.x * s - margin, minY: box.low.y * s - margin,
                                      maxX: box.high.x * s + margin, maxY: box.high.y * s + margin)
                } ?? false
                if !meets {
                    i += PathChunks.size
                    previous = scaled(path[i - 1])
                    continue
                }
            }
            let point = path[i]
            i += 1
            guard let p = scaled(point) else { previous = nil; continue }
            let a = previous ?? p
            previous = p
            guard damage.intersects(minX: min(a.x, p.x) - margin, minY: min(a.y, p.y) - margin,
                                    maxX: max(a.x, p.x) + margin, maxY: max(a.y, p.y) + margin) else { continue }
            body(a, p)
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
        glyphs.draw(text, pixelSize: pixelSize, centeredIn: textBox(width: size.width, leftAlignedIn: rect, padding: padding),
                    visible: visible.intersection(rect), color: color, on: surface)
    }

    /// Where `paintText` draws text `width` pixels wide in `rect`: `padding` points from its
    /// left edge, cut at its right edge.
    func textBox(width: Int, leftAlignedIn rect: PixelRect, padding: Double) -> PixelRect {
        let left = rect.minX + Int((padding * Double(scale)).rounded())
        return PixelRect(x: left, y: rect.minY, width: min(width, max(rect.maxX - left, 0)), height: rect.height)
    }
}
