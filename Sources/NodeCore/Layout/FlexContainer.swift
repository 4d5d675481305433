/// The flex container algorithm, CSS Flexible Box Layout Level 1 §9 step by step
/// (behaviour.md §15), with Yoga's defaults and CSS's rules where the two differ.
extension FlexEngine {
    func computeFlex(_ node: Node, _ layout: FlexLayout, _ input: LayoutInput, perform: Bool) -> LayoutOutput {
        let isRTL = layout.writingDirection == .inherit ? input.isRTL : layout.writingDirection == .rtl
        let axes = FlexAxes(layout, isRTL: isRTL)
        let isRow = axes.isRow
        let sizes = ResolvedSizes(node.style, for: input)
        let padding = layout.padding
        let paddingWidth = padding.left + padding.right, paddingHeight = padding.top + padding.bottom

        // The container's own size where its parent or its style decides it.
        var knownWidth = input.knownWidth ?? sizes.width.map(sizes.clampWidth)
        var knownHeight = input.knownHeight ?? sizes.height.map(sizes.clampHeight)
        if let ratio = sizes.aspectRatio {
            if knownWidth == nil, let height = knownHeight { knownWidth = sizes.clampWidth(height * ratio) }
            if knownHeight == nil, let width = knownWidth { knownHeight = sizes.clampHeight(width / ratio) }
        }
        knownWidth = knownWidth.map { Swift.max($0, paddingWidth) }
        knownHeight = knownHeight.map { Swift.max($0, paddingHeight) }
        if !perform, let width = knownWidth, let height = knownHeight {
            return LayoutOutput(size: Size(width: width, height: height), firstBaseline: nil)
        }

        // The room for the content: the known size, else what the parent offers less the
        // container's margins and padding, and never more than its maximum.
        func available(_ known: Double?, _ offered: AvailableSpace, margin: Double, padding: Double, max: Double?) -> AvailableSpace {
            if let known { return .definite(Swift.max(0, known - padding)) }
            guard case .definite(let value) = offered else { return offered }
            return .definite(Swift.max(0, Swift.min(value - margin, max ?? .infinity) - padding))
        }
        let style = node.style
        let marginWidth = sizes.horizontalMargin(style, parentWidth: input.parentWidth)
        let marginHeight = (style.margin.top.resolved(against: input.parentWidth) ?? 0)
            + (style.margin.bottom.resolved(against: input.parentWidth) ?? 0)
        let availableWidth = available(knownWidth, input.availableWidth, margin: marginWidth, padding: paddingWidth, max: sizes.maxWidth)
        let availableHeight = available(knownHeight, input.availableHeight, margin: marginHeight, padding: paddingHeight,
                                        max: sizes.maxHeight)
        let innerWidth = knownWidth.map { $0 - paddingWidth }, innerHeight = knownHeight.map { $0 - paddingHeight }
        let knownInnerMain = isRow ? innerWidth : innerHeight
        let knownInnerCross = isRow ? innerHeight : innerWidth
        let availableMain = isRow ? availableWidth : availableHeight
        let mainGap = Swift.max(0, (isRow ? layout.columnGap : layout.rowGap) ?? layout.gap)
        let crossGap = Swift.max(0, (isRow ? layout.rowGap : layout.columnGap) ?? layout.gap)
        let isWrapping = layout.wrap != .nowrap
        let paddingMain = isRow ? paddingWidth : paddingHeight, paddingCross = isRow ? paddingHeight : paddingWidth
        let minInnerMain = (isRow ? sizes.minWidth : sizes.minHeight).map { $0 - paddingMain }
        let maxInnerMain = (isRow ? sizes.maxWidth : sizes.maxHeight).map { $0 - paddingMain }
        let minInnerCross = (isRow ? sizes.minHeight : sizes.minWidth).map { $0 - paddingCross }
        let maxInnerCross = (isRow ? sizes.maxHeight : sizes.maxWidth).map { $0 - paddingCross }

        // The lowest available height this answer holds for (`LayoutOutput.availableHeightFloor`):
        // raised by each item's floor (items get this container's room, which grows with the
        // offered room less margins and padding) and by a column's content, which must not
        // reach the room; a column wrapped at the room holds for that room alone.
        var floor = -Double.infinity
        let roomAround = marginHeight + paddingHeight
        func noteItemFloor(_ output: LayoutOutput) {
            if output.availableHeightFloor > 0 { floor = Swift.max(floor, output.availableHeightFloor + roomAround) }
        }

        // §9.1: the in-flow items, in one flat buffer changed in place.
        let subnodes = node.subnodes
        let items = UnsafeMutableBufferPointer<FlexItem>.allocate(capacity: subnodes.count)
        var itemCount = 0
        defer {
            // Plain data in release builds; in debug builds each item's node check holds a weak reference.
            _ = UnsafeMutableBufferPointer(rebasing: items[0 ..< itemCount]).deinitialize()
            items.deallocate()
        }
        for child in subnodes where child.style.display == .flex && child.style.position == .relative {
            items.initializeElement(at: itemCount, to: axes.item(for: child, alignItems: layout.alignItems,
                                                                 innerWidth: innerWidth, innerHeight: innerHeight))
            itemCount += 1
        }
        let all = 0..<itemCount

        // §9.2 step 3: each item's flex base size and hypothetical main size.
        for index in all {
            let item = items[index]
            if let basis = item.node.style.basis.resolved(against: knownInnerMain) ?? item.sizeMain {
                items[index].flexBasis = basis
            } else {
                var knownCross = item.sizeCross.map(item.clampCross)
                // A single-line container with a definite cross size stretches its items to it (§9.8).
                if knownCross == nil, item.align == .stretch, !item.hasAutoCrossMargin, !isWrapping, let cross = knownInnerCross {
                    knownCross = item.clampCross(cross - item.marginCross)
                }
                let childInput = LayoutInput(
                    knownWidth: isRow ? nil : knownCross, knownHeight: isRow ? knownCross : nil,
                    parentWidth: innerWidth, parentHeight: innerHeight,
                    availableWidth: availableWidth, availableHeight: availableHeight, isRTL: isRTL,
                    contentSizedWidth: isRow, contentSizedHeight: !isRow)
                let output = compute(item.node, childInput, perform: false)
                noteItemFloor(output)
                items[index].flexBasis = isRow ? output.size.width : output.size.height
            }
            items[index].flexBasis = Swift.max(items[index].flexBasis, item.paddingMain)
            items[index].hypotheticalMain = item.clampMain(items[index].flexBasis)
        }

        // §9.3 step 5: lines (one when not wrapping).
        var lines: [Range<Int>] = []
        if isWrapping, itemCount > 0 {
            if !isRow, knownInnerMain == nil, case .definite = availableMain { floor = .infinity }
            let limit: Double
            switch availableMain {
            case .definite(let value): limit = knownInnerMain ?? value
            case .minContent: limit = knownInnerMain ?? 0
            case .maxContent: limit = knownInnerMain ?? .infinity
            }
            var start = 0, length = 0.0
            for index in all {
                let outer = items[index].outerHypotheticalMain
                if index > start, length + mainGap + outer > limit + LayoutMath.tolerance {
                    lines.append(start..<index)
                    start = index
                    length = outer
                } else {
                    length += (index > start ? mainGap : 0) + outer
                }
            }
            lines.append(start..<itemCount)
        } else {
            lines.append(all)
        }

        // §9.2 step 4: the container's inner main size.
        let innerMain: Double
        if let known = knownInnerMain {
            innerMain = known
        } else {
            var longest = 0.0
            for line in lines {
                var length = 0.0
                for index in line { length += items[index].outerHypotheticalMain }
                length += mainGap * Double(Swift.max(0, line.count - 1))
                longest = Swift.max(longest, length)
            }
            if case .definite(let value) = availableMain {
                if !isRow { floor = longest > value ? .infinity : longest > 0 ? Swift.max(floor, longest + roomAround) : floor }
                longest = Swift.min(longest, value)
            }
            innerMain = Swift.max(0, LayoutMath.clamp(longest, min: minInnerMain, max: maxInnerMain))
        }

        // §9.7: flexible lengths, line by line.
        for line in lines { resolveFlexibleLengths(items, line, innerMain: innerMain, gap: mainGap) }

        // §9.4 step 7: hypothetical cross sizes, and baselines of baseline-aligned items in rows.
        // An item that a single line of known cross size stretches gets that size in step 11
        // whatever it measures, so it is not measured here.
        let stretchesToKnownCross = !isWrapping && knownInnerCross != nil
        for index in all {
            let item = items[index]
            if let cross = item.sizeCross {
                items[index].crossSize = item.clampCross(cross)
            } else if stretchesToKnownCross, item.align == .stretch, !item.hasAutoCrossMargin {
                items[index].crossSize = 0
            } else {
                let childInput = LayoutInput(
                    knownWidth: isRow ? item.targetMain : nil, knownHeight: isRow ? nil : item.targetMain,
                    parentWidth: innerWidth, parentHeight: innerHeight,
                    availableWidth: isRow ? .definite(item.targetMain) : availableWidth,
                    availableHeight: isRow ? availableHeight : .definite(item.targetMain), isRTL: isRTL)
                let output = compute(item.node, childInput, perform: false)
                // A column's items get their main size as their room here, not this container's room.
                if isRow { noteItemFloor(output) }
                items[index].crossSize = item.clampCross(isRow ? output.size.height : output.size.width)
            }
            if isRow, item.align == .baseline {
                items[index].baseline = baseline(of: item.node, width: item.targetMain, height: items[index].crossSize,
                                                 parentWidth: innerWidth, parentHeight: innerHeight, isRTL: isRTL,
                                                 keepsLayout: !perform)
            }
        }

        // §9.4 step 8: the cross size of each line.
        var lineCrossSizes: [Double] = []
        lineCrossSizes.reserveCapacity(lines.count)
        for line in lines {
            if !isWrapping, let known = knownInnerCross {
                lineCrossSizes.append(known)
                continue
            }
            var tallest = 0.0, above = 0.0, below = 0.0
            for index in line {
                let item = items[index]
                if isRow, item.align == .baseline, !item.hasAutoCrossMargin {
                    above = Swift.max(above, item.baseline + item.marginCrossStart)
                    below = Swift.max(below, item.crossSize + item.marginCross - item.baseline - item.marginCrossStart)
                } else {
                    tallest = Swift.max(tallest, item.crossSize + item.marginCross)
                }
            }
            var size = Swift.max(tallest, above + below)
            if !isWrapping { size = LayoutMath.clamp(size, min: minInnerCross, max: maxInnerCross) }
            lineCrossSizes.append(Swift.max(0, size))
        }

        // §9.6 step 15: the container's inner cross size.
        let crossGaps = crossGap * Double(Swift.max(0, lines.count - 1))
        let linesCross = lineCrossSizes.reduce(0, +) + crossGaps
        let innerCross = knownInnerCross
            ?? Swift.max(0, LayoutMath.clamp(linesCross, min: minInnerCross, max: maxInnerCross))

        // §9.4 step 9: align-content: stretch shares the spare cross space among the lines.
        if isWrapping, layout.alignContent == .stretch, innerCross > linesCross, !lines.isEmpty {
            let extra = (innerCross - linesCross) / Double(lines.count)
            for index in lineCrossSizes.indices { lineCrossSizes[index] += extra }
        }

        // §9.4 step 11: stretched items take their line's cross size.
        for (lineIndex, line) in lines.enumerated() {
            for index in line where items[index].align == .stretch && items[index].sizeCross == nil
                && !items[index].hasAutoCrossMargin {
                items[index].crossSize = items[index].clampCross(lineCrossSizes[lineIndex] - items[index].marginCross)
            }
        }

        // §9.5 step 12: main-axis positions (auto margins, then justify-content).
        for line in lines { distributeMainSpace(items, line, innerMain: innerMain, gap: mainGap, justify: layout.justifyContent) }

        // §9.6 steps 13–16: cross-axis positions of the lines (align-content) and of the items in them.
        let lineSpacing = LayoutMath.distribution(free: innerCross - linesCross, count: lines.count,
                                                  content: isWrapping ? layout.alignContent : .flexStart)
        var lineOffset = lineSpacing.leading
        for (lineIndex, line) in lines.enumerated() {
            alignItemsInLine(items, line, lineCross: lineCrossSizes[lineIndex], offset: lineOffset, isRow: isRow)
            lineOffset += lineCrossSizes[lineIndex] + crossGap + lineSpacing.between
        }

        let width = knownWidth ?? Swift.max(sizes.clampWidth((isRow ? innerMain : innerCross) + paddingWidth), paddingWidth)
        let height = knownHeight ?? Swift.max(sizes.clampHeight((isRow ? innerCross : innerMain) + paddingHeight), paddingHeight)
        let size = Size(width: width, height: height)
        guard perform else { return LayoutOutput(size: size, firstBaseline: nil, availableHeightFloor: floor) }

        // Final layout of every child: in-flow items, then absolute ones, and none for `display: none`.
        let finalInnerWidth = width - paddingWidth, finalInnerHeight = height - paddingHeight
        let finalInnerMain = isRow ? finalInnerWidth : finalInnerHeight
        let finalInnerCross = isRow ? finalInnerHeight : finalInnerWidth
        var firstBaseline: Double?
        var baselineFromAligned = false
        for index in all {
            let item = items[index]
            let mainPosition = axes.mainFlipped ? finalInnerMain - item.offsetMain - item.targetMain : item.offsetMain
            let crossPosition = axes.crossFlipped ? finalInnerCross - item.offsetCross - item.crossSize : item.offsetCross
            let itemWidth = isRow ? item.targetMain : item.crossSize
            let itemHeight = isRow ? item.crossSize : item.targetMain
            let inset = relativeOffset(item.node.style, isRTL: isRTL, innerWidth: finalInnerWidth, innerHeight: finalInnerHeight)
            let x = padding.left + (isRow ? mainPosition : crossPosition) + inset.x
            let y = padding.top + (isRow ? crossPosition : mainPosition) + inset.y
            let childInput = LayoutInput(knownWidth: itemWidth, knownHeight: itemHeight,
                                         parentWidth: finalInnerWidth, parentHeight: finalInnerHeight,
                                         availableWidth: .definite(itemWidth), availableHeight: .definite(itemHeight), isRTL: isRTL)
            let output = compute(item.node, childInput, perform: true)
            item.node.layoutState.unroundedFrame = Rect(x: x, y: y, width: itemWidth, height: itemHeight)
            // The baseline: the first baseline-aligned item of the first line, else its first item.
            if lines.first?.contains(index) == true {
                let aligned = isRow && item.align == .baseline
                if firstBaseline == nil || (aligned && !baselineFromAligned) {
                    firstBaseline = y + (output.firstBaseline ?? itemHeight)
                    baselineFromAligned = aligned
                }
            }
        }
        layOutOutOfFlowChildren(of: node, layout, axes: axes, size: size, isRTL: isRTL)
        return LayoutOutput(size: size, firstBaseline: firstBaseline ?? height, availableHeightFloor: floor)
    }

