/// Where a scroll node's scroll indicators are (behaviour.md §9): one bar per axis that
/// can scroll, shown while dragging, decelerating or bouncing.
extension ScrollNode {
    /// Thickness of an indicator bar, in points.
    public static let scrollIndicatorThickness = 3.0
    /// Distance of an indicator bar from the node's trailing edge (right or bottom), in points.
    public static let scrollIndicatorInset = 2.5
    /// The shortest an indicator bar gets, in points.
    public static let scrollIndicatorMinimumLength = 36.0

    /// The indicator bars, relative to the node's top-left corner (not the content):
    /// `max(36, size² / (contentSize + insets))` long (at most the node's size), placed
    /// along the axis in proportion to the offset within the resting range; none when idle.
    public final func scrollIndicatorFrames() -> [Rect] {
        guard showsScrollIndicators else { return [] }
        var frames: [Rect] = []
        let size = frame.size
        for axis in Axis.allCases where canScroll(on: axis) {
            let length = size[axis]
            let total = contentSize[axis] + contentInset.leading(axis) + contentInset.trailing(axis)
            let bar = min(length, max(Self.scrollIndicatorMinimumLength, total > 0 ? length * length / total : length))
            let range = restingRange(on: axis)
            let span = range.upperBound - range.lowerBound
            let fraction = span > 0 ? min(max((contentOffset[axis] - range.lowerBound) / span, 0), 1) : 0
            let start = fraction * (length - bar)
            let across = (axis == .vertical ? size.width : size.height) - Self.scrollIndicatorInset - Self.scrollIndicatorThickness
            frames.append(axis == .vertical
                ? Rect(x: across, y: start, width: Self.scrollIndicatorThickness, height: bar)
                : Rect(x: start, y: across, width: bar, height: Self.scrollIndicatorThickness))
        }
        return frames
    }
}
