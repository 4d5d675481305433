public import Render
public import NodeCore

/// How the pointer-location HUD, the touch inspector and the touch-test grid look. Every
/// part pairs a light and a dark tone (a colored core with a dark edge, white text on a
/// dark box), so it reads on any background. Lengths are in points, times the buffer scale.
public enum DiagnosticsStyle {
    /// Height of the HUD's top bar and of the touch-test's counter bar.
    public static let barHeight = 22.0
    /// The bars' background: black at 75 %.
    public static let boxColor = Color(red: 0, green: 0, blue: 0, alpha: 0.75)
    /// The inspector labels' background, opaque: a label moves with its touch every frame,
    /// and an opaque one is copied into place, not blended (behaviour.md §13).
    public static let labelBoxColor = Color(red: 0, green: 0, blue: 0)
    /// Text on the bars and labels.
    public static let textColor = Color.white
    /// Font size of the bars' and labels' text.
    public static let fontSize = 13.0
    /// Space between text and the edges of its box.
    public static let textPadding = 4.0
    /// Width of a crosshair's colored core line.
    public static let crosshairWidth = 1.0
    /// The dark band around each crosshair (this wide in all, centered on the core), opaque
    /// like the core: a frame then repaints nothing under a crosshair (behaviour.md §13).
    public static let crosshairEdgeWidth = 3.0
    public static let crosshairEdgeColor = Color(red: 32, green: 32, blue: 32)
    /// Width of a path's colored core; its opaque dark edge adds `pathEdgeWidth` on each side.
    public static let pathWidth = 2.0
    public static let pathEdgeWidth = 1.0
    public static let pathEdgeColor = Color(red: 32, green: 32, blue: 32)
    /// Per-touch colors of paths and crosshairs, by finger id modulo the count; the pointer takes the last.
    public static let touchColors: [Color] = [
        Color(red: 0, green: 122, blue: 255), Color(red: 255, green: 59, blue: 48), Color(red: 52, green: 199, blue: 89),
        Color(red: 255, green: 149, blue: 0), Color(red: 175, green: 82, blue: 222), Color(red: 90, green: 200, blue: 250),
        Color(red: 255, green: 204, blue: 0), Color(red: 255, green: 45, blue: 85), Color(red: 162, green: 132, blue: 94),
        Color(red: 142, green: 142, blue: 147),
    ]
    /// Offset of an inspector label's top-left corner from its touch (clear of a touch marker).
    public static let labelOffset = Point(x: 26, y: 8)
    /// A tracking rectangle's outline: this wide, inside the rectangle, with a dark band of
    /// `trackingEdgeWidth` just inside it.
    public static let trackingOutlineWidth = 2.0
    public static let trackingEdgeWidth = 1.0
    public static let trackingEdgeColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
    /// The outline while the touch is inside the tracking rectangle, and while outside.
    public static let trackingInsideColor = Color(red: 52, green: 199, blue: 89)
    public static let trackingOutsideColor = Color(red: 255, green: 59, blue: 48)
    /// Touch-test cells: never touched, and filled.
    public static let emptyCellColor = Color(red: 242, green: 242, blue: 247)
    public static let filledCellColor = Color(red: 52, green: 199, blue: 89)
    /// The touch-test grid lines (one pixel, along each cell's top and left edges).
    public static let gridLineColor = Color(red: 174, green: 174, blue: 178)

    /// The color of touch `id`'s path and crosshair.
    public static func color(for id: TouchID) -> Color {
        switch id {
        case .finger(let n): return touchColors[((n % touchColors.count) + touchColors.count) % touchColors.count]
        case .pointer: return touchColors[touchColors.count - 1]
        }
    }
}
