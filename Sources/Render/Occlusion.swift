import NodeCore

/// Painting that starts at the node covering the damage: what is painted before it (the
/// window background, its ancestors' own paint, earlier siblings' subtrees) would be painted
/// over by its opaque background, so a tap's repaint of a button fills its pixels once, not
/// three times. The pixels are the same.
extension Renderer {
    /// The node painted last among those whose own opaque background fill covers all of
    /// `area` (canvas pixels), looked for from the root down: nil when none does, or while
    /// the tappable-area overlay (drawn over the tree at exact offsets) is on. Nodes with 32
    /// or more subnodes are not searched below (their own cover still counts), so the
    /// search costs the tree's depth.
    func coveringNode(of area: PixelRect) -> Node? {
        guard !area.isEmpty, !window.showsTappableAreas else { return nil }
        let root = window.root
        return cover(of: area, in: root, x: root.frame.minX, y: root.frame.minY, offsetX: 0, offsetY: 0)
    }

    /// `coveringNode(of:)` within `node`'s subtree, `node`'s origin at window point (`x`, `y`)
    /// and its pixels moved by (`offsetX`, `offsetY`) as painting places them (`PaintTarget`).
    private func cover(of area: PixelRect, in node: Node, x: Double, y: Double, offsetX: Int, offsetY: Int) -> Node? {
        // A translucent node is painted through a layer: nothing in it covers anything.
        guard !node.isHidden, node.alpha >= 1 else { return nil }
        let rect = PixelRect(snapping: Rect(x: x, y: y, width: node.frame.width, height: node.frame.height), scale: scale)
            .offsetBy(dx: -offsetX, dy: -offsetY)
        let contains = rect.contains(area)
        // Its clip keeps its subtree's paint inside its bounds.
        if node.clipsToBounds, !contains { return nil }
        let children = node.subnodes
        if !children.isEmpty, children.count < Self.widestSearched {
            let shift = contentShift(of: node)
            // The last subnode first: it is painted last.
            var i = children.count
            while i > 0 {
                i -= 1
                let child = children[i]
                let childX = x + child.frame.minX, childY = y + child.frame.minY
                guard mayCover(area, child, x: childX, y: childY, offsetX: offsetX + shift.x, offsetY: offsetY + shift.y),
                      let found = cover(of: area, in: child, x: childX, y: childY, offsetX: offsetX + shift.x,
                                        offsetY: offsetY + shift.y) else { continue }
                return found
            }
        }
        guard contains, !(node is ImageNode), node.currentBackgroundColor.alpha >= 1 else { return nil }
        return node
    }

    /// Whether `node`'s subtree may hold a node whose bounds contain `area`: its cached
    /// extent, with two pixels of margin as `mayPaint`, contains it.
    private func mayCover(_ area: PixelRect, _ node: Node, x: Double, y: Double, offsetX: Int, offsetY: Int) -> Bool {
        let inner = node.boundsOrigin
        let extent = node.subtreeExtent.offsetBy(dx: -inner.x, dy: -inner.y)
        guard !extent.isEmpty else { return false }
        let s = scale.factor
        return (x + extent.minX) * s - 2 <= Double(area.minX + offsetX) && (x + extent.maxX) * s + 2 >= Double(area.maxX + offsetX)
            && (y + extent.minY) * s - 2 <= Double(area.minY + offsetY) && (y + extent.maxY) * s + 2 >= Double(area.maxY + offsetY)
    }

    /// Subnodes past which the search does not look below a node (as many as a wide node's grid starts at).
    private static let widestSearched = 32

    /// Whether `node` is `cover` or one of its ancestors.
    static func leads(_ node: Node, to cover: Node) -> Bool {
        var current: Node? = cover
        while let each = current {
            if each === node { return true }
            current = each.supernode
        }
        return false
    }
}
