/// Scroll nodes that size their content by their layout (behaviour.md §15.2, Texture's
/// ASScrollNode `automaticallyManagesContentSize`): to its parent's layout such a node is a
/// leaf (its content does not size it); its own children are laid out in a box of its
/// size on the axes it does not scroll, and of its content's size, at least its own, on
/// those it does. That box is its `contentSize`.
extension Node {
    /// Whether this is a scroll node whose content size comes from its layout.
    @inline(__always) var laysOutScrollContent: Bool { asContentSizingScrollNode != nil }
}

extension FlexEngine {
    func layOutScrollContent(_ scroll: ScrollNode, isRTL: Bool) {
        guard let layout = scroll.layout else { return }
        if scroll.layoutState.isDirty {
            scroll.layoutState.clearCaches()
            scroll.layoutState.isDirty = false
        }
        let size = scroll.frame.size
        let scrollsX = scroll.scrollableDirections.contains(.horizontal)
        let scrollsY = scroll.scrollableDirections.contains(.vertical)
        // The content alone on the scrolling axes: its own size and limits do not bound it.
        let probe = LayoutInput(knownWidth: scrollsX ? nil : size.width, knownHeight: scrollsY ? nil : size.height,
                                parentWidth: size.width, parentHeight: size.height,
                                availableWidth: scrollsX ? .maxContent : .definite(size.width),
                                availableHeight: scrollsY ? .maxContent : .definite(size.height), isRTL: isRTL,
                                contentSizedWidth: scrollsX, contentSizedHeight: scrollsY)
        let natural = scrollsX || scrollsY ? computeFlex(scroll, layout, probe, perform: false).size : size
        let content = Size(width: scrollsX ? Swift.max(natural.width, size.width) : size.width,
                           height: scrollsY ? Swift.max(natural.height, size.height) : size.height)
        let input = LayoutInput(knownWidth: content.width, knownHeight: content.height, parentWidth: content.width,
                                parentHeight: content.height, availableWidth: .definite(content.width),
                                availableHeight: .definite(content.height), isRTL: isRTL)
        _ = computeFlex(scroll, layout, input, perform: true)
        scroll.layoutState.calculatedSize = size
        scroll.contentSizeFromLayout = Size(width: content.width.rounded(.up), height: content.height.rounded(.up))
        applyChildren(of: scroll, absoluteOrigin: .zero)
        scroll.layoutState.needsApply = false
        scroll.layoutState.hasDirtyDescendant = false
    }
}
