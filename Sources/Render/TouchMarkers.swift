public import NodeCore

/// A contact ellipse as the compositor reports it (`wl_touch.shape` and
/// `wl_touch.orientation`).
public struct TouchShape: Hashable, Sendable {
    /// Length of the major axis (a diameter), in points.
    public var major: Double
    /// Length of the minor axis (a diameter), in points; 0 or less means "as major".
    public var minor: Double
    /// Degrees of the major axis, clockwise from the surface's y axis.
    public var orientation: Double

    public init(major: Double, minor: Double, orientation: Double = 0) {
        self.major = major
        self.minor = minor
        self.orientation = orientation
    }
}

/// Touch visualization: what the session and `replay --png --show-touches` draw for
/// the active touches.
public enum TouchMarkers {
    /// The label of a touch: its finger id, or "P" for the pointer.
    public static func label(for id: TouchID) -> String {
        switch id {
        case .finger(let n): return String(n)
        case .pointer: return "P"
        }
    }

    /// One marker per touch, in the given order, at the touch's window location. A touch
    /// with a usable entry in `shapes` gets that contact ellipse (major axis along the
    /// marker's y axis before rotation, so the orientation keeps `wl_touch` semantics);
    /// any other touch, or a shape whose major axis is not a positive number, gets a
    /// circle of `TouchMarkerStyle.defaultRadius`.
    public static func markers(for touches: [Touch], shapes: [TouchID: TouchShape] = [:]) -> [TouchMarker] {
        touches.map { touch in
            let label = label(for: touch.id)
            guard let shape = shapes[touch.id], shape.major.isFinite, shape.major > 0 else {
                return TouchMarker(center: touch.location, label: label)
            }
            let minor = shape.minor.isFinite && shape.minor > 0 ? shape.minor : shape.major
            return TouchMarker(center: touch.location, radiusX: minor / 2, radiusY: shape.major / 2,
                               orientation: shape.orientation.isFinite ? shape.orientation : 0, label: label)
        }
    }
}
