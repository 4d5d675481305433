import NodeCore
import Render

/// The touch visualization of a live session: which markers are on screen, the
/// contact shapes the compositor reported, and the damage when they change.
struct TouchMarkerTracker {
    /// Whether markers are drawn (`--show-touches`, the `t` key).
    var isEnabled = false
    private var shapes: [TouchID: TouchShape] = [:]
    private(set) var markers: [TouchMarker] = []

    /// Remembers a finger's contact ellipse (diameters in points, orientation in degrees);
    /// nil values keep what was reported before.
    mutating func setShape(of id: Int, major: Double?, minor: Double?, orientation: Double?) {
        guard major != nil || orientation != nil else { return }
        var shape = shapes[.finger(id)] ?? TouchShape(major: 0, minor: 0)
        if let major {
            shape.major = major
            shape.minor = minor ?? major
        }
        if let orientation { shape.orientation = orientation }
        shapes[.finger(id)] = shape
    }

    /// Rebuilds the markers from `window`'s active touches; returns the buffer pixels that
    /// changed. With markers off and none shown, the touches are not looked at.
    mutating func update(window: NodeCore.Window, renderer: Renderer) -> [PixelRect] {
        guard isEnabled || !markers.isEmpty else {
            if !shapes.isEmpty { shapes.removeAll() }
            return []
        }
        let touches = window.activeTouches
        let live = Set(touches.map(\.id))
        shapes = shapes.filter { live.contains($0.key) }
        let next = isEnabled ? TouchMarkers.markers(for: touches, shapes: shapes) : []
        guard next != markers else { return [] }
        let damage = (markers + next).map { renderer.damageRect(of: $0) }.filter { !$0.isEmpty }
        markers = next
        return damage
    }

    /// Paints the current markers over a frame already rendered into `canvas`.
    func paint(with renderer: Renderer, damage: [PixelRect], into canvas: Canvas) {
        guard !markers.isEmpty else { return }
        renderer.paintTouchMarkers(markers, damage: damage, into: canvas)
    }
}
