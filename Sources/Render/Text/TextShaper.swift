// Every HarfBuzz shaping and FriBidi call of the module.
internal import CFriBidi
internal import CHarfBuzz

/// A glyph as HarfBuzz placed it: advance and offsets in 26.6 pixels, `cluster` the index
/// of the first character it was shaped from.
struct ShapedGlyph {
    var index: UInt32
    var cluster: Int32
    var advance: Int32
    var dx: Int32
    var dy: Int32
}

/// Glyphs of one face in one direction, left to right as they are drawn.
struct GlyphRun {
    var face: Int
    /// The bidi embedding level: odd is right to left.
    var level: UInt8
    var glyphs: [ShapedGlyph]
    /// The sum of the advances, 26.6 pixels.
    var width: Int
}

/// One paragraph's characters with what shaping needs per character: bidi level, script
/// and face. Built once per text; lines are shaped from ranges of it.
struct Paragraph {
    var scalars: [UInt32]
    var levels: [UInt8]
    var scripts: [hb_script_t]
    var faces: [Int]
    /// Whether the paragraph runs right to left (its first strong character, UAX #9 P2–P3,
    /// unless a direction was given).
    var isRightToLeft: Bool
}

/// Turns text into glyph runs: bidi levels (FriBidi), script runs, a face per character
/// (`FontCollection`), then HarfBuzz per run, runs reordered for display (UAX #9 L2).
final class TextShaper {
    let fonts: FontCollection
    private let buffer: OpaquePointer
    private let unicode: OpaquePointer

