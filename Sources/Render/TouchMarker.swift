public import NodeCore

/// One active touch to draw: a contact ellipse with the touch id.
///
/// At `orientation` 0, `radiusX` runs along the window's x axis and `radiusY` along
/// its y axis; a positive orientation turns the ellipse clockwise on screen. With
/// `wl_touch` semantics (the major axis's angle clockwise from the surface's y axis),
/// pass the major half-axis as `radiusY` and the minor one as `radiusX`.
public struct TouchMarker: Hashable, Sendable {
    /// The contact's center, in window points.
    public var center: Point
    /// Half-axis along x before rotation, in points.
    public var radiusX: Double
    /// Half-axis along y before rotation, in points.
    public var radiusY: Double
    /// Degrees, clockwise from the surface's y axis (`wl_touch.orientation` semantics); 0 = none.
    public var orientation: Double
    /// The touch id, e.g. "1" or "P" for the pointer; empty draws no label.
    public var label: String

    public init(center: Point, radiusX: Double, radiusY: Double, orientation: Double, label: String) {
        self.center = center
        self.radiusX = radiusX
        self.radiusY = radiusY
        self.orientation = orientation
        self.label = label
    }

    /// A circular marker of the default radius.
    public init(center: Point, label: String) {
        self.init(center: center, radiusX: TouchMarkerStyle.defaultRadius, radiusY: TouchMarkerStyle.defaultRadius,
                  orientation: 0, label: label)
    }
}

/// How touch markers look (touch visualization, the session's `t` key).
///
/// From the inside out: a translucent `fillColor` inside the ring, an opaque ring
/// `ringWidth` wide centered on the contact ellipse, a white `haloWidth` halo outside
/// the ring so it shows on any background, a `centerDotRadius` dot in `ringColor` at
/// the center, and the label in a `ringColor` badge touching the ring at its upper
/// right. Every length is in points and multiplied by the renderer's buffer scale.
public enum TouchMarkerStyle {
    /// Contact radius used when the compositor reports no shape, in points.
    public static let defaultRadius = 22.0
    /// Radii are clamped to `0...maximumRadius` points (a non-finite radius counts as 0).
    public static let maximumRadius = 1_000.0
    /// Inside the ring: white at 35 %, composited OVER the scene.
    public static let fillColor = Color(red: 255, green: 255, blue: 255, alpha: 0.35)
    /// The ring, the center dot and the label badge: system blue #007AFF, opaque.
    public static let ringColor = Color(red: 0, green: 122, blue: 255)
    /// Width of the ring, in points, centered on the contact ellipse (half inside, half outside).
    public static let ringWidth = 3.0
    /// The halo just outside the ring: opaque white.
    public static let haloColor = Color.white
    /// Width of the halo, in points.
    public static let haloWidth = 1.0
    /// Radius of the center dot, in points.
    public static let centerDotRadius = 2.5
    /// Font size of the label, in points, in the renderer's label font.
    public static let labelFontSize = 12.0
    /// The label's color, on the badge.
    public static let labelColor = Color.white
    /// Space between the label's text box and the badge's edges, in points.
    public static let labelPadding = 3.0
    /// Largest distance, in pixels, between the drawn polygon and the true ellipse:
    /// ellipses get as many segments as this needs (at least 16, a multiple of 4).
    public static let flatness = 0.1
}
