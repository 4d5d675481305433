/// The layout engine (behaviour.md §15): sizes and places nodes by CSS flexbox with
/// Yoga's defaults, through per-node caches keyed by the exact input, so that a pass
/// after a change computes only the changed nodes and their ancestors again.
struct FlexEngine {
    let measurer: (any LayoutMeasuring)?
    /// False computes every node for every question, asking the measurer each time: what the
    /// caches must never change (tests compare the two).
    var usesCaches = true

    /// Sizes `node` (or lays out its children too when `perform`), from its cache when
    /// the input is the one it last answered and nothing changed since.
    func compute(_ node: Node, _ given: LayoutInput, perform: Bool) -> LayoutOutput {
        let isContainer = node.layout != nil && !node.subnodes.isEmpty && !node.laysOutScrollContent
        var input = given
        // A percent base the node's style does not resolve against is not part of the question,
        // so a container's sizing and its layout (which knows its height) share their items' answers.
        if usesCaches { node.style.clearUnreadPercentBases(of: &input) }
        let digest = input.digest
        if node.layoutState.isDirty || !usesCaches {
            node.layoutState.clearCaches()
            node.layoutState.isDirty = false
        } else if perform {
            if let output = node.layoutState.cachedLayout(input, digest: digest) { return output }
        } else if let cached = node.layoutState.cachedMeasure(input, digest: digest) {
            return cached
        }
        node.layoutState.computations &+= 1
        let output: LayoutOutput
        // A scroll node sizing its content by its layout is a leaf to its parent (its content does not size it).
        if isContainer, let layout = node.layout {
            output = computeFlex(node, layout, input, perform: perform)
        } else {
            output = computeLeaf(node, input, perform: perform)
        }
        if perform {
            node.layoutState.storeLayout(input, digest: digest, output)
            node.layoutState.needsApply = true
        } else {
            node.layoutState.storeMeasure(input, digest: digest, output)
        }
        return output
    }

    /// A node without laid-out children: its style's size, else its measured content plus
    /// its content insets (0 × 0 without content), within its min and max.
    private func computeLeaf(_ node: Node, _ input: LayoutInput, perform: Bool) -> LayoutOutput {
        let sizes = ResolvedSizes(node.style, for: input)
        var width = input.knownWidth ?? sizes.width.map(sizes.clampWidth)
        var height = input.knownHeight ?? sizes.height.map(sizes.clampHeight)
        if let ratio = sizes.aspectRatio {
            if width == nil, let height { width = sizes.clampWidth(height * ratio) }
            if height == nil, let width { height = sizes.clampHeight(width / ratio) }
        }
        let padding = node.layout?.padding ?? .zero
        let insets = EdgeInsets(top: padding.top + node.contentInsets.top, left: padding.left + node.contentInsets.left,
                                bottom: padding.bottom + node.contentInsets.bottom, right: padding.right + node.contentInsets.right)
        let insetWidth = insets.left + insets.right, insetHeight = insets.top + insets.bottom
        var baseline: Double?
        if width == nil || height == nil || perform {
            let offered: Double?
            if let width {
                offered = Swift.max(0, width - insetWidth)
            } else {
                switch input.availableWidth {
                case .definite(let available):
                    let margin = sizes.horizontalMargin(node.style, parentWidth: input.parentWidth)
                    offered = Swift.max(0, Swift.min(available - margin, sizes.maxWidth ?? .infinity) - insetWidth)
                case .minContent: offered = 0
                case .maxContent: offered = sizes.maxWidth.map { Swift.max(0, $0 - insetWidth) }
                }
            }
            // An image measures its intrinsic size (behaviour.md §17.2); other leaves ask the measurer.
            let intrinsic = (node as? ImageNode)?.intrinsicContentSize.map { LayoutMeasurement(size: $0) }
            if let measured = intrinsic ?? measure(node, offeredWidth: offered) {
                if width == nil { width = sizes.clampWidth(measured.size.width + insetWidth) }
                if let ratio = sizes.aspectRatio, height == nil, let width { height = sizes.clampHeight(width / ratio) }
                if height == nil { height = sizes.clampHeight(measured.size.height + insetHeight) }
                baseline = measured.firstBaseline.map { $0 + insets.top }
            }
        }
        let size = Size(width: Swift.max(width ?? sizes.clampWidth(insetWidth), padding.left + padding.right),
                        height: Swift.max(height ?? sizes.clampHeight(insetHeight), padding.top + padding.bottom))
        return LayoutOutput(size: size, firstBaseline: baseline ?? size.height)
    }

