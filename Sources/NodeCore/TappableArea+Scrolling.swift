/// Where a control inside scroll content could be touched once scrolled into view
/// (behaviour.md §9 "Audit").
extension TappableArea {
    /// The control's tappable area with each scroll node above it scrolled, within its
    /// resting range, as little as needed to show the control (innermost first, so an
    /// outer list then shows the carousel that now shows the control), and the scroll
    /// nodes that had to move. Nil when the control cannot be hit at all.
    public static func scrolledIntoView(_ control: ControlNode) -> (area: TappableArea, scrolled: [ScrollNode])? {
        var origins: [ObjectIdentifier: Point] = [:]
        var scrolled: [ScrollNode] = []
        var rect = control.slopRect
        var node: Node = control
        while let parent = node.supernode {
            let inner = origins[ObjectIdentifier(node)] ?? node.boundsOrigin
            rect = rect.offsetBy(dx: node.frame.minX - inner.x, dy: node.frame.minY - inner.y)
            if let scroll = parent.asScrollNode {
                let offset = scroll.offset(showing: rect)
                if offset != scroll.contentOffset {
                    origins[ObjectIdentifier(scroll)] = offset
                    scrolled.append(scroll)
                }
            }
            node = parent
        }
        guard let area = TappableArea(of: control, boundsOrigins: origins) else { return nil }
        return (area, scrolled)
    }
}

extension ScrollNode {
    /// The offset in the resting range nearest the current one that shows `rect`
    /// (content coordinates) whole, or its leading part when it is larger than the node.
    func offset(showing rect: Rect) -> Point {
        var offset = contentOffset
        for axis in Axis.allCases {
            let low = axis == .horizontal ? rect.minX : rect.minY
            let high = axis == .horizontal ? rect.maxX : rect.maxY
            let length = frame.size[axis]
            var value = offset[axis]
            if high - low > length || low < value {
                value = low
            } else if high > value + length {
                value = high - length
            }
            let range = restingRange(on: axis)
            offset[axis] = min(max(value, range.lowerBound), range.upperBound)
        }
        return offset
    }
}
