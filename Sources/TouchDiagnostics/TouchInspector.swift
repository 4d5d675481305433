public import NodeCore

/// The touch inspector (part of the pointer-location HUD): for each active touch, why it
/// goes where it goes — the node it is bound to and, while a control tracks it, that
/// control's tracking rectangle (behaviour.md §4.1: slopRect grown by the drag tolerance) and
/// whether the touch is inside it; and a scroll node's hold on it (its content-touch
/// delay, or a drag).
public enum TouchInspector {
    /// What the inspector shows for one touch.
    public struct Item: Sendable, Equatable {
        public var touchID: TouchID
        public var location: Point
        /// The bound node's name; nil when the down hit nothing.
        public var nodeName: String?
        /// The tracking control's tracking rectangle in window points, and whether the touch is
        /// inside it now (exactly the control's own test, half-open).
        public var tracking: (rect: Rect, inside: Bool)?
        /// A scroll node's hold on the touch, in words ("held by list's content delay",
        /// "dragging list"); nil when none holds it.
        public var scrollState: String?

        public static func == (a: Item, b: Item) -> Bool {
            a.touchID == b.touchID && a.location == b.location && a.nodeName == b.nodeName
                && a.tracking?.rect == b.tracking?.rect && a.tracking?.inside == b.tracking?.inside
                && a.scrollState == b.scrollState
        }

        /// The label beside the touch: its id, its node, and any scroll node's hold on it.
        public var text: String {
            var text = "\(touchID) → \(nodeName ?? "nothing")"
            if let scrollState { text += " · \(scrollState)" }
            return text
        }
    }

    /// One item per active touch of `window`, in the order the touches began.
    public static func items(for window: Window) -> [Item] {
        window.activeTouches.map(item)
    }

    static func item(_ touch: Touch) -> Item {
        var item = Item(touchID: touch.id, location: touch.location, nodeName: touch.node?.name)
        if let control = trackingControl(of: touch) {
            let rect = control.trackingRect
            let inside = rect.contains(touch.location(in: control))
            item.tracking = (control.convert(rect, to: nil), inside)
        }
        switch touch.scrollState {
        case .heldByContentDelay(let scroll)?: item.scrollState = "held by \(scroll.name)'s content delay"
        case .dragging(let scroll)?: item.scrollState = "dragging \(scroll.name)"
        case nil: break
        }
        return item
    }

    /// The control tracking `touch`: the first control up the responder chain from its node
    /// whose tracking touch it is.
    static func trackingControl(of touch: Touch) -> ControlNode? {
        var node = touch.node
        while let current = node {
            if let control = current as? ControlNode, control.isTracking, control.trackingTouch === touch { return control }
            node = current.supernode
        }
        return nil
    }
}
