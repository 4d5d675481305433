public import NodeCore

/// Measures text nodes and labelled nodes for the layout (behaviour.md §15.1): the text
/// shaped and wrapped by the same code that paints it, set at scale 1 so that frames are
/// the same at every buffer scale, rounded up to whole points so the text fits the frame
/// it gets. Results are cached by text, style and offered width. Not thread-safe.
public final class TextMeasurer: LayoutMeasuring {
    /// The most results kept; past it the cache starts again empty.
    public static let cacheLimit = 16_384

    public let labelFont: LabelFont
    /// Receives a warning once when no font can be opened (text then measures nothing).
    public var warningHandler: (String) -> Void = Renderer.printToStandardError
    private var glyphRenderer: GlyphRenderer?
    private var fontResolved = false
    private var cache: [Key: TextExtent] = [:]
    /// How many measurements were shaped rather than found in the cache (for tests).
    public private(set) var shapedCount = 0

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        /// 26.6 points; nil is unbounded.
        var maxWidth: Int?
    }

    public init(labelFont: LabelFont = .default) {
        self.labelFont = labelFont
    }

    /// A text node's text (wrapped at `offeredWidth`), else a node's label (one line); nil
    /// for a node with neither.
    public func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        let text: String, style: TextStyle
        if let textNode = node as? TextNode, !textNode.text.isEmpty {
            text = textNode.text
            style = TextStyle(size: GlyphRenderer.size64(textNode.fontSize), isLabel: false, alignment: .leading,
                              maximumLines: max(textNode.maximumLines, 0))
        } else if let label = node.label, !label.isEmpty {
            text = label
            style = .label(size: GlyphRenderer.size64(LabelStyle.fontSize))
        } else {
            return nil
        }
        guard let (extent, sameFrom) = extent(of: text, style: style, offeredWidth: offeredWidth) else { return nil }
        // A point more on each side and on each line than scale 1 needs: hinted glyphs and
        // lines grow a little differently at other sizes, and a box of whole points is cut
        // to whole pixels at fractional scales; the text must fit its frame at every scale.
        let size = Size(width: Self.points(extent.width) + Self.slack,
                        height: Self.points(extent.height) + Self.slack * Double(extent.lineCount))
        return LayoutMeasurement(size: size, firstBaseline: Double(extent.baseline) / 64, sameFromOfferedWidth: sameFrom)
    }

    /// Points added to a measurement on each axis (per line across), see `measure`.
    public static let slack = 1.0

    /// The extent at the offer, and the narrowest offer it holds from (nil: this offer alone);
    /// an offer at least as wide as the unwrapped text gives the unwrapped extent, so a window
    /// resized wider finds it in the cache.
    private func extent(of text: String, style: TextStyle, offeredWidth: Double?) -> (TextExtent, Double?)? {
        guard let unbounded = cachedExtent(Key(text: text, style: style, maxWidth: nil)) else { return nil }
        // A label is one line at any offer; text from the offer that fits it unwrapped
        // (⌊offer × 64⌋ ≥ width exactly when offer ≥ width / 64).
        if style.isLabel { return (unbounded, -.infinity) }
        let unwrappedFrom = Double(unbounded.width) / 64
        guard let offeredWidth, offeredWidth.isFinite else { return (unbounded, unwrappedFrom) }
        let maxWidth = Int((max(offeredWidth, 0) * 64).rounded(.down))
        guard maxWidth < unbounded.width else { return (unbounded, unwrappedFrom) }
        return cachedExtent(Key(text: text, style: style, maxWidth: maxWidth)).map { ($0, nil) }
    }

    private func cachedExtent(_ key: Key) -> TextExtent? {
        if let found = cache[key] { return found }
        guard let glyphs = glyphs(), var extent = glyphs.extent(of: key.text, style: key.style, maxWidth: key.maxWidth)
        else { return nil }
        // Hinted glyphs and lines grow a little differently at other sizes: the text as set
        // at the common scales, in scale-1 units, must fit the frame as well.
        for scale in Self.checkedScales {
            var style = key.style
            style.size = Int((Double(style.size) * scale).rounded())
            let maxWidth = key.maxWidth.map { Int((Double($0) * scale).rounded(.down)) }
            guard let scaled = glyphs.extent(of: key.text, style: style, maxWidth: maxWidth) else { continue }
            extent.width = max(extent.width, Int((Double(scaled.width) / scale).rounded(.up)))
            extent.height = max(extent.height, Int((Double(scaled.height) / scale).rounded(.up)))
            extent.lineCount = max(extent.lineCount, scaled.lineCount)
        }
        shapedCount += 1
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = extent
        return extent
    }

    /// The buffer scales besides 1 whose setting of a text the measurement also holds.
    public static let checkedScales = [1.25, 1.5, 2]

    /// 26.6 pixels at scale 1 as whole points, rounded up.
    private static func points(_ value: Int) -> Double {
        Double((max(value, 0) + 63) >> 6)
    }

    private func glyphs() -> GlyphRenderer? {
        if fontResolved { return glyphRenderer }
        fontResolved = true
        do {
            glyphRenderer = try GlyphRenderer.make(for: labelFont)
        } catch {
            warningHandler("warning: text is not measured for layout: \(error)")
        }
        return glyphRenderer
    }
}