    init(fonts: FontCollection) {
        self.fonts = fonts
        buffer = hb_buffer_create()
        unicode = hb_unicode_funcs_get_default()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The last `labelRuns` answer: a label is measured and then laid out with the same text.
    private var lastLabel: (text: String, size: Int, runs: [GlyphRun])?

    /// `text` at `size` (26.6 pixels) as one paragraph shaped whole, in logical order; nil
    /// when no font can be opened. The same text and size again is not shaped again.
    func labelRuns(_ text: String, size: Int) -> [GlyphRun]? {
        // Scalar for scalar: `==` on strings would take a Kelvin sign for a K.
        if let last = lastLabel, last.size == size, last.text.utf8.elementsEqual(text.utf8) { return last.runs }
        guard let paragraph = paragraph(Array(text.unicodeScalars.lazy.map(\.value)), size: size) else { return nil }
        let runs = shape(paragraph, range: 0..<paragraph.scalars.count)
        lastLabel = (text, size, runs)
        return runs
    }

    /// The last paragraphs `shapedParagraph` made: a text is measured unbounded and then
    /// wrapped, each at the sizes of several scales.
    private var recentParagraphs: [(size: Int, paragraph: Paragraph, runs: [GlyphRun])] = []
    private static let recentParagraphLimit = 8

    /// `scalars` analysed as one paragraph at `size` and shaped whole (`paragraph`, `shape`);
    /// the same characters at the same size again are not analysed or shaped again.
    func shapedParagraph(_ scalars: [UInt32], size: Int) -> (Paragraph, [GlyphRun])? {
        if let recent = recentParagraphs.last(where: { $0.size == size && $0.paragraph.scalars == scalars }) {
            return (recent.paragraph, recent.runs)
        }
        guard let paragraph = paragraph(scalars, size: size) else { return nil }
        let runs = shape(paragraph, range: 0..<scalars.count)
        if recentParagraphs.count == Self.recentParagraphLimit { recentParagraphs.removeFirst() }
        recentParagraphs.append((size, paragraph, runs))
        return (paragraph, runs)
    }

    /// Analyses `scalars` as one paragraph at `size` (26.6 pixels); `rightToLeft` forces
    /// the paragraph direction, nil takes it from the text. Nil when no font can be opened.
    func paragraph(_ scalars: [UInt32], size: Int, rightToLeft: Bool? = nil) -> Paragraph? {
        guard let primary = fonts.primaryFace(size: size) else { return nil }
        let (levels, rtl) = Self.bidiLevels(scalars, rightToLeft: rightToLeft)
        var faces: [Int] = []
        faces.reserveCapacity(scalars.count)
        var previous: Int?
        for scalar in scalars {
            let face = fonts.face(for: scalar, size: size, primary: primary, previous: previous)
            faces.append(face)
            previous = face
        }
        return Paragraph(scalars: scalars, levels: levels, scripts: scripts(of: scalars), faces: faces,
                         isRightToLeft: rtl)
    }

    /// Shapes `range` of `paragraph` (the rest of it is context for joining) into runs in
    /// logical order: a new run wherever the level, script or face changes.
    func shape(_ paragraph: Paragraph, range: Range<Int>) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, paragraph.levels[end] == paragraph.levels[start],
                  paragraph.scripts[end] == paragraph.scripts[start], paragraph.faces[end] == paragraph.faces[start] {
                end += 1
            }
            runs.append(shapeRun(paragraph, start..<end))
            start = end
        }
        return runs
    }

    /// `runs` (logical order) in display order: from the highest level down to the lowest odd
    /// one, every maximal sequence of runs at that level or above is reversed (UAX #9 L2).
    static func visualOrder(_ runs: [GlyphRun]) -> [GlyphRun] {
        guard let highest = runs.map(\.level).max(), highest > 0 else { return runs }
        let lowestOdd = (runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest) | 1
        var order = runs
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    private func shapeRun(_ paragraph: Paragraph, _ range: Range<Int>) -> GlyphRun {
        let level = paragraph.levels[range.lowerBound]
        hb_buffer_clear_contents(buffer)
        paragraph.scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_codepoints(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
                                     Int32(range.count))
        }
        hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, paragraph.scripts[range.lowerBound])
        let face = paragraph.faces[range.lowerBound]
        hb_shape(fonts.faces[face].font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var width = 0
        for i in 0..<Int(count) {
            let p = positions[i]
            glyphs.append(ShapedGlyph(index: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster),
                                      advance: p.x_advance, dx: p.x_offset, dy: p.y_offset))
            width += Int(p.x_advance)
        }
        return GlyphRun(face: face, level: level, glyphs: glyphs, width: width)
    }

    /// Each character's script; Common and Inherited characters (spaces, digits,
    /// punctuation, marks) take the script of the character before, or after at the start.
    private func scripts(of scalars: [UInt32]) -> [hb_script_t] {
        var scripts = scalars.map { hb_unicode_script(unicode, $0) }
        func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
        guard let first = scripts.first(where: isReal) else { return scripts.map { _ in HB_SCRIPT_COMMON } }
        var current = first
        for i in scripts.indices {
            if isReal(scripts[i]) { current = scripts[i] } else { scripts[i] = current }
        }
        return scripts
    }

    /// Embedding levels by FriBidi and whether the paragraph is right to left. Text with no
    /// right-to-left character or bidi control (most labels) is level 0 throughout
    /// without asking FriBidi, unless `rightToLeft` is set.
    static func bidiLevels(_ scalars: [UInt32], rightToLeft: Bool?) -> ([UInt8], Bool) {
        if rightToLeft != true, !scalars.contains(where: mayBeRightToLeft) {
            return ([UInt8](repeating: 0, count: scalars.count), false)
        }
        let count = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction: FriBidiParType = switch rightToLeft {
        case .none: CFriBidiParagraphAuto
        case .some(true): CFriBidiParagraphRTL
        case .some(false): CFriBidiParagraphLTR
        }
        scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, Int32(count), &types)
            fribidi_get_bracket_types(text.baseAddress, Int32(count), types, &brackets)
        }
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, Int32(count), &direction, &levels)
        let rtl = direction == CFriBidiParagraphRTL
        guard result != 0 else {
            return ([UInt8](repeating: rtl ? 1 : 0, count: count), rtl)
        }
        return (levels.map { UInt8(bitPattern: $0) }, rtl)
    }

    /// Characters that can make text right to left: the Hebrew, Arabic, Syriac, Thaana,
    /// NKo, Samaritan and Mandaic blocks and their presentation forms, the right-to-left
    /// historic and Arabic math planes, and the bidi controls and marks.
    private static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
             0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return true
        default:
            return false
        }
    }
}
