extension Node {
    /// Adds `node` as the frontmost subnode, removing it from any previous supernode.
    public final func addSubnode(_ node: Node) {
        insertSubnode(node, at: subnodes.count)
    }

    /// Inserts `node` at `index` (clamped to the valid range) among the subnodes.
    /// Inserting a node into its own subtree is a programming error.
    public final func insertSubnode(_ node: Node, at index: Int) {
        precondition(!node.isAncestor(of: self), "cannot insert a node into its own subtree")
        var index = index
        if node.supernode === self, let current = subnodes.firstIndex(where: { $0 === node }) {
            if current < index { index -= 1 }
        }
        // Moving within one tree keeps tracking alive; leaving the tree cancels it.
        let leavesTree = node.supernode != nil && node.unretainedRoot.toOpaque() != unretainedRoot.toOpaque()
        let formerTrackers = node.trackingAncestors()
        node.detach(notify: leavesTree)
        let clamped = min(max(index, 0), subnodes.count)
        subnodes.insert(node, at: clamped)
        node.supernode = self
        node.setNeedsLayout()
        invalidateSubtreeExtent()
        wideChildIndex = nil
        if let window { window.treeDidChange(by: node) }
        node.cancelTrackingOfTouchesLeaving(formerTrackers)
        node.invalidateSubtree()
    }

    /// Inserts `node` just in front of `sibling`; appends when `sibling` is not a subnode.
    public final func insertSubnode(_ node: Node, above sibling: Node) {
        if let i = subnodes.firstIndex(where: { $0 === sibling }) {
            insertSubnode(node, at: i + 1)
        } else {
            addSubnode(node)
        }
    }

    /// Inserts `node` just behind `sibling`; inserts at the back when `sibling` is not a subnode.
    public final func insertSubnode(_ node: Node, below sibling: Node) {
        if let i = subnodes.firstIndex(where: { $0 === sibling }) {
            insertSubnode(node, at: i)
        } else {
            insertSubnode(node, at: 0)
        }
    }

    /// Puts `replacement` where `old` was; does nothing if `old` is not a subnode.
    public final func replaceSubnode(_ old: Node, with replacement: Node) {
        guard old !== replacement, let i = subnodes.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSupernode()
        insertSubnode(replacement, at: i)
    }

    /// Detaches this node (and its subtree) from its supernode.
    public final func removeFromSupernode() {
        let formerTrackers = trackingAncestors()
        detach(notify: true)
        cancelTrackingOfTouchesLeaving(formerTrackers)
    }

    /// Whether this node is `node` or one of its ancestors.
    public final func isAncestor(of node: Node) -> Bool {
        var found = false
        node.forEachAncestor(includingSelf: true) { each in
            found = each === self
            return !found
        }
        return found
    }

    /// The controls above this node that are tracking a touch (walked without reference
    /// counting: a list's rows come and go through here).
    private func trackingAncestors() -> [ControlNode] {
        var result: [ControlNode] = []
        forEachAncestor { node in
            if let control = node.asControlNode, control.isTracking { result.append(control) }
            return true
        }
        return result
    }

    /// After this subtree moved: a touch bound inside it may no longer reach a former
    /// ancestor control through the responder chain (the control is no longer above it,
    /// or another control now consumes it first), so that control's tracking of the
    /// touch is cancelled rather than left waiting for an end it would never see.
    private func cancelTrackingOfTouchesLeaving(_ formerTrackers: [ControlNode]) {
        for control in formerTrackers {
            guard control.isTracking, let bound = control.trackingTouch?.node,
                  isAncestor(of: bound), !Node.touches(boundTo: bound, reach: control) else { continue }
            control.cancelActiveTracking()
        }
    }

    /// Whether touches bound to `node` reach `control` along the responder chain: the
    /// control is `node` or above it, with no other control in between to consume them.
    static func touches(boundTo node: Node, reach control: ControlNode) -> Bool {
        var current: Node? = node
        while let n = current {
            if n === control { return true }
            if n is ControlNode { return false }
            current = n.supernode
        }
        return false
    }

    private func detach(notify: Bool) {
        guard let parent = supernode else { return }
        invalidateSubtree()
        if let window = parent.window { window.treeDidChange(by: self) }
        // A node is among its parent's subnodes once: removing it there shifts the rest
        // without the retain and release per sibling of a filtering removal. The search runs
        // in from both ends, where a list's rows leave, so a row costs O(1) to find.
        if let i = parent.indexOfSubnode(self) { parent.subnodes.remove(at: i) }
        parent.invalidateSubtreeExtent()
        parent.wideChildIndex = nil
        supernode = nil
        parent.setNeedsLayout()
        if notify { forEachInSubtree { $0.didLeaveTree() } }
    }
}

extension Window {
    /// `node`'s subtree joined or left the tree.
    fileprivate func treeDidChange(by node: Node) {
        structureVersion &+= 1
        if node.hasImageInSubtree { imageStructureVersion &+= 1 }
    }
}

extension Node {
    /// Whether this node or one below it is an image.
    fileprivate var hasImageInSubtree: Bool {
        var found = false
        forEachInSubtree { found = found || $0.isImageNode }
        return found
    }

    /// Where `node` is among the subnodes, searched from both ends toward the middle.
    fileprivate func indexOfSubnode(_ node: Node) -> Int? {
        let target = ObjectIdentifier(node)
        return subnodes.withUnsafeBufferPointer { siblings -> Int? in
            var low = 0, high = siblings.count - 1
            while low <= high {
                if ObjectIdentifier(siblings[high]) == target { return high }
                if ObjectIdentifier(siblings[low]) == target { return low }
                low += 1
                high -= 1
            }
            return nil
        }
    }
}
