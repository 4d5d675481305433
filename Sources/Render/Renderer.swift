public import NodeCore
#if canImport(Glibc)
import Glibc
#endif

/// Why a renderer could not be made.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The buffer scale is not in `Renderer.supportedScales`.
    case unsupportedScale(RenderScale)

    public var description: String {
        switch self {
        case let .unsupportedScale(s):
            return "unsupported buffer scale \(s) (supported: \(Renderer.supportedScales.lowerBound)...\(Renderer.supportedScales.upperBound) in steps of 1/\(RenderScale.denominator))"
        }
    }
}

/// Paints a window's node tree, and its tappable-area overlay when
/// `window.showsTappableAreas` is on, into canvases at a buffer scale from 1/4 to 4 in
/// steps of 1/120 (`RenderScale`).
///
/// Painting (behaviour.md §6): the window background; then each node, back to front: its
/// background (a control's `currentBackgroundColor`), a built-in control's decoration
/// (slider track and fill, toggle knob; see `ControlStyle`), its border inside its
/// bounds, its label centered and clipped to its bounds, then its subnodes, clipped to
/// its bounds when `clipsToBounds`. Hidden nodes and nodes with alpha 0 are skipped
/// with their subtrees. Edges snap to whole pixels from their scaled positions (see
/// `PixelRect(snapping:scale:)`), and borders and overlay bands are a whole number of
/// pixels wide, at least one (`RenderScale.lineWidth(_:)`), at every scale; there is no
/// antialiasing except in glyphs. Labels are set at their node's `labelFontSize` × scale. Touch markers are painted separately,
/// over a painted frame (`paintTouchMarkers(_:damage:into:)`).
///
/// Opacity is group opacity, as UIKit and Core Animation do by default
/// (`allowsGroupOpacity`): a node with alpha below 1 is painted with its subtree
/// into an offscreen layer at full opacity (scratch buffers pooled per nesting
/// depth), and the layer is composited OVER with the node's alpha, rounded to 8
/// bits. So nested translucency multiplies down the tree and a translucent node's
/// parts never show through one another. Every translucent node takes this path,
/// even with a single paint operation, so that its pixels never depend on whether
/// it has subnodes (which would break damage-limited repaints by a rounding step).
///
/// Damage: `takeDamage()` turns the window's invalidations into buffer-pixel rects,
/// and `render(damage:into:)` repaints only those, giving exactly the pixels a full
/// repaint would. Not thread-safe; one renderer per window.
public final class Renderer {
    /// The buffer scales accepted (behaviour.md §6), in steps of 1/120.
    /// Below 1 for content shown scaled down (behaviour.md §14), painted at the pixels it is shown at.
    public static let supportedScales: ClosedRange<RenderScale> = RenderScale(units: 30)...4

    public let window: Window
    /// Fills the window behind the root node (the scene's background color).
    public var background: Color
    /// Buffer pixels per point along each axis.
    public let scale: RenderScale
    /// The font for node labels.
    public let labelFont: LabelFont
    /// Receives warnings, such as a missing font (once per renderer); defaults to stderr.
    public var warningHandler: (String) -> Void = Renderer.printToStandardError

    let layers = LayerPool()
    /// Skips subtrees whose extent misses the damage (see `mayPaint`); off only in tests
    /// that compare the culled traversal with the plain one.
    var cullsPainting = true
    /// The region `render(damage:into:)` paints, reused from frame to frame.
    private let damageRegion = PixelRegion()
    /// The clips of the clipping nodes being painted, innermost last, kept from frame to
    /// frame (`clipRegion(depth:)`), so a frame makes no region per clipping node.
    private var clipRegions: [PixelRegion] = []
    /// How many of `clipRegions` the nodes being painted use.
    var clipDepth = 0
    /// A frame's damage as disjoint rects painted one at a time (`render(damage:into:)`), the
    /// one-box region each is painted through, and two lists for cutting rects: kept from
    /// frame to frame.
    private var pieces: [PixelRect] = []
    private let pieceRegion = PixelRegion()
    private var pieceParts: [PixelRect] = []
    private var pieceCut: [PixelRect] = []
    /// Most disjoint rects a frame's damage is painted as one at a time; more go through one
    /// region (the HUD's crosshair bands).
    private static let mostPieces = 8
    /// The scroll indicators' color as a solid source, made on first use.
    lazy var scrollIndicatorFill = SolidFill(PremultipliedColor(ScrollIndicatorStyle.color))
    /// While set, painting skips what is painted before this node (`coveringNode(of:)`): it
    /// paints only the way down to it, then everything from it on.
    var paintsFrom: Node?
    private var glyphRenderer: GlyphRenderer?
    private var fontResolved = false
    /// Takes the first frame's text masks from the last run's, and keeps this run's for the
    /// next (`TextMaskStore`, `saveFirstFrameText`); set before the first text is drawn.
    package var storesFirstFrameText = false
    /// Touch-marker layouts of the markers damaged or painted lately: a moving marker's
    /// layout is made once and used for its damage and painting in this frame and for
    /// its damage in the next.
    var markerLayouts: [TouchMarker: TouchMarkerLayout] = [:]
    /// Image nodes painted without enough pixels for this scale (`takeImageRequests()`).
    var imageRequests: [ImageNode] = []

