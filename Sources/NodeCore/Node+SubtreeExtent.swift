extension Node {
    /// The union of bounds, slopRect and hit-test extent over this subtree, in this node's coordinates:
    /// everything the subtree can paint, the debug overlay included, whatever is hidden.
    /// A node that clips to its bounds contributes only its own rects (its descendants'
    /// paint and drawn overlay stay inside its bounds). Cached per node and recomputed
    /// only below a change (a frame, slop, bounds origin, clipping, insertion or removal
    /// clears it on the changed node and its ancestors), so painting can skip a subtree
    /// whose extent misses the damage without visiting it.
    public final var subtreeExtent: Rect {
        if let cached = cachedSubtreeExtent { return cached }
        var extent = bounds.union(slopRect).union(hitTestExtent)
        if !clipsToBounds {
            forEach(in: subnodes) { child in
                let origin = child.frame.origin, inner = child.boundsOrigin
                extent = extent.union(child.subtreeExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y))
            }
        }
        cachedSubtreeExtent = extent
        return extent
    }

    /// Clears the cached extent of this node and its ancestors, and their paint grids. A cleared
    /// extent implies cleared extents above it and no paint grid on its parent, so the walk
    /// stops at the first node already cleared, after dropping that node's grid: the walk
    /// came up from one of its subnodes, whose extent the grid holds. (A node whose bounds
    /// origin moved keeps its grid with a cleared extent: `boundsOriginDidChange`.)
    final func invalidateSubtreeExtent() {
        forEachAncestor(includingSelf: true) { node in
            node.widePaintIndex = nil
            guard node.cachedSubtreeExtent != nil else { return false }
            node.cachedSubtreeExtent = nil
            return true
        }
    }

    /// A moved bounds origin (a scroll) moves this node's own rects and the whole subtree as
    /// its parent sees it, but not its subnodes' extents in its own coordinates: its extent
    /// and everything above are cleared, its paint grid is kept, so scrolling costs the
    /// same whatever the number of subnodes (behaviour.md §9.6).
    final func boundsOriginDidChange() {
        cachedSubtreeExtent = nil
        supernode?.invalidateSubtreeExtent()
    }
}