    /// The measurer's answer for a leaf's content at `offeredWidth`, asked once per offer
    /// until the leaf changes (a final layout asks again at the width sizing already offered),
    /// and not again for offers the last answer says it holds for.
    private func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        guard let measurer else { return nil }
        if usesCaches, let known = node.layoutState.measurement {
            if node.layoutState.measuredOffer == offeredWidth { return known }
            if let from = known?.sameFromOfferedWidth, offeredWidth ?? .infinity >= from { return known }
        }
        let measured = measurer.measure(node, offeredWidth: offeredWidth)
        node.layoutState.measurement = .some(measured)
        node.layoutState.measuredOffer = offeredWidth
        return measured
    }

    // MARK: Entry points

    /// The size of `node` as an item offered `range.max`, clamped into `range`.
    func size(of node: Node, fitting range: SizeRange, isRTL: Bool) -> Size {
        let size = compute(node, FlexEngine.input(fitting: range, isRTL: isRTL), perform: false).size
        return Size(width: Swift.min(Swift.max(size.width, range.min.width), range.max.width),
                    height: Swift.min(Swift.max(size.height, range.min.height), range.max.height))
    }

    /// What sizing `node` within `range` asks: `range.max` offered, sides fixed where the range is.
    private static func input(fitting range: SizeRange, isRTL: Bool) -> LayoutInput {
        func space(_ value: Double) -> AvailableSpace { value.isFinite ? .definite(value) : .maxContent }
        return LayoutInput(knownWidth: range.min.width == range.max.width ? range.max.width : nil,
                           knownHeight: range.min.height == range.max.height ? range.max.height : nil,
                           parentWidth: range.max.width.isFinite ? range.max.width : nil,
                           parentHeight: range.max.height.isFinite ? range.max.height : nil,
                           availableWidth: space(range.max.width), availableHeight: space(range.max.height), isRTL: isRTL)
    }

    /// Sizes `node` within `range` as `size(of:fitting:)` does, and in the same computation
    /// lays its subtree out at that size: its frame takes the size in whole points (origin
    /// kept) and its subnodes the frames that changed. Returns the whole-point size. A
    /// self-sizing list row's measurement and layout in one (behaviour.md §15.3).
    func layOut(_ node: Node, fitting range: SizeRange, isRTL: Bool) -> Size {
        let size = compute(node, FlexEngine.input(fitting: range, isRTL: isRTL), perform: true).size
        let clamped = Size(width: Swift.min(Swift.max(size.width, range.min.width), range.max.width),
                           height: Swift.min(Swift.max(size.height, range.min.height), range.max.height))
        let whole = Size(width: LayoutMath.round(clamped.width), height: LayoutMath.round(clamped.height))
        node.layoutState.isApplying = true
        node.frame.size = whole
        node.layoutState.isApplying = false
        node.layoutState.calculatedSize = clamped
        if node.layout == nil {
            visitChildren(of: node)  // its subnodes keep their frames
        } else if node.laysOutScrollContent {
            layOutRoot(node, isRTL: isRTL)
        } else {
            applyChildren(of: node, absoluteOrigin: .zero)
        }
        node.layoutState.needsApply = false
        node.layoutState.hasDirtyDescendant = false
        return whole
    }

    /// Lays out a laid-out node whose parent is not (or the pass's root) at its frame's size,
    /// then sets the frames that changed below it.
    func layOutRoot(_ node: Node, isRTL: Bool) {
        if let scroll = node.asContentSizingScrollNode { return layOutScrollContent(scroll, isRTL: isRTL) }
        let size = node.frame.size
        let input = LayoutInput(knownWidth: size.width, knownHeight: size.height, parentWidth: size.width,
                                parentHeight: size.height, availableWidth: .definite(size.width),
                                availableHeight: .definite(size.height), isRTL: isRTL)
        _ = compute(node, input, perform: true)
        node.layoutState.calculatedSize = size
        applyChildren(of: node, absoluteOrigin: .zero)
        node.layoutState.needsApply = false
        node.layoutState.hasDirtyDescendant = false
    }

    /// Walks a subtree whose root is not laid out by its parent, down to the nodes that
    /// changed: laid-out ones are laid out at their frames' sizes.
    func visit(_ node: Node) {
        guard node.needsLayout else { return }
        if node.layout != nil {
            layOutRoot(node, isRTL: node.inheritedIsRTL)
            return
        }
        node.layoutState.isDirty = false
        node.layoutState.hasDirtyDescendant = false
        visitChildren(of: node)
    }

    /// The children of a node whose children keep their frames: laid-out ones are roots of
    /// their own. A self-sizing list first measures again the rows whose content changed
    /// (behaviour.md §15.3), which sizes and lays them out.
    func visitChildren(of node: Node) {
        if node.isScrollNode, let list = node as? ListNode, list.hasSelfSizingRows { list.measureChangedRows() }
        Node.forEachUnretained(in: node.subnodes) { visit($0) }
    }
}
