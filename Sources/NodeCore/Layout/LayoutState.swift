/// The room a node is offered on one axis while it is sized (CSS's available space).
enum AvailableSpace: Hashable {
    /// At most this many points.
    case definite(Double)
    /// As narrow as the content allows (wrapped at every opportunity).
    case minContent
    /// As wide as the content wants (unwrapped).
    case maxContent

    var definiteValue: Double? {
        if case .definite(let value) = self { return value }
        return nil
    }

    /// The space less `amount` (a definite space only).
    func shrunk(by amount: Double) -> AvailableSpace {
        if case .definite(let value) = self { return .definite(value - amount) }
        return self
    }
}

/// What a node is asked for: its sizes where already decided, the percent base, the
/// room it has, its inherited writing direction, and whether its children are placed
/// too (a full layout) or only its size is wanted. Equal inputs give equal outputs,
/// which the caches rely on.
struct LayoutInput: Hashable {
    var knownWidth: Double?
    var knownHeight: Double?
    /// The container's content box: the base of the node's percentages.
    var parentWidth: Double?
    var parentHeight: Double?
    var availableWidth: AvailableSpace
    var availableHeight: AvailableSpace
    var isRTL: Bool
    /// Sizes the node on this axis by its content alone, without its own width or height and
    /// their limits: what a flex base size is (the container applies the limits after).
    var contentSizedWidth = false
    var contentSizedHeight = false
}

/// What sizing a node gives: its border-box size and its first baseline from its top.
struct LayoutOutput: Hashable {
    var size: Size
    var firstBaseline: Double?
}

/// Per-node state of the layout engine: caches of the last results by input, the dirty
/// flags set by `setNeedsLayout`, and the unrounded frame of the last full layout.
struct LayoutState {
    /// The node's inputs changed since its caches were filled (its style, its content,
    /// its children): the caches are void.
    var isDirty = true
    /// A node below (not laid out by this one's layout) needs layout: a pass visits it.
    var hasDirtyDescendant = false
    /// Set while the layout sets this node's frame, so the frame setter does not mark it dirty.
    var isApplying = false
    /// The full layout's input and output, when it is the last one done.
    var layoutInput: LayoutInput?
    var layoutOutput = LayoutOutput(size: .zero, firstBaseline: nil)
    /// Sizing results by input (a few, replaced in turn).
    var measureCache: [(LayoutInput, LayoutOutput)] = []
    var nextMeasureSlot = 0
    /// Position (in the parent's content coordinates) and size of the last full layout, unrounded.
    var unroundedFrame = Rect.zero
    /// The last full layout changed this node's children, so their frames must be set again.
    var needsApply = true
    /// The unrounded window-relative origin the frame was last rounded at.
    var appliedAbsoluteOrigin: Point?
    /// The frame set by hand (not by a layout) that `display: none` above zeroed, to restore when shown.
    var frameBeforeHiding: Rect?
    /// This node is `display: none` and its subtree's frames are zero.
    var hidesSubtree = false
    /// The size of the last `layoutThatFits` or layout pass (Texture's calculatedSize).
    var calculatedSize: Size?

    static let measureCacheSlots = 4

    func cachedMeasure(_ input: LayoutInput) -> LayoutOutput? {
        if layoutInput == input { return layoutOutput }
        for (key, output) in measureCache where key == input { return output }
        return nil
    }

    mutating func storeMeasure(_ input: LayoutInput, _ output: LayoutOutput) {
        if measureCache.count < LayoutState.measureCacheSlots {
            measureCache.append((input, output))
        } else {
            measureCache[nextMeasureSlot] = (input, output)
            nextMeasureSlot = (nextMeasureSlot + 1) % LayoutState.measureCacheSlots
        }
    }

    mutating func clearCaches() {
        layoutInput = nil
        measureCache.removeAll(keepingCapacity: true)
        nextMeasureSlot = 0
    }
}
