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
        var frames: [Rect] = []
        forEachScrollIndicatorFrame { frames.append($0) }
        return frames
    }

    /// Whether `scrollIndicatorFrames()` has any bar.
    public final var hasScrollIndicators: Bool {
        showsScrollIndicators && (canScroll(on: .horizontal) || canScroll(on: .vertical))
    }

    /// `scrollIndicatorFrames()` one at a time, with no array: what painting reads each frame.
    public final func forEachScrollIndicatorFrame(_ body: (Rect) -> Void) {
        guard showsScrollIndicators else { return }
        if let bar = scrollIndicatorFrame(on: .horizontal) { body(bar) }
        if let bar = scrollIndicatorFrame(on: .vertical) { body(bar) }
    }

    private func scrollIndicatorFrame(on axis: Axis) -> Rect? {
        guard canScroll(on: axis) else { return nil }
        let size = frame.size
        let length = size[axis]
        let total = contentSize[axis] + contentInset.leading(axis) + contentInset.trailing(axis)
        let bar = min(length, max(Self.scrollIndicatorMinimumLength, total > 0 ? length * length / total : length))
        let range = restingRange(on: axis)
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(max((contentOffset[axis] - range.lowerBound) / span, 0), 1) : 0
        let start = fraction * (length - bar)
        let across = (axis == .vertical ? size.width : size.height) - Self.scrollIndicatorInset - Self.scrollIndicatorThickness
        return axis == .vertical
            ? Rect(x: across, y: start, width: Self.scrollIndicatorThickness, height: bar)
            : Rect(x: start, y: across, width: bar, height: Self.scrollIndicatorThickness)
    }
}
