public import NodeCore

/// Caret geometry of text fields from the shaped, bidi-ordered text (behaviour.md §16), for
/// `Window.textFieldMetrics`. Text is shaped at one pixel per point whatever the buffer
/// scale, so that where a tap puts the caret, and so the event log, never depends on the
/// scale a window is painted at. Falls back to uniform widths when no font opens.
public final class ShapedTextFieldMetrics: TextFieldMetrics {
    private let labelFont: LabelFont
    /// Made at the first question, not with the window: finding a font costs start-up time.
    private lazy var glyphs: GlyphRenderer? = try? GlyphRenderer.make(for: labelFont)
    private let fallback = UniformTextFieldMetrics()
    /// The last text's positions: a field asks for the same text several times per edit.
    private var last: (text: String, size: Int, layout: CaretLayout)?

    /// Metrics in `labelFont`, the font a renderer draws text fields with.
    public init(labelFont: LabelFont = .default) {
        self.labelFont = labelFont
    }

    public func caretOffset(atX x: Double, in text: String, fontSize: Double) -> Int {
        guard let layout = layout(text, fontSize: fontSize) else {
            return fallback.caretOffset(atX: x, in: text, fontSize: fontSize)
        }
        return layout.offset(atX: Int((x * 64).rounded()))
    }

    public func caretX(atOffset offset: Int, in text: String, fontSize: Double) -> Double {
        guard let layout = layout(text, fontSize: fontSize) else {
            return fallback.caretX(atOffset: offset, in: text, fontSize: fontSize)
        }
        return Double(layout.caretX(offset)) / 64
    }

    public func caretXs(in text: String, fontSize: Double) -> [Double] {
        guard let layout = layout(text, fontSize: fontSize) else { return fallback.caretXs(in: text, fontSize: fontSize) }
        return (0 ... layout.clusters.count).map { Double(layout.caretX($0)) / 64 }
    }

    private func layout(_ text: String, fontSize: Double) -> CaretLayout? {
        let size = GlyphRenderer.size64(fontSize)
        if let last, last.size == size, last.text.utf8.elementsEqual(text.utf8) { return last.layout }
        guard let glyphs, size > 0, let layout = glyphs.shaper?.caretLayout(text, size: size) else { return nil }
        last = (text, size, layout)
        return layout
    }
}
