/// A scrolling direction.
public enum Axis: String, CaseIterable, Hashable, Sendable {
    case horizontal, vertical

    /// Both axes, stored once: the synthesized list is a new array on every read in
    /// unoptimized builds, and scrolling reads it per touch motion.
    public static let allCases: [Axis] = [.horizontal, .vertical]
}

extension Point {
    /// The coordinate along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

extension Size {
    /// The extent along `axis`.
    public subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }
}

extension EdgeInsets {
    /// The inset at the start of `axis` (left or top).
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
    /// The inset at the end of `axis` (right or bottom).
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}
