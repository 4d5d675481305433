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
            for child in subnodes {
                let origin = child.frame.origin, inner = child.boundsOrigin
                extent = extent.union(child.subtreeExtent.offsetBy(dx: origin.x - inner.x, dy: origin.y - inner.y))
            }
        }
        cachedSubtreeExtent = extent
        return extent
    }

    /// Clears the cached extent of this node and its ancestors, and their paint grids. A cached
    /// extent implies cached extents below it, so the walk stops at the first ancestor already cleared.
    final func invalidateSubtreeExtent() {
        // Walks without reference counting (see `originInWindow`).
        var next: Unmanaged<Node>? = Unmanaged.passUnretained(self)
        while let link = next {
            next = link._withUnsafeGuaranteedRef { node in
                guard node.cachedSubtreeExtent != nil else { return nil }
                node.cachedSubtreeExtent = nil
                node.widePaintIndex = nil
                return node.supernodeLink.unretained
            }
        }
    }
}
