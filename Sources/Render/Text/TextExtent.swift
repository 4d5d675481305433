// Line breaking comes from libunibreak (through `LineBreaker`).
internal import CUnibreak

/// The room text takes when the layout sizes its node by it (behaviour.md §15.1), in 26.6
/// pixels: the widest line, the lines' height and the first baseline from the top.
struct TextExtent: Hashable {
    var width: Int
    var height: Int
    var baseline: Int
    var lineCount: Int
}

extension TextShaper {
    /// `text` in `style`: a label's one line, or a text node's lines wrapped at `maxWidth`
    /// (nil: unbounded) exactly as `layOut` breaks them, at most `style.maximumLines`. A
    /// word wider than `maxWidth` widens the extent instead of breaking (CSS's min-content),
    /// so an offer of 0 gives the widest word. Nil when no font opens.
    func extent(of text: String, style: TextStyle, maxWidth: Int?) -> TextExtent? {
        guard let primary = fonts.primaryFace(size: style.size) else { return nil }
        let face = fonts.faces[primary]
        let lineHeight = max(face.ascender - face.descender, 1)
        if style.isLabel {
            guard let runs = labelRuns(text, size: style.size) else { return nil }
            return TextExtent(width: max(runs.reduce(0) { $0 + $1.width }, 0), height: lineHeight, baseline: face.ascender,
                              lineCount: 1)
        }
        let limit = style.maximumLines > 0 ? style.maximumLines : Int.max
        var width = 0, lines = 0
        for scalars in Self.paragraphs(of: text) where lines < limit {
            guard !scalars.isEmpty else {
                lines += 1
                continue
            }
            guard let (paragraph, runs) = shapedParagraph(scalars, size: style.size) else { return nil }
            let breaker = LineBreaker(paragraph: paragraph, runs: runs)
            let wrap = max(maxWidth ?? Int.max, breaker.widestWord)
            for line in breaker.lines(maxWidth: wrap, limit: limit - lines) {
                // As painted: each line shaped on its own, which may differ from its share of the
                // paragraph; a line that is the whole paragraph is the paragraph's shaping.
                let range = breaker.trimmed(line)
                let lineRuns = range == 0..<scalars.count ? runs : shape(paragraph, range: range)
                let shaped = lineRuns.reduce(0) { $0 + $1.width }
                width = max(width, breaker.width(line), shaped)
                lines += 1
            }
        }
        return TextExtent(width: width, height: lines * lineHeight, baseline: face.ascender, lineCount: lines)
    }
}

extension LineBreaker {
    /// The width of the widest stretch between two line-break opportunities, without its
    /// trailing white space: the narrowest the paragraph can be set without breaking a word.
    var widestWord: Int {
        guard !advances.isEmpty else { return 0 }
        var widest = 0, start = 0
        for end in 1 ... advances.count where end == advances.count || breaks[end - 1] == Int8(LINEBREAK_ALLOWBREAK) {
            widest = max(widest, width(start..<end))
            start = end
        }
        return widest
    }
}
