/// What a leaf's content measures (behaviour.md §15): the size of its text and the
/// distance from its top to the first line's baseline.
public struct LayoutMeasurement: Hashable, Sendable {
    public var size: Size
    /// From the top of the content; nil when it has no baseline.
    public var firstBaseline: Double?
    /// The answer holds for every offered width from this one up, and for none (a label on
    /// one line: any; text narrower than the offer: from its width), so the layout asks no
    /// more while offers stay above it (a window resized wider). Nil: for this offer alone.
    public var sameFromOfferedWidth: Double?

    public init(size: Size, firstBaseline: Double? = nil, sameFromOfferedWidth: Double? = nil) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.sameFromOfferedWidth = sameFromOfferedWidth
    }
}

/// Measures the content of leaves (nodes without laid-out children) for the layout, so
/// NodeCore stays free of the text engine: the renderer implements it for text nodes
/// and labelled controls.
public protocol LayoutMeasuring {
    /// The content of `node` wrapped at `offeredWidth` (nil: unbounded; 0: at every break
    /// opportunity), without `layoutContentInsets`; nil when it has no content (measures 0 × 0).
    /// The width may exceed the offer (a word that does not fit).
    func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement?
}
