/// The per-line steps of the flex algorithm: flexible lengths (§9.7), main-axis
/// distribution (§9.5) and cross-axis alignment within a line (§9.6).
extension FlexEngine {
    /// CSS §9.7: grow or shrink the line's items into `innerMain`, freezing items that hit
    /// their min or max and resolving the rest again (Yoga does not re-resolve; CSS does).
    func resolveFlexibleLengths(_ items: UnsafeMutableBufferPointer<FlexItem>, _ line: Range<Int>, innerMain: Double, gap: Double) {
        guard !line.isEmpty else { return }
        let gaps = gap * Double(line.count - 1)
        var hypothetical = gaps
        for index in line { hypothetical += items[index].outerHypotheticalMain }
        let growing = hypothetical < innerMain
        for index in line {
            let item = items[index]
            items[index].targetMain = item.hypotheticalMain
            let factor = growing ? item.grow : item.shrink
            items[index].isFrozen = factor == 0
                || (growing && item.flexBasis > item.hypotheticalMain)
                || (!growing && item.flexBasis < item.hypotheticalMain)
        }
        func freeSpace() -> Double {
            var used = gaps
            for index in line {
                let item = items[index]
                used += item.isFrozen ? item.outerTargetMain : item.flexBasis + item.marginMain
            }
            return innerMain - used
        }
        let initialFree = freeSpace()
        while line.contains(where: { !items[$0].isFrozen }) {
            var free = freeSpace()
            var factors = 0.0, scaledShrink = 0.0
            for index in line where !items[index].isFrozen {
                let item = items[index]
                factors += growing ? item.grow : item.shrink
                scaledShrink += item.shrink * item.flexBasis
            }
            if factors < 1 {
                let scaled = initialFree * factors
                if abs(scaled) < abs(free) { free = scaled }
            }
            var totalViolation = 0.0
            for index in line where !items[index].isFrozen {
                let item = items[index]
                var target = item.flexBasis
                if free != 0 {
                    if growing, factors > 0 {
                        target += free * item.grow / factors
                    } else if !growing, scaledShrink > 0 {
                        target += free * item.shrink * item.flexBasis / scaledShrink
                    }
                }
                let clamped = item.clampMain(Swift.max(0, target))
                items[index].targetMain = clamped
                items[index].violation = clamped - target
                totalViolation += clamped - target
            }
            // Freeze all when nothing was clamped, else the items clamped the way the total went.
            for index in line where !items[index].isFrozen {
                let violation = items[index].violation
                if abs(totalViolation) <= LayoutMath.tolerance || (totalViolation > 0 && violation > 0)
                    || (totalViolation < 0 && violation < 0) {
                    items[index].isFrozen = true
                }
            }
        }
    }

    /// CSS §9.5 step 12: auto margins take the line's free main space; without them,
    /// justify-content places the items.
    func distributeMainSpace(_ items: UnsafeMutableBufferPointer<FlexItem>, _ line: Range<Int>, innerMain: Double, gap: Double,
                             justify: JustifyContent) {
        guard !line.isEmpty else { return }
        var used = gap * Double(line.count - 1)
        for index in line { used += items[index].outerTargetMain }
        let free = innerMain - used
        var autoMargins = 0
        for index in line { autoMargins += (items[index].autoMainStart ? 1 : 0) + (items[index].autoMainEnd ? 1 : 0) }
        var spacing = LayoutMath.Spacing(leading: 0, between: 0)
        if autoMargins > 0 {
            let share = Swift.max(0, free) / Double(autoMargins)
            for index in line {
                if items[index].autoMainStart { items[index].marginMainStart = share }
                if items[index].autoMainEnd { items[index].marginMainEnd = share }
            }
        } else {
            spacing = LayoutMath.distribution(free: free, count: line.count, justify: justify)
        }
        var cursor = spacing.leading
        for index in line {
            cursor += items[index].marginMainStart
            items[index].offsetMain = cursor
            cursor += items[index].targetMain + items[index].marginMainEnd + gap + spacing.between
        }
    }

    /// CSS §9.6 steps 13–14: each item across its line (auto margins, then align-self),
    /// starting at `offset` from the content box's cross-start.
    func alignItemsInLine(_ items: UnsafeMutableBufferPointer<FlexItem>, _ line: Range<Int>, lineCross: Double, offset: Double, isRow: Bool) {
        var maxAbove = 0.0
        for index in line where isRow && items[index].align == .baseline && !items[index].hasAutoCrossMargin {
            let item = items[index]
            maxAbove = Swift.max(maxAbove, item.baseline + item.marginCrossStart)
        }
        for index in line {
            let item = items[index]
            var marginCrossStart = item.marginCrossStart
            let free = lineCross - item.crossSize - item.marginCross
            var shift = 0.0
            if item.hasAutoCrossMargin {
                let spare = Swift.max(0, free)
                if item.autoCrossStart, item.autoCrossEnd {
                    marginCrossStart += spare / 2
                } else if item.autoCrossStart {
                    marginCrossStart += spare
                }
            } else {
                switch item.align {
                case .flexStart, .stretch: shift = 0
                case .flexEnd: shift = free
                case .center: shift = free / 2
                case .baseline: shift = isRow ? maxAbove - item.baseline - item.marginCrossStart : 0
                }
            }
            items[index].marginCrossStart = marginCrossStart
            items[index].offsetCross = offset + marginCrossStart + shift
        }
    }
}

extension LayoutMath {
    /// Comparisons of sums of lengths allow this much rounding error.
    static let tolerance = 1e-7

    /// Where the first of `count` things starts and the extra space between them.
    struct Spacing {
        var leading: Double
        var between: Double
    }

    /// justify-content over `free` main space; with negative free space or one item,
    /// space-between acts as flex-start and space-around and space-evenly as center (CSS).
    static func distribution(free: Double, count: Int, justify: JustifyContent) -> Spacing {
        switch justify {
        case .flexStart: return Spacing(leading: 0, between: 0)
        case .flexEnd: return Spacing(leading: free, between: 0)
        case .center: return Spacing(leading: free / 2, between: 0)
        case .spaceBetween:
            guard free > 0, count > 1 else { return Spacing(leading: 0, between: 0) }
            return Spacing(leading: 0, between: free / Double(count - 1))
        case .spaceAround:
            guard free > 0, count > 0 else { return Spacing(leading: free / 2, between: 0) }
            let between = free / Double(count)
            return Spacing(leading: between / 2, between: between)
        case .spaceEvenly:
            guard free > 0, count > 0 else { return Spacing(leading: free / 2, between: 0) }
            let between = free / Double(count + 1)
            return Spacing(leading: between, between: between)
        }
    }

    /// align-content over `free` cross space, with the same fallbacks; stretch places as flex-start
    /// (the lines already took the space).
    static func distribution(free: Double, count: Int, content: AlignContent) -> Spacing {
        switch content {
        case .flexStart, .stretch: return distribution(free: free, count: count, justify: .flexStart)
        case .flexEnd: return distribution(free: free, count: count, justify: .flexEnd)
        case .center: return distribution(free: free, count: count, justify: .center)
        case .spaceBetween: return distribution(free: free, count: count, justify: .spaceBetween)
        case .spaceAround: return distribution(free: free, count: count, justify: .spaceAround)
        case .spaceEvenly: return distribution(free: free, count: count, justify: .spaceEvenly)
        }
    }
}