    public init(window: Window, background: Color, scale: RenderScale = 1, labelFont: LabelFont = .default) throws(RenderError) {
        guard Renderer.supportedScales.contains(scale) else { throw .unsupportedScale(scale) }
        self.window = window
        self.background = background
        self.scale = scale
        self.labelFont = labelFont
    }

    /// The window in buffer pixels: `(0, 0, width × scale, height × scale)`.
    public var bufferBounds: PixelRect {
        PixelRect(snapping: Rect(origin: .zero, size: window.size), scale: scale)
    }

    /// A new owning canvas of `bufferBounds`' size (at least 1 × 1).
    public func makeCanvas() throws(CanvasError) -> Canvas {
        let b = bufferBounds
        return try Canvas(width: max(b.width, 1), height: max(b.height, 1))
    }

    /// A new canvas with the whole window painted.
    public func renderImage() throws(CanvasError) -> Canvas {
        let canvas = try makeCanvas()
        renderFull(into: canvas)
        return canvas
    }

    /// Repaints every pixel of `canvas`. Pending invalidations are left for `takeDamage()`.
    public func renderFull(into canvas: Canvas) {
        render(damage: [canvas.bounds], into: canvas)
    }

    /// Repaints only the pixels in `damage` (buffer pixels; clipped to the canvas),
    /// leaving every other pixel untouched.
    ///
    /// A damage of a few rects is painted one disjoint rect at a time, each through a clip of
    /// one box: pixman then works on single boxes, which take no heap storage (a clip of many
    /// boxes is intersected anew, on the heap, by every fill and composite). Every paint
    /// operation sets each pixel from that pixel alone, so the pixels are the same.
    public func render(damage: [PixelRect], into canvas: Canvas) {
        if !window.showsTappableAreas, splitIntoPieces(damage, within: canvas.bounds) {
            for piece in pieces {
                pieceRegion.set(piece)
                paintTree(through: pieceRegion, on: canvas.surface)
            }
            return
        }
        let region = damageRegion
        region.set(damage, clippedTo: canvas.bounds)
        guard !region.isEmpty else { return }
        paintTree(through: region, on: canvas.surface)
    }

    /// Splits `damage` within `bounds` into disjoint rects (`pieces`): false when there are
    /// more than `mostPieces`.
    private func splitIntoPieces(_ damage: [PixelRect], within bounds: PixelRect) -> Bool {
        pieces.removeAll(keepingCapacity: true)
        for rect in damage {
            let clipped = rect.intersection(bounds)
            guard !clipped.isEmpty else { continue }
            pieceParts.removeAll(keepingCapacity: true)
            pieceParts.append(clipped)
            for piece in pieces where !pieceParts.isEmpty {
                pieceCut.removeAll(keepingCapacity: true)
                for part in pieceParts { part.appendSubtracting(piece, to: &pieceCut) }
                swap(&pieceParts, &pieceCut)
            }
            pieces.append(contentsOf: pieceParts)
            if pieces.count > Self.mostPieces { return false }
        }
        return true
    }

    /// The tree (and the overlay, when on) painted through `region` on `surface`: the window
    /// background, then every node, from the one covering the region when one does.
    private func paintTree(through region: PixelRegion, on surface: PixmanSurface) {
        surface.setClip(region)
        let target = PaintTarget(surface: surface, offsetX: 0, offsetY: 0, clip: region)
        let root = window.root
        paintsFrom = coveringNode(of: target.visible)
        if paintsFrom == nil { surface.fill(region, color: PremultipliedColor(background), operator: .source) }
        paint(root, x: root.frame.minX, y: root.frame.minY, in: target)
        if paintsFrom != nil {
            // The covering node was not reached (it cannot be, as it is found the way painting goes):
            // everything is painted after all.
            paintsFrom = nil
            surface.setClip(region)
            surface.fill(region, color: PremultipliedColor(background), operator: .source)
            paint(root, x: root.frame.minX, y: root.frame.minY, in: target)
        }
        if window.showsTappableAreas {
            paintOverlay(in: target)
        }
        surface.setClip(nil)
    }

    /// A region for the clip of the next clipping node in, kept for the next frames; the
    /// caller gives it back by lowering `clipDepth`.
    func takeClipRegion() -> PixelRegion {
        if clipDepth == clipRegions.count { clipRegions.append(PixelRegion()) }
        clipDepth += 1
        return clipRegions[clipDepth - 1]
    }

    // MARK: Damage

    /// Takes the window's pending invalidations (`Window.takeInvalidations()`) and
    /// returns the buffer pixels to repaint, clipped to `bufferBounds`, with rects
    /// contained in others dropped.
    public func takeDamage() -> [PixelRect] {
        var rects: [PixelRect] = []
        window.takeInvalidations { addDamage(of: $0, to: &rects) }
        return rects
    }

