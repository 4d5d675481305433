import NodeCore
package import Render
import DiagnosticsPainting
package import WaylandClient

/// Painting for the app's window: turns what changed in the tree (and the touch markers)
/// into damage, repaints only that into the pool buffer being drawn, and rebuilds the
/// renderer when the window's scale changes.
package final class FramePainter {
    package let window: NodeCore.Window
    package private(set) var renderer: Renderer
    var touchMarkers = TouchMarkerTracker()
    /// Painted over the tree and the markers, in the order added.
    private(set) var overlays: [AppOverlay] = []
    /// The overlays with a part under the markers, in the order added: known from the type
    /// they are added as, so neither a frame nor the start casts an overlay (a first cast to a
    /// protocol searches every conformance in the binary, ~0.17 M instructions).
    private var underlaidOverlays: [UnderlaidOverlay] = []

    /// Paints `overlay` over the tree and the touch markers, after those added before it.
    func add(_ overlay: AppOverlay) { overlays.append(overlay) }

    /// Paints `overlay`, and its part under the markers with the tree.
    func add(_ overlay: UnderlaidOverlay) {
        overlays.append(overlay)
        underlaidOverlays.append(overlay)
    }

    /// Stops painting `overlay`.
    func remove(_ overlay: AppOverlay) {
        overlays.removeAll { $0 === overlay }
        underlaidOverlays.removeAll { $0 === overlay }
    }

    /// The tree's damage of the latest `takeDamage`, its storage kept from frame to frame.
    private var treeDamage: [PixelRect] = []
    private var canvases = CanvasCache()
    /// The pool buffers as the scroll painter sees them, over `canvases`.
    private var paintBuffers = PoolPaintBuffers()
    /// Wraps a pool buffer's pixels in a canvas (`canvases`); made once, not per frame.
    private lazy var wrapCanvas: (PixelBufferView) -> Canvas? = { [unowned self] in canvases.canvas(for: $0) }
    /// Moves the pixels of scrolled content instead of painting them again.
    package let scrollPainter = ScrollPainter()
    /// The tree kept offscreen while an overlay shows, so what only the overlay dirtied is
    /// copied back instead of painted again.
    private let sceneLayer = SceneLayer()
    /// The tree with what overlays paint under the markers (the HUD's paths and tracking
    /// outlines), kept while that shows.
    private let underlayLayer = UnderlayLayer()

    package init(window: NodeCore.Window, background: Color, warningHandler: @escaping (String) -> Void) throws(RenderError) {
        self.window = window
        renderer = try Renderer(window: window, background: background, scale: 1)
        renderer.warningHandler = warningHandler
    }

    /// Buffer pixels to repaint for what changed since the last call: invalidated nodes
    /// and areas, and touch markers that appeared, moved or went away.
    package func takeDamage() -> [PixelRect] {
        var damage = DamageRegion()
        takeDamage(into: &damage)
        return damage.rects
    }

    /// `takeDamage()` added to `damage`: what the loop runs once per frame, with no
    /// allocation when only the tree changed (its invalidations are read in place).
    package func takeDamage(into damage: inout DamageRegion) {
        treeDamage.removeAll(keepingCapacity: true)
        // One load of each for the whole call: a property read in a loop is retained each time.
        let renderer = renderer, scrollPainter = scrollPainter
        window.takeInvalidations { invalidation in
            scrollPainter.note(invalidation)
            renderer.addDamage(of: invalidation, to: &treeDamage)
        }
        if !treeDamage.isEmpty {
            sceneLayer.note(treeDamage)
            underlayLayer.note(treeDamage)
            for rect in treeDamage { damage.add(rect) }
        }
        for rect in touchMarkers.update(window: window, renderer: renderer) { damage.add(rect) }
        for overlay in overlays {
            for rect in overlay.takeDamage(renderer: renderer) { damage.add(rect) }
        }
        for overlay in underlaidOverlays { underlayLayer.note(overlay.underlayDamage) }
    }

    /// The compositor resized the window or changed its scale: the root is re-laid to the
    /// window (its subnodes keep their frames) and the renderer follows the scale. The
    /// window repaints everything into new buffers after this, so pending damage is dropped.
    package func resize(to size: Size, scale: SurfaceScale) {
        window.size = size
        window.root.frame = Rect(origin: window.root.frame.origin, size: size)
        let wanted = Self.rendererScale(for: scale)
        // `Renderer.init` throws only for a scale outside `Renderer.supportedScales`, and
        // `rendererScale(for:)` clamps into them: no error is dropped here.
        if wanted != renderer.scale,
           let resized = try? Renderer(window: window, background: renderer.background, scale: wanted) {
            resized.warningHandler = renderer.warningHandler
            resized.storesFirstFrameText = renderer.storesFirstFrameText
            renderer = resized
        }
        _ = takeDamage()
        canvases.removeAll()
        paintBuffers.removeAll()
        scrollPainter.forgetBuffers()
        sceneLayer.discard()
        underlayLayer.discard()
    }

    /// The renderer scale for a surface scale: the same number of 120ths, within what the
    /// renderer supports (the window asks for no more, `rendererScaleLimits`).
    static func rendererScale(for scale: SurfaceScale) -> RenderScale {
        let wanted = RenderScale(units: scale.scale120)
        return min(max(wanted, Renderer.supportedScales.lowerBound), Renderer.supportedScales.upperBound)
    }

    /// The surface scales the renderer paints, in 120ths, for `WindowConfiguration.scaleLimits`:
    /// from 1 (a compositor's preferred scale is never below; scales below 1 are for content
    /// shown scaled down, `ToplevelWindow.paintScale`).
    static let rendererScaleLimits =
        max(RenderScale.denominator, Renderer.supportedScales.lowerBound.units)...Renderer.supportedScales.upperBound.units

    /// Whether `catchUp` takes a buffer now: while an overlay shows.
    package var catchesUp: Bool { overlays.contains(where: { !$0.isBlank }) }

    /// Gives an idle buffer what it lacks of the latest frame, copied from it, between frames
    /// (behaviour.md §6), so the next frame into it repaints only its own damage. Only while
    /// an overlay shows: such frames never move scrolled pixels, so the scroll painter's
    /// record of the buffer (forgotten here) cannot send a move into changed pixels.
    package func catchUp(_ context: CatchUpContext) -> Bool {
        guard catchesUp,
              let buffer = paintBuffers.buffer(for: context.memory, wrap: wrapCanvas),
              let latest = canvases.canvas(for: context.latest)
        else { return false }
        for rect in context.stale.rects { buffer.canvas.copyPixels(into: rect, from: latest, movedBy: 0, dy: 0) }
        scrollPainter.forget(buffer)
        return true
    }

    /// Paints one frame: the damaged part of the tree, then the touch markers and the
    /// overlays over what was painted. What was copied from the latest frame (catching up,
    /// `context.stale`) has its markers and overlays already: painting them again there
    /// would blend their translucent parts twice. While an overlay shows, the tree's part
    /// comes from the scene layer, and with what overlays paint under the markers, from the
    /// underlay layer.
    package func paint(_ context: PaintContext) {
        guard let buffer = paintBuffers.buffer(for: context.memory, wrap: wrapCanvas) else { return }
        let canvas = buffer.canvas
        let previous = context.previous.flatMap { canvases.canvas(for: $0) }
        // Read once for the frame: each read of a `var` property is a retain and a release.
        let renderer = renderer, scrollPainter = scrollPainter
        let painted: [PixelRect]
        let overlayShows = catchesUp
        if overlayShows {
            var rects = context.damage.rects
            let underlaid = underlaidOverlays.filter { !$0.isBlank }
            if let previous, underlaid.isEmpty {
                for rect in context.stale.rects { canvas.copyPixels(into: rect, from: previous, movedBy: 0, dy: 0) }
            } else {
                // Through the underlay layer, what the buffer lacks is copied from the layer with
                // the damage (one copy of their union, not two; they overlap, as a moving
                // crosshair's bands do) and painted over like the damage.
                rects += context.stale.rects
            }
            if underlaid.isEmpty {
                underlayLayer.discard()
                sceneLayer.paint(rects, into: canvas, with: renderer, scrollPainter: scrollPainter)
            } else {
                underlayLayer.paint(rects, covered: underlaid.flatMap(\.opaqueCover), into: canvas, scene: sceneLayer,
                                    renderer: renderer, scrollPainter: scrollPainter) { damage, layer in
                    for overlay in underlaid { overlay.paintUnderlay(damage: damage, renderer: renderer, into: layer) }
                }
            }
            // Painted around the scroll painter, with marks: nothing in it may be moved later.
            scrollPainter.forget(buffer)
            painted = rects
        } else {
            sceneLayer.discard()
            underlayLayer.discard()
            // Markers and overlays paint over the tree where it was repainted: a move would
            // carry them along, so frames with any of them on repaint what changed. (The
            // tappable-area overlay is the renderer's own: the scroll painter handles it.)
            let allowsMoves = touchMarkers.markers.isEmpty && !overlayShows
            painted = scrollPainter.paint(damage: context.damage.rects, stale: context.stale.rects, previous: previous,
                                          into: buffer, with: renderer, allowsMoves: allowsMoves)
        }
        // Where the buffer is now: a scroll may have moved it in its pool.
        touchMarkers.paint(with: renderer, damage: painted, into: buffer.canvas)
        for overlay in overlays { overlay.paint(damage: painted, renderer: renderer, into: buffer.canvas) }
    }
}
