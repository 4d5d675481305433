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
        let pattern = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcNameParse($0) }
        }
        guard let pattern else { return nil }
        defer { FcPatternDestroy(pattern) }
        // A nil config means fontconfig's current one, loaded on first use (thread-safe).
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        return FontFile(path: path, faceIndex: Int(index))
    }

    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// Which font the renderer uses for node labels.
public enum LabelFont: Hashable, Sendable {
    /// fontconfig's match for a family, looked up when the first label is painted.
    case system(family: String)
    /// A specific font file.
    case file(FontFile)
    /// No labels are painted.
    case none

    /// `DejaVu Sans` through fontconfig.
    public static let `default` = LabelFont.system(family: FontFile.defaultFamily)
}
