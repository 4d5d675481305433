// Every libunibreak call of the module.
internal import CUnibreak
internal import NodeCore

/// A glyph placed in its box: `x` the pen position, `y` the baseline, both 26.6 pixels
/// from the box's top-left corner.
struct PlacedGlyph {
    var face: Int
    var index: UInt32
    var x: Int
    var y: Int
}

/// How text sits in its box.
struct TextStyle: Hashable {
    /// The pixel size, 26.6.
    var size: Int
    /// One line centered in both directions and clipped (a node's label), or lines from
    /// the top, wrapped, aligned and truncated (a text node).
    var isLabel: Bool
    var alignment: TextAlignment
    /// The most lines shown; 0 for as many as the box's height holds.
    var maximumLines: Int

    static func label(size: Int) -> TextStyle {
        TextStyle(size: size, isLabel: true, alignment: .center, maximumLines: 1)
    }
}

/// Text laid out in a box: its glyphs, and whether it had to be cut.
struct TextLayout {
    var glyphs: [PlacedGlyph] = []
    /// Some text did not fit and was replaced by an ellipsis.
    var isTruncated = false
    /// Some of what was laid out reaches past the box and is cut off at its edges.
    var isClipped = false
    var lineCount = 0
}

/// Where a line may end after each character (UAX #14, libunibreak), and the widths it
/// would have.
struct LineBreaker {
    let paragraph: Paragraph
    /// The advance each character contributes (its cluster's glyphs, on its first character).
    let advances: [Int]
    /// Whether a line may start at each character (the first of a cluster).
    let clusterStarts: [Bool]
    /// `LINEBREAK_ALLOWBREAK` and friends, after each character.
    let breaks: [Int8]

    init(paragraph: Paragraph, runs: [GlyphRun]) {
        self.paragraph = paragraph
        let n = paragraph.scalars.count
        var advances = [Int](repeating: 0, count: n)
        var starts = [Bool](repeating: false, count: n)
        for run in runs {
            for glyph in run.glyphs {
                let c = Int(glyph.cluster)
                advances[c] += Int(glyph.advance)
                starts[c] = true
            }
        }
        if n > 0 { starts[0] = true }
        self.advances = advances
        self.clusterStarts = starts
        self.breaks = UnicodeLineBreaks.after(paragraph.scalars)
    }

    /// Whether character `i` is white space (Unicode's White_Space), ASCII answered without
    /// the property tables: a line is scanned character by character.
    func isSpace(_ i: Int) -> Bool {
        let scalar = paragraph.scalars[i]
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }

    /// `range` without the white space at its end (which hangs past the line's edge).
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, isSpace(end - 1) { end -= 1 }
        return range.lowerBound..<end
    }

    func width(_ range: Range<Int>) -> Int {
        trimmed(range).reduce(0) { $0 + advances[$1] }
    }

    /// The lines of the paragraph at most `maxWidth` wide, each ending where a break is
    /// allowed; a word wider than a line is broken between clusters. Stops after `limit`.
    func lines(maxWidth: Int, limit: Int) -> [Range<Int>] {
        let n = advances.count
        var lines: [Range<Int>] = []
        var start = 0
        while start < n, lines.count < limit {
            var width = 0, trailing = 0
            var lastFit: Int?
            var end = start
            while end < n {
                width += advances[end]
                trailing = isSpace(end) ? trailing + advances[end] : 0
                end += 1
                guard end == n || breaks[end - 1] == Int8(LINEBREAK_ALLOWBREAK) else { continue }
                if width - trailing <= maxWidth { lastFit = end } else { break }
            }
            let stop = lastFit ?? fittingClusters(from: start, maxWidth: maxWidth)
            lines.append(start..<stop)
            start = stop
        }
        return lines
    }

    /// The end of the longest run of whole clusters from `start` whose width, without
    /// trailing white space, plus `reserve` fits in `maxWidth`. With no reserve it is at
    /// least one cluster, so that every line makes progress.
    func fittingClusters(from start: Int, maxWidth: Int, reserving reserve: Int = 0) -> Int {
        let n = advances.count
        var best = start
        var width = 0, trailing = 0
        var i = start
        while i < n {
            width += advances[i]
            trailing = isSpace(i) ? trailing + advances[i] : 0
            i += 1
            guard i == n || clusterStarts[i] else { continue }
            if width - trailing + reserve > maxWidth {
                if best == start, reserve == 0 { best = i }
                break
            }
            best = i
        }
        return best
    }
}

