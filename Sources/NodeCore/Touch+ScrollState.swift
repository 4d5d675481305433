/// How a scroll node holds a touch (behaviour.md §9), for inspectors such as the touch
/// inspector of the pointer-location HUD.
public enum TouchScrollState {
    /// The scroll node's content-touch delay holds the touch back: its content has not
    /// seen the down yet, and gets it only if the touch neither moves past the slop nor
    /// lifts before the delay ends.
    case heldByContentDelay(ScrollNode)
    /// The touch drags the scroll node.
    case dragging(ScrollNode)
}

extension Touch {
    /// What a scroll node on the touch's path is doing with it now; nil when none holds it.
    public var scrollState: TouchScrollState? {
        guard let pan else { return nil }
        if let node = pan.dragNode { return .dragging(node) }
        if pan.content == .pending, let delaying = pan.watchers.first(where: { $0.delaysContentTouches && $0.canScroll }) {
            return .heldByContentDelay(delaying)
        }
        return nil
    }
}
