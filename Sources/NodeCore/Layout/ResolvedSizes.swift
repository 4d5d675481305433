/// A style's lengths in points against a percent base (the container's content box):
/// the preferred size, its limits (min wins over max, as in CSS) and the aspect ratio.
struct ResolvedSizes {
    var width: Double?
    var height: Double?
    var minWidth: Double?
    var minHeight: Double?
    var maxWidth: Double?
    var maxHeight: Double?
    /// Width / height, when positive and finite.
    var aspectRatio: Double?

    init(_ style: LayoutStyle, parentWidth: Double?, parentHeight: Double?) {
        width = style.width.resolved(against: parentWidth)
        height = style.height.resolved(against: parentHeight)
        minWidth = style.minWidth.resolved(against: parentWidth)
        minHeight = style.minHeight.resolved(against: parentHeight)
        maxWidth = style.maxWidth.resolved(against: parentWidth)
        maxHeight = style.maxHeight.resolved(against: parentHeight)
        resolveAspectRatio(style)
    }

    /// The sizes a node answers `input` with: its style's, less those of an axis sized by content.
    init(_ style: LayoutStyle, for input: LayoutInput) {
        if !input.contentSizedWidth {
            width = style.width.resolved(against: input.parentWidth)
            minWidth = style.minWidth.resolved(against: input.parentWidth)
            maxWidth = style.maxWidth.resolved(against: input.parentWidth)
        }
        if !input.contentSizedHeight {
            height = style.height.resolved(against: input.parentHeight)
            minHeight = style.minHeight.resolved(against: input.parentHeight)
            maxHeight = style.maxHeight.resolved(against: input.parentHeight)
        }
        resolveAspectRatio(style)
    }

    private mutating func resolveAspectRatio(_ style: LayoutStyle) {
        if let ratio = style.aspectRatio, ratio > 0, ratio.isFinite { aspectRatio = ratio }
        if let ratio = aspectRatio {
            if width == nil, let height { width = height * ratio } else if height == nil, let width { height = width / ratio }
        }
    }

    @inline(__always)
    func clampWidth(_ value: Double) -> Double {
        LayoutMath.clamp(value, min: minWidth, max: maxWidth)
    }

    @inline(__always)
    func clampHeight(_ value: Double) -> Double {
        LayoutMath.clamp(value, min: minHeight, max: maxHeight)
    }

    /// The left and right margins (auto as 0) against the percent base of margins, the container's width.
    func horizontalMargin(_ style: LayoutStyle, parentWidth: Double?) -> Double {
        (style.margin.left.resolved(against: parentWidth) ?? 0) + (style.margin.right.resolved(against: parentWidth) ?? 0)
    }
}

extension LayoutStyle {
    /// Clears from `input` the percent bases that answering it does not read: the
    /// container's height unless a height or a height limit is a percent (and the height is
    /// not sized by content), its width unless a width or a width limit (likewise) or a
    /// margin is. Nothing else reads them (`ResolvedSizes`, the margins).
    @inline(__always)
    func clearUnreadPercentBases(of input: inout LayoutInput) {
        if input.parentHeight != nil,
           input.contentSizedHeight || !(height.isPercent || minHeight.isPercent || maxHeight.isPercent) {
            input.parentHeight = nil
        }
        if input.parentWidth != nil,
           !(margin.left.isPercent || margin.right.isPercent || margin.top.isPercent || margin.bottom.isPercent),
           input.contentSizedWidth || !(width.isPercent || minWidth.isPercent || maxWidth.isPercent) {
            input.parentWidth = nil
        }
    }
}

/// Small numeric rules shared by the engine.
enum LayoutMath {
    /// `value` within `min`...`max`; a missing limit is none, and min wins over max.
    @inline(__always)
    static func clamp(_ value: Double, min: Double, max: Double) -> Double {
        var result = value
        if result > max { result = max }
        if result < min { result = min }
        return result
    }

    /// `value` within optional limits, as `clamp(_:min:max:)`.
    @inline(__always)
    static func clamp(_ value: Double, min: Double?, max: Double?) -> Double {
        var result = value
        if let max, result > max { result = max }
        if let min, result < min { result = min }
        return result
    }

    /// Halves up, toward +∞ (behaviour.md §15): ⌊v + 0.5⌋, with 10⁻⁶ pt of slack so that a sum
    /// meant to be a half (thirds and sixths in floating point) rounds up whatever order it was added in.
    @inline(__always)
    static func round(_ value: Double) -> Double {
        (value + 0.5 + 1e-6).rounded(.down)
    }
}