extension TextShaper {
    /// `text` laid out in a `width` × `height` pixel box in `style`; nil when no font opens.
    func layOut(_ text: String, style: TextStyle, width: Int, height: Int) -> TextLayout? {
        guard let primary = fonts.primaryFace(size: style.size) else { return nil }
        let face = fonts.faces[primary]
        let lineHeight = max(face.ascender - face.descender, 1)
        let boxWidth = width * 64, boxHeight = height * 64
        var layout = TextLayout()
        if style.isLabel {
            guard let logical = labelRuns(text, size: style.size) else { return nil }
            let runs = TextShaper.visualOrder(logical)
            let lineWidth = runs.reduce(0) { $0 + $1.width }
            let top = (boxHeight - lineHeight) / 2
            place(runs, x: (boxWidth - lineWidth) / 2, baseline: top + face.ascender, into: &layout)
            layout.lineCount = 1
            layout.isClipped = lineWidth > boxWidth || lineHeight > boxHeight
            return layout
        }

        let fitting = max(boxHeight / lineHeight, 1)
        let limit = style.maximumLines > 0 ? min(style.maximumLines, fitting) : fitting
        var lineIndex = 0
        let paragraphs = Self.paragraphs(of: text)
        for (p, scalars) in paragraphs.enumerated() {
            guard lineIndex < limit else {
                layout.isTruncated = true
                break
            }
            guard let paragraph = paragraph(scalars, size: style.size) else { return nil }
            let all = shape(paragraph, range: 0..<scalars.count)
            let breaker = LineBreaker(paragraph: paragraph, runs: all)
            let lines = scalars.isEmpty ? [0..<0] : breaker.lines(maxWidth: boxWidth, limit: limit - lineIndex + 1)
            for (i, line) in lines.enumerated() {
                let baseline = lineIndex * lineHeight + face.ascender
                let isLast = lineIndex == limit - 1
                let cut = isLast && (i < lines.count - 1 || line.upperBound < scalars.count
                                     || p < paragraphs.count - 1)
                var runs: [GlyphRun]
                if cut {
                    layout.isTruncated = true
                    runs = truncated(breaker, from: line.lowerBound, maxWidth: boxWidth, size: style.size)
                } else if lines.count == 1, line == 0..<scalars.count, breaker.trimmed(line) == line {
                    runs = TextShaper.visualOrder(all)
                } else {
                    runs = TextShaper.visualOrder(shape(paragraph, range: breaker.trimmed(line)))
                }
                let lineWidth = runs.reduce(0) { $0 + $1.width }
                if lineWidth > boxWidth { layout.isClipped = true }
                let x: Int
                switch (style.alignment, paragraph.isRightToLeft) {
                case (.left, _), (.leading, false), (.trailing, true): x = 0
                case (.right, _), (.trailing, false), (.leading, true): x = boxWidth - lineWidth
                case (.center, _): x = (boxWidth - lineWidth) / 2
                }
                place(runs, x: x, baseline: baseline, into: &layout)
                lineIndex += 1
                if cut || lineIndex == limit { break }
            }
            if layout.isTruncated { break }
        }
        layout.lineCount = lineIndex
        if lineIndex * lineHeight > boxHeight { layout.isClipped = true }
        return layout
    }

    /// The line from `start` to the end of its paragraph, cut at the last cluster that
    /// leaves room for an ellipsis, with the ellipsis after it (in the paragraph's direction).
    private func truncated(_ breaker: LineBreaker, from start: Int, maxWidth: Int, size: Int) -> [GlyphRun] {
        let source = breaker.paragraph
        let ellipsis: [UInt32] = [0x2026]
        let ellipsisWidth = paragraph(ellipsis, size: size, rightToLeft: source.isRightToLeft)
            .map { shape($0, range: 0..<1).reduce(0) { $0 + $1.width } } ?? 0
        let end = breaker.fittingClusters(from: start, maxWidth: maxWidth, reserving: ellipsisWidth)
        let kept = breaker.trimmed(start..<end)
        let scalars = Array(source.scalars[kept]) + ellipsis
        guard let line = paragraph(scalars, size: size, rightToLeft: source.isRightToLeft) else { return [] }
        return TextShaper.visualOrder(shape(line, range: 0..<scalars.count))
    }

    /// Appends `runs` (display order) starting at pen position `x` on `baseline`.
    private func place(_ runs: [GlyphRun], x: Int, baseline: Int, into layout: inout TextLayout) {
        var pen = x
        for run in runs {
            for glyph in run.glyphs {
                layout.glyphs.append(PlacedGlyph(face: run.face, index: glyph.index,
                                                 x: pen + Int(glyph.dx), y: baseline - Int(glyph.dy)))
                pen += Int(glyph.advance)
            }
        }
    }

    /// The text's paragraphs as scalars, split at line and paragraph separators (CR LF counts once).
    static func paragraphs(of text: String) -> [[UInt32]] {
        var result: [[UInt32]] = [[]]
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0A where previous == 0x0D:
                break
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                result.append([])
            default:
                result[result.count - 1].append(v)
            }
            previous = v
        }
        return result
    }
}


/// The UAX #14 break opportunities libunibreak finds, for any scalars whatever.
enum UnicodeLineBreaks {
    private static let initialized: Void = init_linebreak()

    /// `LINEBREAK_ALLOWBREAK` and friends after each of `scalars`.
    static func after(_ scalars: [UInt32]) -> [Int8] {
        _ = initialized
        let n = scalars.count
        var breaks = [Int8](repeating: Int8(LINEBREAK_NOBREAK), count: n)
        guard n > 0 else { return breaks }
        libunibreakSafe(scalars).withUnsafeBufferPointer { text in
            breaks.withUnsafeMutableBufferPointer { out in
                out.baseAddress!.withMemoryRebound(to: CChar.self, capacity: n) { brks in
                    set_linebreaks_utf32(text.baseAddress, n, nil, brks)
                }
            }
        }
        return breaks
    }

    /// `scalars` with the code points libunibreak 1.1 (Debian 12) aborts on replaced by
    /// stand-ins that break the same way (behaviour.md §12): U+FFFF is its end-of-text
    /// marker, and its pair table stops before the regional indicators. The first
    /// indicator of a pair becomes an ideograph (a break allowed on either side), the
    /// second a combining mark (no break inside a flag), as UAX #14 LB30a asks.
    static func libunibreakSafe(_ scalars: [UInt32]) -> [UInt32] {
        var result = scalars
        var pairOpen = false
        for i in result.indices {
            let v = result[i]
            if (0x1F1E6...0x1F1FF).contains(v) {
                result[i] = pairOpen ? 0x0300 : 0x4E00
                pairOpen.toggle()
                continue
            }
            pairOpen = false
            if v == 0xFFFF { result[i] = 0xFFFE }
        }
        return result
    }
}
