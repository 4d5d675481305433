public import NodeCore

/// Colors and widths of the tappable-area debug overlay (behaviour.md §5).
public enum OverlayStyle {
    /// Fill of each control's drawn tappable area, composited OVER the scene: RGBA(0, 255, 0, 0.4).
    public static let fillColor = Color(red: 0, green: 255, blue: 0, alpha: 0.4)
    /// Band on a side where an ancestor's slopRect cut the control's own slopRect: RGBA(30, 90, 50, 0.7).
    public static let limitedEdgeColor = Color(red: 30, green: 90, blue: 50, alpha: 0.7)
    /// Band on a side where a clipping ancestor hid part of the tappable area: RGBA(255, 128, 0, 0.8).
    /// Drawn after the limited bands, so it wins where both meet.
    public static let clippedEdgeColor = Color(red: 255, green: 128, blue: 0, alpha: 0.8)
    /// Width of the edge bands, in points, inside the drawn area. The bands replace the
    /// fill there: their pixels are scene OVER band color, never scene OVER fill OVER band.
    public static let edgeBandWidth = 2.0
}

/// How built-in controls decorate their background (behaviour.md §6).
public enum ControlStyle {
    /// Thickness, in points, of a slider's track bar, centered vertically across the full width
    /// (clamped to the slider's height).
    public static let sliderTrackThickness = 6.0
    /// The part of a slider's track right of the value.
    public static let sliderTrackColor = Color(red: 199, green: 199, blue: 204)
    /// The part of a slider's track left of the value (`value × width`).
    public static let sliderFillColor = Color(red: 0, green: 122, blue: 255)
    /// A toggle's knob: a square inset by `toggleKnobInset` on the left when off, the right when on.
    public static let toggleKnobColor = Color.white
    /// Inset of a toggle's knob from the toggle's bounds, in points.
    public static let toggleKnobInset = 2.0
}

/// How scroll indicators look (behaviour.md §9); their geometry is `ScrollNode`'s.
public enum ScrollIndicatorStyle {
    /// RGBA(0, 0, 0, 0.35), composited OVER the content.
    public static let color = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
}

/// How labels are set.
public enum LabelStyle {
    /// Font size of node labels unless a node sets its own (`Node.labelFontSize`), in points
    /// (pixels at buffer scale 1).
    public static let fontSize = Node.defaultLabelFontSize
}
