extension Node {
    /// Calls `body` with each subnode, back to front, but for subnodes whose `subtreeExtent`
    /// (placed in this node's coordinates) surely misses `rect`: among many subnodes a grid
    /// of their extents (`widePaintIndex`) keeps a small damage from visiting them all.
    public final func forEachSubnode(mayMeet rect: Rect, _ body: (Node) -> Void) {
        let children = subnodes
        if children.count >= WideChildIndex.minimumChildren {
            if widePaintIndex == nil, widePaintWalks >= WideChildIndex.paintsBeforeBuilding { buildPaintIndex(children) }
            if let index = widePaintIndex {
                if index.forEachCandidate(in: rect, { with(children, $0, body) }) { return }
            } else {
                widePaintWalks += 1
            }
        }
        forEach(in: children, body)
    }

    /// The grid over the subnodes' subtree extents. Its own extent is cached first, and the
    /// subnodes' by reading them, so any later change clears this node's on its way up
    /// (`invalidateSubtreeExtent`), which drops the grid.
    private func buildPaintIndex(_ children: [Node]) {
        _ = subtreeExtent
        widePaintWalks = 0
        var extents: [Rect?] = []
        extents.reserveCapacity(children.count)
        forEach(in: children) { child in
            let origin = child.frame.origin, inner = child.boundsOrigin
            extents.append(child.subtreeExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y))
        }
        widePaintIndex = WideChildIndex(extents: extents)
    }
}
