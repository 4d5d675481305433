extension Node {
    /// Where this node's coordinate origin lies in window (root) coordinates: the sum
    /// of `frame.origin - boundsOrigin` up the chain. `bounds` offset by it is the
    /// node's rect on screen.
    public final var originInWindow: Point {
        var x = frame.minX - boundsOrigin.x, y = frame.minY - boundsOrigin.y
        // Unretained (TreeEdges.swift): bound strongly, every step cost a retain and a release,
        // on the slow path for the nodes that weak references (touches, tap counts) point at.
        forEachAncestor { node in
            x += node.frame.minX - node.boundsOrigin.x
            y += node.frame.minY - node.boundsOrigin.y
            return true
        }
        return Point(x: x, y: y)
    }

    /// Converts `point` from this node's coordinates into `node`'s (window coordinates when nil).
    public final func convert(_ point: Point, to node: Node?) -> Point {
        let from = originInWindow
        let to = node?.originInWindow ?? .zero
        return Point(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }

    /// Converts `point` from `node`'s coordinates (window coordinates when nil) into this node's.
    public final func convert(_ point: Point, from node: Node?) -> Point {
        let from = node?.originInWindow ?? .zero
        let to = originInWindow
        return Point(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }

    /// Converts `rect` from this node's coordinates into `node`'s (window coordinates when nil).
    public final func convert(_ rect: Rect, to node: Node?) -> Rect {
        Rect(origin: convert(rect.origin, to: node), size: rect.size)
    }

    /// Converts `rect` from `node`'s coordinates (window coordinates when nil) into this node's.
    public final func convert(_ rect: Rect, from node: Node?) -> Rect {
        Rect(origin: convert(rect.origin, from: node), size: rect.size)
    }

    /// The union of bounds and slopRect over this subtree, in window coordinates:
    /// everything this subtree can paint, the debug overlay included. A node that clips
    /// to its bounds contributes only its own rects: its descendants' paint and drawn
    /// overlay stay inside its bounds, so a scrolled content of any size costs nothing.
    public final func subtreeExtentInWindow() -> Rect {
        let origin = originInWindow
        return subtreeExtent.offsetBy(dx: origin.x, dy: origin.y)
    }
}
