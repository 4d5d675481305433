import NodeCore
import Render

// Placeholder until Render's TouchMarker lands.
struct TouchMarkerTracker {
    var isEnabled = false
    mutating func setShape(of id: Int, major: Double?, minor: Double?, orientation: Double?) {}
    mutating func update(touches: [Touch], renderer: Renderer) -> [Render.PixelRect] { [] }
    func paint(with renderer: Renderer, damage: [Render.PixelRect], into canvas: Canvas) {}
}
