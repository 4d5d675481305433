/// One in-flow child of a flex container during a layout, its lengths turned into the
/// container's main and cross axes (main-start and cross-start are where the flow begins,
/// the physical edge depending on direction, writing direction and wrap-reverse).
///
/// Plain data (the node is held unretained, `UnretainedNode`: its container keeps it alive
/// for the layout), so the container keeps its items in one flat buffer and changes them in
/// place with no reference counting or value-witness copies.
struct FlexItem {
    let link: UnretainedNode
    var node: Node { link.node }
    var sizeMain: Double?
    var sizeCross: Double?
    /// Limits; -∞ and +∞ where there is none.
    var minMain: Double
    var maxMain: Double
    var minCross: Double
    var maxCross: Double
    var marginMainStart: Double
    var marginMainEnd: Double
    var marginCrossStart: Double
    var marginCrossEnd: Double
    var autoMainStart: Bool
    var autoMainEnd: Bool
    var autoCrossStart: Bool
    var autoCrossEnd: Bool
    var isFrozen = false
    let align: AlignItems
    let grow: Double
    let shrink: Double
    /// The child's own padding on each axis: no size goes below it.
    let paddingMain: Double
    let paddingCross: Double

    var flexBasis = 0.0
    var hypotheticalMain = 0.0
    var targetMain = 0.0
    /// How much the last clamp moved the target main size (positive: up to the minimum).
    var violation = 0.0
    var crossSize = 0.0
    /// From the item's top (rows only); used by baseline alignment.
    var baseline = 0.0
    var offsetMain = 0.0
    var offsetCross = 0.0

    var marginMain: Double { marginMainStart + marginMainEnd }
    var marginCross: Double { marginCrossStart + marginCrossEnd }
    var outerHypotheticalMain: Double { hypotheticalMain + marginMain }
    var outerTargetMain: Double { targetMain + marginMain }
    var hasAutoCrossMargin: Bool { autoCrossStart || autoCrossEnd }

    /// The item's main size within its limits, never below its padding.
    @inline(__always)
    func clampMain(_ value: Double) -> Double {
        Swift.max(LayoutMath.clamp(value, min: minMain, max: maxMain), paddingMain)
    }

    /// The item's cross size within its limits, never below its padding.
    @inline(__always)
    func clampCross(_ value: Double) -> Double {
        Swift.max(LayoutMath.clamp(value, min: minCross, max: maxCross), paddingCross)
    }
}

/// How the container's axes map onto the physical ones for one layout.
struct FlexAxes {
    let isRow: Bool
    /// The main axis runs right to left (rows) or bottom to top (columns).
    let mainFlipped: Bool
    /// The cross axis runs bottom to top (rows) or right to left (columns).
    let crossFlipped: Bool

    init(_ layout: FlexLayout, isRTL: Bool) {
        isRow = layout.direction.isRow
        let wrapReverse = layout.wrap == .wrapReverse
        mainFlipped = isRow ? isRTL != layout.direction.isReverse : layout.direction.isReverse
        crossFlipped = isRow ? wrapReverse : isRTL != wrapReverse
    }

    var horizontalFlipped: Bool { isRow ? mainFlipped : crossFlipped }
    var verticalFlipped: Bool { isRow ? crossFlipped : mainFlipped }

    /// The item of `child` against the container's content box (`innerWidth` × `innerHeight`, when known).
    func item(for child: Node, alignItems: AlignItems, innerWidth: Double?, innerHeight: Double?) -> FlexItem {
        let style = child.style
        let sizes = ResolvedSizes(style, parentWidth: innerWidth, parentHeight: innerHeight)
        // Margins in percent are of the container's width on every side, as in CSS.
        func margin(_ value: LayoutDimension) -> Double { value.resolved(against: innerWidth) ?? 0 }
        let margins = style.margin
        let (left, right) = (margin(margins.left), margin(margins.right))
        let (top, bottom) = (margin(margins.top), margin(margins.bottom))
        let hStart = horizontalFlipped ? right : left, hEnd = horizontalFlipped ? left : right
        let vStart = verticalFlipped ? bottom : top, vEnd = verticalFlipped ? top : bottom
        let hAutoStart = (horizontalFlipped ? margins.right : margins.left).isAuto
        let hAutoEnd = (horizontalFlipped ? margins.left : margins.right).isAuto
        let vAutoStart = (verticalFlipped ? margins.bottom : margins.top).isAuto
        let vAutoEnd = (verticalFlipped ? margins.top : margins.bottom).isAuto
        let padding = child.layout?.padding ?? .zero
        let paddingWidth = padding.left + padding.right, paddingHeight = padding.top + padding.bottom
        return FlexItem(
            link: UnretainedNode(child),
            sizeMain: isRow ? sizes.width : sizes.height, sizeCross: isRow ? sizes.height : sizes.width,
            minMain: (isRow ? sizes.minWidth : sizes.minHeight) ?? -.infinity,
            maxMain: (isRow ? sizes.maxWidth : sizes.maxHeight) ?? .infinity,
            minCross: (isRow ? sizes.minHeight : sizes.minWidth) ?? -.infinity,
            maxCross: (isRow ? sizes.maxHeight : sizes.maxWidth) ?? .infinity,
            marginMainStart: isRow ? hStart : vStart, marginMainEnd: isRow ? hEnd : vEnd,
            marginCrossStart: isRow ? vStart : hStart, marginCrossEnd: isRow ? vEnd : hEnd,
            autoMainStart: isRow ? hAutoStart : vAutoStart, autoMainEnd: isRow ? hAutoEnd : vAutoEnd,
            autoCrossStart: isRow ? vAutoStart : hAutoStart, autoCrossEnd: isRow ? vAutoEnd : hAutoEnd,
            align: style.alignSelf ?? alignItems,
            grow: Swift.max(0, style.grow), shrink: Swift.max(0, style.shrink),
            paddingMain: isRow ? paddingWidth : paddingHeight, paddingCross: isRow ? paddingHeight : paddingWidth)
    }
}
