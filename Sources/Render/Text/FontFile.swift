// Every fontconfig call of the module.
internal import CFontconfig

/// A font face on disk: a file and the index of the face inside it.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    /// The family used for labels unless told otherwise.
    public static let defaultFamily = "DejaVu Sans"

    public let path: String
    public let faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    /// fontconfig's best match for `family` (fontconfig may substitute a similar
    /// family when that one is not installed); nil when fontconfig has no font at all.
    public static func match(family: String = defaultFamily) -> FontFile? {
        guard let pattern = pattern(family: family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        return FontFile(pattern: match)
    }

    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }

    /// A parsed fontconfig pattern for `family`, substituted the way a match is.
    fileprivate static func pattern(family: String) -> OpaquePointer? {
        let pattern = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcNameParse($0) }
        }
        guard let pattern else { return nil }
        // A nil config means fontconfig's current one, loaded on first use (thread-safe).
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else {
            FcPatternDestroy(pattern)
            return nil
        }
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// The file and face index a font pattern names.
    fileprivate init?(pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        self.init(path: file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) },
                  faceIndex: Int(index))
    }
}

/// The fonts fontconfig ranks after a family (`FcFontSort`), each with the characters it
/// covers: where a character the first font lacks is looked up. Built only when some text
/// needs a character the label font does not have, so Latin-only scenes never pay for it.
/// Color and bitmap-only fonts are left out: glyphs are drawn as 8-bit coverage at any size.
final class FontFallbackList {
    private let fonts: OpaquePointer
    private let candidates: [(file: FontFile, charset: OpaquePointer)]

    init?(family: String) {
        guard let pattern = FontFile.pattern(family: family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        fonts = OpaquePointer(sorted)
        var candidates: [(FontFile, OpaquePointer)] = []
        let set = sorted.pointee
        for i in 0..<Int(set.nfont) {
            guard let font = set.fonts[i] else { continue }
            var flag: FcBool = FcFalse
            if FcPatternGetBool(font, FC_COLOR, 0, &flag) == FcResultMatch, flag != FcFalse { continue }
            if FcPatternGetBool(font, FC_SCALABLE, 0, &flag) == FcResultMatch, flag == FcFalse { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                  let file = FontFile(pattern: font) else { continue }
            candidates.append((file, charset))
        }
        self.candidates = candidates
    }

    deinit { FcFontSetDestroy(UnsafeMutablePointer(fonts)) }

    /// The best-ranked font that has a glyph for `scalar`, if any.
    func font(covering scalar: UInt32) -> FontFile? {
        candidates.first { FcCharSetHasChar($0.charset, scalar) != 0 }?.file
    }
}

/// Which font the renderer uses for node labels.
public enum LabelFont: Hashable, Sendable {
    /// fontconfig's match for a family, looked up when the first label is painted.
    case system(family: String)
    /// A specific font file; characters it lacks come from fontconfig's fallbacks.
    case file(FontFile)
    /// A specific font file and, for characters it lacks, these files in order (no
    /// fontconfig lookup): text that looks the same whatever else is installed.
    case files(FontFile, fallbacks: [FontFile])
    /// No labels are painted.
    case none

    /// `DejaVu Sans` through fontconfig.
    public static let `default` = LabelFont.system(family: FontFile.defaultFamily)
}
