/// Setting the frames a layout computed (behaviour.md §15): each origin is the unrounded
/// position in the parent rounded, each width and height the difference of the rounded
/// absolute edges, so frames are whole points and sizes still add up. Only what the
/// layout computed again, or what moved by a fraction of a point, is visited.
extension FlexEngine {
    func applyChildren(of node: Node, absoluteOrigin: Point) {
        for child in node.subnodes {
            if child.style.display == .none {
                hideSubtree(child)
                continue
            }
            if child.layoutState.hidesSubtree { showSubtree(child) }
            let frame = child.layoutState.unroundedFrame
            let origin = Point(x: absoluteOrigin.x + frame.minX, y: absoluteOrigin.y + frame.minY)
            let left = LayoutMath.round(origin.x), top = LayoutMath.round(origin.y)
            let rounded = Rect(x: LayoutMath.round(frame.minX), y: LayoutMath.round(frame.minY),
                               width: LayoutMath.round(origin.x + frame.width) - left,
                               height: LayoutMath.round(origin.y + frame.height) - top)
            setFrame(child, rounded)
            // The state's fields one by one: a copy of the whole state costs more than the rest.
            let needsApply = child.layoutState.needsApply, hasDirtyDescendant = child.layoutState.hasDirtyDescendant
            child.layoutState.calculatedSize = frame.size
            let movedByFraction = child.layoutState.appliedAbsoluteOrigin.map { !LayoutMath.isWholeShift(from: $0, to: origin) }
                ?? true
            child.layoutState.appliedAbsoluteOrigin = origin
            if child.laysOutScrollContent {
                // Its content is laid out at its own size (FlexEngine+ScrollContent.swift).
                if needsApply || hasDirtyDescendant { layOutRoot(child, isRTL: child.inheritedIsRTL) }
            } else if child.layout != nil, !child.subnodes.isEmpty {
                if needsApply || movedByFraction || hasDirtyDescendant {
                    applyChildren(of: child, absoluteOrigin: origin)
                }
            } else if hasDirtyDescendant {
                // A leaf's children keep their frames; laid-out nodes among them are roots of their own.
                child.layoutState.hasDirtyDescendant = false
                visitChildren(of: child)
            }
            child.layoutState.needsApply = false
            child.layoutState.hasDirtyDescendant = false
        }
    }

    /// `display: none`: the node and its whole subtree get (0, 0, 0, 0); frames set by hand
    /// (children of nodes without layout) are kept to be restored when it is shown again.
    private func hideSubtree(_ node: Node) {
        node.layoutState.hidesSubtree = true
        node.forEachInSubtree { descendant in
            if descendant !== node, descendant.supernode?.layout == nil, descendant.layoutState.frameBeforeHiding == nil {
                descendant.layoutState.frameBeforeHiding = descendant.frame
            }
            setFrame(descendant, .zero)
            descendant.layoutState.appliedAbsoluteOrigin = nil
            descendant.layoutState.needsApply = true
            descendant.layoutState.hasDirtyDescendant = false
        }
    }

    /// Shown again: frames set by hand come back, and laid-out nodes whose parent has no
    /// layout are laid out again at them (the rest follows from the pass). What lies under a
    /// node that stays hidden keeps its saved frames for that node's own showing.
    private func showSubtree(_ node: Node) {
        node.layoutState.hidesSubtree = false
        var roots: [Node] = []
        restoreFrames(below: node, roots: &roots)
        for root in roots { layOutRoot(root, isRTL: root.inheritedIsRTL) }
    }

    /// Gives back the frames set by hand below `node`, collecting the laid-out nodes among them
    /// into `roots`, down to the nodes that still hide their subtrees or that this pass hides
    /// (`display: none` under a laid-out parent): a root below those stays hidden, as a pass
    /// from scratch never reaches it. Under a parent without layout the flag hides nothing
    /// from the layout (a pass walks through such a node to the roots below it).
    private func restoreFrames(below node: Node, roots: inout [Node]) {
        for child in node.subnodes {
            if let frame = child.layoutState.frameBeforeHiding {
                setFrame(child, frame)
                child.layoutState.frameBeforeHiding = nil
                if child.layout != nil { roots.append(child) }
            }
            if child.layoutState.hidesSubtree || (child.style.display == .none && node.layout != nil) { continue }
            restoreFrames(below: child, roots: &roots)
        }
    }

    /// Sets a frame through the frame setter (so damage is recorded) only when it changes.
    private func setFrame(_ node: Node, _ frame: Rect) {
        guard node.frame != frame else { return }
        node.layoutState.isApplying = true
        node.frame = frame
        node.layoutState.isApplying = false
    }
}

extension LayoutMath {
    /// Whether moving from `old` to `new` shifts by whole points on both axes (rounding below then shifts alike).
    static func isWholeShift(from old: Point, to new: Point) -> Bool {
        let dx = new.x - old.x, dy = new.y - old.y
        return dx == dx.rounded() && dy == dy.rounded()
    }
}
