/// The layout API of nodes (behaviour.md §15, Texture's layoutThatFits and calculatedSize):
/// marking a node's layout inputs changed, sizing a node for a range, and the pass that
/// lays out the changed parts of a tree and sets their frames.
extension Node {
    /// Whether this node or something below it changed since the last layout pass.
    public final var needsLayout: Bool { layoutState.isDirty || layoutState.hasDirtyDescendant }

    /// The size of the last `layoutThatFits` or layout pass of this node; nil before either.
    public final var calculatedSize: Size? { layoutState.calculatedSize }

    /// Marks this node's layout inputs changed (its style, layout, content or subnodes), so
    /// the next pass lays it and what depends on it out again. The property setters call it.
    public final func setNeedsLayout() {
        layoutState.isDirty = true
        layoutState.clearCaches()
        // Laid-out ancestors depend on this node's size; above the first one that is not
        // laid out, ancestors only need to be walked through by the next pass.
        var child = self
        var invalidatesParent = true
        while let parent = child.supernode {
            if invalidatesParent, parent.layout != nil {
                if parent.layoutState.isDirty { return }
                parent.layoutState.isDirty = true
                parent.layoutState.clearCaches()
            } else {
                invalidatesParent = false
                if parent.layoutState.hasDirtyDescendant { return }
                parent.layoutState.hasDirtyDescendant = true
            }
            child = parent
        }
    }

    /// The size this node takes within `range` (Texture's layoutThatFits): the layout sizes
    /// it as a laid-out item offered `range.max`, then clamps into the range. Sets no frame;
    /// the result is cached until the node's inputs change, and kept as `calculatedSize`.
    @discardableResult
    public final func layoutThatFits(_ range: SizeRange, measurer: (any LayoutMeasuring)?) -> Size {
        let engine = FlexEngine(measurer: measurer)
        let output = engine.size(of: self, fitting: range, isRTL: inheritedIsRTL)
        layoutState.calculatedSize = output
        return output
    }

    /// Gives this node `size` (keeping its origin) and lays out whatever changed in its
    /// subtree since the last pass, setting the frames that changed: the window's pass,
    /// with the window's size for the root (`Window.layoutIfNeeded(measurer:)`).
    public final func layoutIfNeeded(size: Size, measurer: (any LayoutMeasuring)?) {
        if frame.size != size {
            layoutState.isApplying = true
            frame.size = size
            layoutState.isApplying = false
            if layout != nil { setNeedsLayout() }
        }
        layoutIfNeeded(measurer: measurer)
    }

    /// Lays out whatever changed in this subtree since the last pass, at the node's current size.
    public final func layoutIfNeeded(measurer: (any LayoutMeasuring)?) {
        let engine = FlexEngine(measurer: measurer)
        if layout != nil {
            engine.layOutRoot(self, isRTL: inheritedIsRTL)
        } else {
            engine.visit(self)
        }
    }

    /// Lays the whole subtree out at `size` with no cache consulted: the reference the
    /// caches are tested against.
    final func layOutWithoutCaches(size: Size, measurer: (any LayoutMeasuring)?) {
        forEachInSubtree { $0.setNeedsLayout() }
        layoutState.isApplying = true
        frame.size = size
        layoutState.isApplying = false
        var engine = FlexEngine(measurer: measurer)
        engine.usesCaches = false
        if layout != nil {
            engine.layOutRoot(self, isRTL: inheritedIsRTL)
        } else {
            engine.visit(self)
        }
    }

    /// The writing direction this node's `inherit` resolves to: the nearest ancestor's own one, else ltr.
    final var inheritedIsRTL: Bool {
        var current = supernode
        while let node = current {
            if let direction = node.layout?.writingDirection, direction != .inherit { return direction == .rtl }
            current = node.supernode
        }
        return false
    }

    /// After a change of `layout`: a new writing direction reaches the laid-out nodes below
    /// that inherit it also through parents without layout.
    final func layoutDidChange(from oldValue: FlexLayout?) {
        setNeedsLayout()
        guard layout?.writingDirection != oldValue?.writingDirection else { return }
        for child in subnodes {
            child.forEachInSubtree { if $0.layout != nil { $0.setNeedsLayout() } }
        }
    }

    /// After a change of `style`: the display flag hit testing reads, and the layout.
    final func styleDidChange(from oldValue: LayoutStyle) {
        isDisplayNone = style.display == .none
        setNeedsLayout()
    }
}

extension Window {
    /// Lays the root out at the window's size, doing only what changed since the last pass.
    public final func layoutIfNeeded(measurer: (any LayoutMeasuring)?) {
        // Self-sizing list rows are measured with it from now on (behaviour.md §15.3).
        let isFirstPass = rowMeasurement == nil
        rowMeasurement = RowMeasurement(measurer: measurer)
        root.layoutIfNeeded(size: size, measurer: measurer)
        // Rows made before there was anything to measure them with are measured now.
        if isFirstPass { measureSelfSizingRows() }
    }
}
