/// Where client-side decorations sit around a window's content (docs/wayland.md
/// "Decorations"): a title bar of `titleBarHeight` points directly above the content, and an
/// invisible border of `borderWidth` around both that takes the pointer's presses to resize.
/// The window geometry (what the compositor places, sizes and configures) is the title bar
/// plus the content; the border lies outside it. The content keeps its own coordinates:
/// everything here is relative to the content surface's origin.
public struct DecorationLayout: Hashable, Sendable {
    public var titleBarHeight: Int
    public var borderWidth: Int
    /// The content surface's size in points, as shown.
    public var contentSize: Size

    /// Presses this close to a corner, along either side, resize from the corner.
    public static let cornerLength = 16

    public init(titleBarHeight: Int, borderWidth: Int, contentSize: Size) {
        self.titleBarHeight = titleBarHeight
        self.borderWidth = borderWidth
        self.contentSize = contentSize
    }

    /// `xdg_surface.set_window_geometry`: the title bar and the content.
    public var windowGeometry: Rect {
        Rect(x: 0, y: -Double(titleBarHeight), width: contentSize.width, height: contentSize.height + Double(titleBarHeight))
    }

    /// The title bar's subsurface.
    public var titleBar: Rect {
        Rect(x: 0, y: -Double(titleBarHeight), width: contentSize.width, height: Double(titleBarHeight))
    }

    /// The border's subsurface, below the content and the title bar.
    public var border: Rect {
        windowGeometry.outset(by: Double(borderWidth))
    }

    /// The edge a press at `point` (the border surface's coordinates) resizes, or nil inside
    /// the window geometry (which the title bar and content cover).
    package func edge(atBorderPoint point: Point) -> XdgToplevel.ResizeEdge? {
        let geometry = windowGeometry
        let x = point.x - Double(borderWidth), y = point.y - Double(borderWidth)
        let width = geometry.width, height = geometry.height, corner = Double(Self.cornerLength)
        let outsideX = x < 0 || x >= width, outsideY = y < 0 || y >= height
        var edge: UInt32 = 0
        if y < 0 || (outsideX && y < corner) { edge |= XdgToplevel.ResizeEdge.top.rawValue }
        if y >= height || (outsideX && y >= height - corner) { edge |= XdgToplevel.ResizeEdge.bottom.rawValue }
        if x < 0 || (outsideY && x < corner) { edge |= XdgToplevel.ResizeEdge.left.rawValue }
        if x >= width || (outsideY && x >= width - corner) { edge |= XdgToplevel.ResizeEdge.right.rawValue }
        return edge == 0 ? nil : XdgToplevel.ResizeEdge(rawValue: edge)
    }

    /// The X cursor shown over `edge` (the arrow elsewhere).
    package static func cursorName(for edge: XdgToplevel.ResizeEdge?) -> String {
        switch edge {
        case .top?: "top_side"
        case .bottom?: "bottom_side"
        case .left?: "left_side"
        case .right?: "right_side"
        case .topLeft?: "top_left_corner"
        case .topRight?: "top_right_corner"
        case .bottomLeft?: "bottom_left_corner"
        case .bottomRight?: "bottom_right_corner"
        default: PointerCursor.defaultName
        }
    }
}
