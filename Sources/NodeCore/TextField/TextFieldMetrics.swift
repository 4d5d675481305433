/// Where carets sit in a line of shaped text (behaviour.md §16): Render's text engine
/// answers from the shaped, bidi-ordered glyphs; NodeCore asks through this, so that it
/// places the caret of a tap without knowing fonts.
public protocol TextFieldMetrics: AnyObject {
    /// The caret offset (grapheme clusters, 0 ... text.count) whose caret lies nearest `x`
    /// points from the start of the line of `text` set at `fontSize`.
    func caretOffset(atX x: Double, in text: String, fontSize: Double) -> Int
    /// Where the caret of `offset` lies, in points from the start of the line.
    func caretX(atOffset offset: Int, in text: String, fontSize: Double) -> Double
    /// The caret x of every offset 0 ... text.count: what moving the caret on screen reads.
    func caretXs(in text: String, fontSize: Double) -> [Double]
}

extension TextFieldMetrics {
    public func caretXs(in text: String, fontSize: Double) -> [Double] {
        (0 ... text.count).map { caretX(atOffset: $0, in: text, fontSize: fontSize) }
    }
}

/// Metrics without a font: every grapheme cluster `advance × fontSize` wide, left to right.
/// What a window without a text engine uses (NodeCore tests, headless tools).
public final class UniformTextFieldMetrics: TextFieldMetrics, Sendable {
    /// A cluster's width per point of font size.
    public let advance: Double

    public init(advance: Double = 0.6) { self.advance = advance }

    public func caretOffset(atX x: Double, in text: String, fontSize: Double) -> Int {
        let width = advance * fontSize
        guard width > 0 else { return 0 }
        return min(max(Int((x / width).rounded()), 0), text.count)
    }

    public func caretX(atOffset offset: Int, in text: String, fontSize: Double) -> Double {
        Double(min(max(offset, 0), text.count)) * advance * fontSize
    }
}
