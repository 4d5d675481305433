/// How a node sits in its laid-out parent (behaviour.md §15; Texture's
/// ASLayoutElementStyle): size and its limits, flexing, self alignment, margins,
/// absolute position with insets, aspect ratio and display. Ignored by a parent
/// without `layout`, whose children keep their frames.
public struct LayoutStyle: Hashable, Sendable {
    public var width: LayoutDimension = .auto
    public var height: LayoutDimension = .auto
    /// `auto` is no minimum.
    public var minWidth: LayoutDimension = .auto
    public var minHeight: LayoutDimension = .auto
    /// `auto` is no maximum.
    public var maxWidth: LayoutDimension = .auto
    public var maxHeight: LayoutDimension = .auto
    /// The share of the line's free space this item takes (Yoga's default 0).
    public var grow: Double = 0
    /// The share, weighted by the basis, of the line's overflow this item gives up (Yoga's default 0).
    public var shrink: Double = 0
    /// The main size before flexing; `auto` uses the main-axis `width` or `height`, else the content.
    public var basis: LayoutDimension = .auto
    /// The cross-axis alignment of this item; nil (`auto`) uses the container's `alignItems`.
    public var alignSelf: AlignItems?
    /// Outer spacing; an `auto` side takes free space.
    public var margin: LayoutEdges = .zero
    /// `absolute` takes the item out of the line and places it against the padding box by its insets.
    public var position: LayoutPosition = .relative
    /// Physical insets (left is left in both writing directions); `auto` is unset.
    public var left: LayoutDimension = .auto
    public var top: LayoutDimension = .auto
    public var right: LayoutDimension = .auto
    public var bottom: LayoutDimension = .auto
    /// Logical insets: start is left in ltr and right in rtl; they win over left/right.
    public var start: LayoutDimension = .auto
    public var end: LayoutDimension = .auto
    /// Width / height, used when one of the two is not otherwise fixed (Texture's ASRatioLayoutSpec).
    public var aspectRatio: Double?
    /// `none`: takes no space, is not painted nor hit, and its subtree's frames are zero.
    public var display: LayoutDisplay = .flex

    public init() {}
}

/// `relative` items take part in their line; `absolute` ones are placed by their insets.
public enum LayoutPosition: String, CaseIterable, Hashable, Sendable {
    case relative, absolute
}

/// `flex` is laid out; `none` takes no space and zeroes the subtree's frames.
public enum LayoutDisplay: String, CaseIterable, Hashable, Sendable {
    case flex, none
}
