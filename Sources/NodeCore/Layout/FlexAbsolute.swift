/// Absolutely positioned children (behaviour.md §15): placed against the container's
/// padding box by their insets (percentages of it too), sized by opposite insets when
/// they have no size, and, with no inset on an axis, where justify-content and
/// align-items would put them as the only item. They take no space in any line.
extension FlexEngine {
    func layOutOutOfFlowChildren(of node: Node, _ layout: FlexLayout, axes: FlexAxes, size: Size, isRTL: Bool) {
        let padding = layout.padding
        let width = size.width, height = size.height
        for child in node.subnodes {
            let style = child.style
            if style.display == .none {
                child.layoutState.unroundedFrame = .zero
                continue
            }
            guard style.position == .absolute else { continue }
            let sizes = ResolvedSizes(style, parentWidth: width, parentHeight: height)
            let insets = PhysicalInsets(style, isRTL: isRTL, width: width, height: height)
            func margin(_ value: LayoutDimension) -> Double { value.resolved(against: width) ?? 0 }
            let marginLeft = margin(style.margin.left), marginRight = margin(style.margin.right)
            let marginTop = margin(style.margin.top), marginBottom = margin(style.margin.bottom)

            var childWidth = sizes.width.map(sizes.clampWidth)
            var childHeight = sizes.height.map(sizes.clampHeight)
            if childWidth == nil, let left = insets.left, let right = insets.right {
                childWidth = sizes.clampWidth(Swift.max(0, width - left - right - marginLeft - marginRight))
            }
            if childHeight == nil, let top = insets.top, let bottom = insets.bottom {
                childHeight = sizes.clampHeight(Swift.max(0, height - top - bottom - marginTop - marginBottom))
            }
            if let ratio = sizes.aspectRatio {
                if childWidth == nil, let known = childHeight { childWidth = sizes.clampWidth(known * ratio) }
                if childHeight == nil, let known = childWidth { childHeight = sizes.clampHeight(known / ratio) }
            }
            if childWidth == nil || childHeight == nil {
                let roomWidth = width - (insets.left ?? 0) - (insets.right ?? 0)
                let roomHeight = height - (insets.top ?? 0) - (insets.bottom ?? 0)
                let input = LayoutInput(knownWidth: childWidth, knownHeight: childHeight, parentWidth: width, parentHeight: height,
                                        availableWidth: .definite(Swift.max(0, roomWidth)),
                                        availableHeight: .definite(Swift.max(0, roomHeight)), isRTL: isRTL)
                let measured = compute(child, input, perform: false).size
                childWidth = childWidth ?? measured.width
                childHeight = childHeight ?? measured.height
            }
            let finalWidth = childWidth ?? 0, finalHeight = childHeight ?? 0
            let input = LayoutInput(knownWidth: finalWidth, knownHeight: finalHeight, parentWidth: width, parentHeight: height,
                                    availableWidth: .definite(finalWidth), availableHeight: .definite(finalHeight), isRTL: isRTL)
            _ = compute(child, input, perform: true)

            // Static position: as the only item of the line, by justify-content on the main
            // axis and align-self on the cross axis.
            let alignment = style.alignSelf ?? layout.alignItems
            func staticOffset(inner: Double, outer: Double, isMain: Bool, flipped: Bool) -> Double {
                let free = inner - outer
                var offset: Double
                if isMain {
                    offset = LayoutMath.distribution(free: free, count: 1, justify: layout.justifyContent).leading
                } else {
                    switch alignment {
                    case .flexStart, .stretch, .baseline: offset = 0
                    case .center: offset = free / 2
                    case .flexEnd: offset = free
                    }
                }
                return flipped ? inner - offset - outer : offset
            }
            let innerWidth = width - padding.left - padding.right
            let innerHeight = height - padding.top - padding.bottom
            let x: Double
            if let left = insets.left {
                x = left + marginLeft
            } else if let right = insets.right {
                x = width - right - marginRight - finalWidth
            } else {
                x = padding.left + marginLeft + staticOffset(inner: innerWidth, outer: finalWidth + marginLeft + marginRight,
                                                             isMain: axes.isRow, flipped: axes.horizontalFlipped)
            }
            let y: Double
            if let top = insets.top {
                y = top + marginTop
            } else if let bottom = insets.bottom {
                y = height - bottom - marginBottom - finalHeight
            } else {
                y = padding.top + marginTop + staticOffset(inner: innerHeight, outer: finalHeight + marginTop + marginBottom,
                                                           isMain: !axes.isRow, flipped: axes.verticalFlipped)
            }
            child.layoutState.unroundedFrame = Rect(x: x, y: y, width: finalWidth, height: finalHeight)
        }
    }
}
