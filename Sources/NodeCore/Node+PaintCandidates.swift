extension Node {
    /// Calls `body` with each subnode, back to front, but for subnodes whose `subtreeExtent`
    /// (placed in this node's coordinates) surely misses `rect`: among many subnodes a grid
    /// of their extents (`widePaintIndex`) keeps a small damage from visiting them all.
    public final func forEachSubnode(mayMeet rect: Rect, _ body: (Node) -> Void) {
        let children = subnodes
        if children.count >= WideChildIndex.minimumChildren {
            if widePaintIndex == nil, widePaintWalks >= WideChildIndex.paintsBeforeBuilding { buildPaintIndex(children) }
            if let index = widePaintIndex {
                if index.forEachCandidate(in: rect, { body(children[$0]) }) { return }
            } else {
                widePaintWalks += 1
            }
        }
        for child in children { body(child) }
    }

    /// The grid over the subnodes' subtree extents. Its own extent is cached first, and the
    /// subnodes' by reading them, so any later change clears this node's on its way up
    /// (`invalidateSubtreeExtent`), which drops the grid.
    private func buildPaintIndex(_ children: [Node]) {
        _ = subtreeExtent
        widePaintWalks = 0
        widePaintIndex = WideChildIndex(extents: children.map { child in
            let origin = child.frame.origin, inner = child.boundsOrigin
            return child.subtreeExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y)
        })
    }
}
