/// How a container lays out its children (behaviour.md §15): CSS flexbox with Yoga's
/// defaults (a column, items stretched, no wrapping). A node's `layout`; nil keeps the
/// children's frames.
public struct FlexLayout: Hashable, Sendable {
    public var direction: FlexDirection = .column
    public var justifyContent: JustifyContent = .flexStart
    public var alignItems: AlignItems = .stretch
    public var alignContent: AlignContent = .flexStart
    public var wrap: FlexWrap = .nowrap
    /// Inner spacing, in points (Texture's ASInsetLayoutSpec).
    public var padding: EdgeInsets = .zero
    /// The spacing between items and between lines, in points.
    public var gap: Double = 0
    /// The spacing between rows (vertical); nil uses `gap`.
    public var rowGap: Double?
    /// The spacing between columns (horizontal); nil uses `gap`.
    public var columnGap: Double?
    /// `rtl` runs rows right to left; `inherit` takes the nearest ancestor's (ltr at the root).
    public var writingDirection: WritingDirection = .inherit

    public init(direction: FlexDirection = .column, justifyContent: JustifyContent = .flexStart,
                alignItems: AlignItems = .stretch, alignContent: AlignContent = .flexStart, wrap: FlexWrap = .nowrap,
                padding: EdgeInsets = .zero, gap: Double = 0, rowGap: Double? = nil, columnGap: Double? = nil,
                writingDirection: WritingDirection = .inherit) {
        self.direction = direction
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignContent = alignContent
        self.wrap = wrap
        self.padding = padding
        self.gap = gap
        self.rowGap = rowGap
        self.columnGap = columnGap
        self.writingDirection = writingDirection
    }
}

/// The main axis and its direction (Texture's ASStackLayoutSpec vertical/horizontal).
public enum FlexDirection: String, CaseIterable, Hashable, Sendable {
    case column, row
    case columnReverse = "column-reverse"
    case rowReverse = "row-reverse"

    /// Whether the main axis is horizontal.
    public var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether items run from the main axis's end.
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// Where the items of a line sit along the main axis.
public enum JustifyContent: String, CaseIterable, Hashable, Sendable {
    case flexStart = "flex-start", center, flexEnd = "flex-end"
    case spaceBetween = "space-between", spaceAround = "space-around", spaceEvenly = "space-evenly"
}

/// Where items sit across their line (`alignItems`, and `alignSelf` per item).
public enum AlignItems: String, CaseIterable, Hashable, Sendable {
    case stretch, flexStart = "flex-start", center, flexEnd = "flex-end", baseline
}

/// Where the lines of a wrapping container sit across it.
public enum AlignContent: String, CaseIterable, Hashable, Sendable {
    case flexStart = "flex-start", flexEnd = "flex-end", center, stretch
    case spaceBetween = "space-between", spaceAround = "space-around", spaceEvenly = "space-evenly"
}

/// Whether items break into several lines, and in which cross direction they stack.
public enum FlexWrap: String, CaseIterable, Hashable, Sendable {
    case nowrap, wrap
    case wrapReverse = "wrap-reverse"
}

/// The inline direction: rows run right to left in `rtl`.
public enum WritingDirection: String, CaseIterable, Hashable, Sendable {
    case ltr, rtl, inherit
}
