// The FreeType library and pixman glyph cache shared by every face of a renderer.
internal import CFreeType
internal import CPixman

/// Where the fonts that stand in for the label font come from.
enum FontFallbacks {
    /// fontconfig's ranking after a family (`FontFallbackList`).
    case fontconfig(family: String)
    /// These files, in order.
    case files([FontFile])
}

/// The label font and the fonts that stand in for it, each opened at the sizes in use.
///
/// A character is set in the label font when it has it, else in the first fallback
/// that does (with `.fontconfig`, fontconfig's ranking is built on the first such
/// character); with none, the label font's missing-glyph box is drawn.
/// Fallback faces are opened when a character first needs them. Not thread-safe.
final class FontCollection {
    let primary: FontFile
    private let fallbackSource: FontFallbacks
    private let library: FT_Library
    /// Every glyph bitmap of every face, keyed by face and glyph.
    let glyphCache: OpaquePointer
    /// Open faces; text refers to them by index.
    private(set) var faces: [FontFace] = []
    private var faceIndices: [FaceKey: Int] = [:]
    private var fallbacks: FontFallbackList?
    /// Whether fontconfig's ranking was asked for (only once a character needed it).
    private(set) var hasLoadedFallbacks = false
    /// The stand-in font chosen for each character the label font lacks (nil: none has it).
    private var fallbackFiles: [UInt32: FontFile?] = [:]

    /// The size faces are first opened at (the label size at scale 1).
    private static let probeSize = 14 * 64

    private struct FaceKey: Hashable {
        var file: FontFile
        var size: Int
    }

    /// Opens `primary` (so a missing file is reported at once).
    init(primary: FontFile, fallbacks: FontFallbacks) throws(FontError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .freeTypeUnavailable(code: Int(status)) }
        guard let cache = pixman_glyph_cache_create() else {
            FT_Done_FreeType(library)
            throw .freeTypeUnavailable(code: -1)
        }
        self.primary = primary
        self.fallbackSource = fallbacks
        self.library = library
        self.glyphCache = cache
        // On failure `deinit` releases the cache and the library.
        _ = try openFace(primary, size: Self.probeSize)
    }

    deinit {
        pixman_glyph_cache_destroy(glyphCache)
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// The index of the label font at `size` (26.6 pixels).
    func primaryFace(size: Int) -> Int? {
        try? openFace(primary, size: size)  // nil: the caller paints without text (no font opens).
    }

    /// The index of the face for `scalar` at `size`: `previous` (the face of the character
    /// before) for a mark or joiner it has, else the label font when it has the character,
    /// else the first fallback that does, else the label font.
    func face(for scalar: UInt32, size: Int, primary: Int, previous: Int?) -> Int {
        if let previous, previous != primary, Self.continuesCluster(scalar), faces[previous].covers(scalar) {
            return previous
        }
        if faces[primary].covers(scalar) { return primary }
        guard let file = fallbackFile(for: scalar) else { return primary }
        // A fallback that does not open is remembered as none: the primary face draws the scalar.
        guard let index = try? openFace(file, size: size) else {
            fallbackFiles[scalar] = .some(nil)
            return primary
        }
        return index
    }

    /// Marks, joiners and variation selectors: set in the font of the character they attach to.
    private static func continuesCluster(_ scalar: UInt32) -> Bool {
        guard let s = Unicode.Scalar(scalar) else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return s.properties.isVariationSelector
        }
    }

    private func fallbackFile(for scalar: UInt32) -> FontFile? {
        if let known = fallbackFiles[scalar] { return known }
        let file: FontFile?
        switch fallbackSource {
        case let .files(files):
            // A file that does not open cannot cover the scalar.
            file = files.first { (try? openFace($0, size: Self.probeSize)).map { faces[$0].covers(scalar) } ?? false }
        case let .fontconfig(family):
            if !hasLoadedFallbacks {
                hasLoadedFallbacks = true
                fallbacks = FontFallbackList(family: family)
            }
            file = fallbacks?.font(covering: scalar)
        }
        fallbackFiles[scalar] = .some(file)
        return file
    }

    private func openFace(_ file: FontFile, size: Int) throws(FontError) -> Int {
        let key = FaceKey(file: file, size: size)
        if let index = faceIndices[key] { return index }
        let face = try FontFace(file: file, size: size, library: library)
        faces.append(face)
        faceIndices[key] = faces.count - 1
        return faces.count - 1
    }
}
