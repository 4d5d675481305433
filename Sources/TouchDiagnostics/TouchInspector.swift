public import NodeCore

/// The touch inspector (part of the pointer-location HUD): for each active touch, why it
/// goes where it goes — the node it is bound to and, while a control tracks it, that
/// control's tracking rectangle (SPEC §4: slopRect grown by the drag tolerance) and
/// whether the touch is inside it.
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

        public static func == (a: Item, b: Item) -> Bool {
            a.touchID == b.touchID && a.location == b.location && a.nodeName == b.nodeName
                && a.tracking?.rect == b.tracking?.rect && a.tracking?.inside == b.tracking?.inside
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