    /// The buffer pixels that `invalidations` affect: for `.node`, `paintedRect(of:)`;
    /// for `.area`, every pixel the area touches (edges rounded outwards).
    public func damage(for invalidations: [Invalidation]) -> [PixelRect] {
        var rects: [PixelRect] = []
        for invalidation in invalidations { addDamage(of: invalidation, to: &rects) }
        return rects
    }

    /// Adds what `invalidation` damages to `rects`, clipped to `bufferBounds`, keeping no
    /// rect that another contains.
    public func addDamage(of invalidation: Invalidation, to rects: inout [PixelRect]) {
        let rect: PixelRect
        switch invalidation {
        case let .area(area):
            rect = area.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : PixelRect(covering: area, scale: scale)
        case let .node(node):
            guard let painted = paintedRect(of: node) else { return }
            rect = painted
        }
        let clipped = rect.intersection(bufferBounds)
        guard !clipped.isEmpty, !rects.contains(where: { $0.contains(clipped) }) else { return }
        rects.removeAll { clipped.contains($0) }
        rects.append(clipped)
    }

    /// The buffer pixels where `node`'s own paint appears: its bounds, plus its drawn
    /// tappable area when the overlay is on and it is a control, clipped by every
    /// clipping ancestor. Nil when nothing of it is painted (hidden or alpha 0 along
    /// its ancestor chain, not in this window, or clipped away).
    public func paintedRect(of node: Node) -> PixelRect? {
        guard let place = placement(of: node, target: node) else { return nil }
        var pixels = PixelRect(snapping: Rect(x: place.x, y: place.y, width: node.frame.width, height: node.frame.height),
                               scale: scale).offsetBy(dx: -place.shiftX, dy: -place.shiftY)
        if let clip = place.clip { pixels = pixels.intersection(clip) }
        if window.showsTappableAreas, let control = node as? ControlNode,
           let area = TappableArea(of: control), !area.drawnBound.isEmpty {
            // The overlay is drawn where touches hit, at the exact offsets: clipped in
            // points, and a sampled area's pixels are those whose centre is inside.
            var drawn = area.drawnBound
            if let exactClip = place.exactClip { drawn = drawn.intersection(exactClip) }
            if !drawn.isEmpty {
                pixels = pixels.union(area.shape != nil ? PixelRect(covering: drawn, scale: scale)
                                                        : PixelRect(snapping: drawn, scale: scale))
            }
        }
        return pixels.isEmpty ? nil : pixels
    }

    /// Where `node` is painted, summed from the root down in the same order as painting
    /// (so rounding agrees): its origin in window points as if every scroll offset above
    /// it were zero, and the whole buffer pixels those offsets move it by
    /// (`contentShift(of:)`); the clip of its clipping ancestors other than `target`, in
    /// buffer pixels as painted, and in window points at the exact offsets (for the
    /// overlay). Nil when it or an ancestor is hidden or transparent, or its root is not
    /// the window's. Recursive, so the input path allocates nothing.
    private func placement(of node: Node, target: Node) -> Placement? {
        if node.isHidden || node.alpha <= 0 { return nil }
        var place = Placement()
        if let parent = node.supernode {
            guard let above = placement(of: parent, target: target) else { return nil }
            place = above
            let shift = contentShift(of: parent)
            place.shiftX += shift.x
            place.shiftY += shift.y
            place.exactX -= parent.boundsOrigin.x
            place.exactY -= parent.boundsOrigin.y
        } else if node !== window.root {
            return nil
        }
        place.x += node.frame.minX
        place.y += node.frame.minY
        place.exactX += node.frame.minX
        place.exactY += node.frame.minY
        if node !== target, node.clipsToBounds {
            let size = node.frame.size
            let painted = PixelRect(snapping: Rect(origin: Point(x: place.x, y: place.y), size: size), scale: scale)
                .offsetBy(dx: -place.shiftX, dy: -place.shiftY)
            let exact = Rect(origin: Point(x: place.exactX, y: place.exactY), size: size)
            place.clip = place.clip.map { $0.intersection(painted) } ?? painted
            place.exactClip = place.exactClip.map { $0.intersection(exact) } ?? exact
        }
        return place
    }

    // MARK: Text

    /// The glyph renderer, made on first use; nil (after one warning) when no font can be used.
    package func glyphs() -> GlyphRenderer? {
        if fontResolved { return glyphRenderer }
        fontResolved = true
        do {
            let store: ((FontFile) -> TextMaskStore?)? = storesFirstFrameText ? { TextMaskStore.standard(font: $0) } : nil
            glyphRenderer = try GlyphRenderer.make(for: labelFont, store: store)
        } catch {
            warningHandler("warning: node labels are not drawn: \(error)")
        }
        return glyphRenderer
    }

    /// Writes the text masks the renderers that store them drew so far, for the next run's
    /// first frame (once, after the first frame went out).
    package static func saveFirstFrameText() {
        TextMaskStore.saveShared()
    }

    /// Writes `message` and a newline to stderr.
    public static func printToStandardError(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

/// Where a node is painted (see `Renderer.placement(of:target:)`).
private struct Placement {
    var x = 0.0, y = 0.0
    var shiftX = 0, shiftY = 0
    var exactX = 0.0, exactY = 0.0
    var clip: PixelRect?
    var exactClip: Rect?
}