    /// The first baseline of an item at its size: a text's first baseline, else that of its first child.
    /// It lays the item out at that size; when `keepsLayout` (the container is only sized), the
    /// item's last full layout is done again after, because a container's cached full layout
    /// relies on its items' subtrees being laid out as it left them (else a later pass answered
    /// from that cache would apply the frames of the sizing's layout).
    private func baseline(of node: Node, width: Double, height: Double, parentWidth: Double?, parentHeight: Double?,
                          isRTL: Bool, keepsLayout: Bool) -> Double {
        let input = LayoutInput(knownWidth: width, knownHeight: height, parentWidth: parentWidth, parentHeight: parentHeight,
                                availableWidth: .definite(width), availableHeight: .definite(height), isRTL: isRTL)
        let last = keepsLayout && !node.layoutState.isDirty ? node.layoutState.layoutInput : nil
        let baseline = compute(node, input, perform: true).firstBaseline ?? height
        if let last, last != input { _ = compute(node, last, perform: true) }
        return baseline
    }

    /// The visual offset of a relatively positioned item by its insets (left wins over right,
    /// top over bottom; start and end over left and right), physical in reverse containers too.
    func relativeOffset(_ style: LayoutStyle, isRTL: Bool, innerWidth: Double, innerHeight: Double) -> Point {
        let insets = PhysicalInsets(style, isRTL: isRTL, width: innerWidth, height: innerHeight)
        return Point(x: insets.left ?? insets.right.map { -$0 } ?? 0, y: insets.top ?? insets.bottom.map { -$0 } ?? 0)
    }
}

/// A style's insets on the physical sides, in points: start and end become left or right
/// by the writing direction and win over them.
struct PhysicalInsets {
    var left: Double?
    var right: Double?
    var top: Double?
    var bottom: Double?

    init(_ style: LayoutStyle, isRTL: Bool, width: Double?, height: Double?) {
        let start = style.start.resolved(against: width), end = style.end.resolved(against: width)
        left = (isRTL ? end : start) ?? style.left.resolved(against: width)
        right = (isRTL ? start : end) ?? style.right.resolved(against: width)
        top = style.top.resolved(against: height)
        bottom = style.bottom.resolved(against: height)
    }
}
