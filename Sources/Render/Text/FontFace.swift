// FreeType faces, their HarfBuzz fonts, and glyph bitmaps in pixman's glyph cache.
internal import CFreeType
internal import CHarfBuzz
internal import CPixman
internal import MemoryEdges

/// One font file opened at one pixel size: a FreeType face, the HarfBuzz font that shapes
/// with it (positions in 26.6 pixels, FreeType's hinted advances), and its vertical metrics.
final class FontFace {
    let file: FontFile
    /// The pixel size in 26.6 fixed point (1/64 pixel).
    let size: Int
    /// Above the baseline, 26.6 pixels.
    let ascender: Int
    /// Below the baseline, 26.6 pixels (negative).
    let descender: Int
    private let face: FT_Face
    let font: OpaquePointer
    /// Glyphs known to have no pixels, so they are not loaded again.
    private var blankGlyphs: Set<UInt32> = []

    init(file: FontFile, size: Int, library: FT_Library) throws(FontError) {
        var face: FT_Face?
        var opened: FT_Error
        if let mapping = FontMappings.bytes(of: file.path) {
            opened = FT_New_Memory_Face(library, mapping.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(mapping.count),
                                        FT_Long(file.faceIndex), &face)
        } else {
            opened = FT_New_Face(library, file.path, FT_Long(file.faceIndex), &face)
        }
        guard opened == 0, let face else { throw .cannotOpen(file, code: Int(opened)) }
        // Char size in 26.6 points at 72 dpi is the pixel size in 26.6: fractional sizes work.
        let sized = FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        guard sized == 0, let font = hb_ft_font_create_referenced(face) else {
            FT_Done_Face(face)
            throw .cannotOpen(file, code: Int(sized))
        }
        hb_ft_font_set_load_flags(font, FT_LOAD_DEFAULT)
        self.file = file
        self.size = size
        self.face = face
        self.font = font
        let metrics = face.pointee.size.pointee.metrics
        ascender = Int(metrics.ascender)
        descender = Int(metrics.descender)
    }

    deinit {
        hb_font_destroy(font)
        // The HarfBuzz font held its own reference to the face.
        FT_Done_Face(face)
    }

    /// Whether the font has a glyph for `scalar`.
    func covers(_ scalar: UInt32) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar)) != 0
    }

    /// The cached bitmap of glyph `index` in `cache` (which must be frozen), rendered on first
    /// use; nil for a glyph with no pixels (a space) or one FreeType cannot render.
    func glyph(_ index: UInt32, in cache: OpaquePointer) -> UnsafeRawPointer? {
        // Unique while this face lives, which is longer than the cache (`CallbackContext.key`).
        let fontKey = CallbackContext.key(for: self)
        // Glyph keys are index + 1: a null key would be ambiguous.
        let glyphKey = UnsafeMutableRawPointer(bitPattern: Int(index) + 1)
        if let cached = pixman_glyph_cache_lookup(cache, fontKey, glyphKey) { return cached }
        if blankGlyphs.contains(index) { return nil }
        guard FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER)) == 0 else {
            blankGlyphs.insert(index)
            return nil
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.width > 0, bitmap.rows > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue),
              let image = pixman_image_create_bits(PIXMAN_a8, Int32(bitmap.width), Int32(bitmap.rows), nil, 0) else {
            blankGlyphs.insert(index)
            return nil
        }
        defer { pixman_image_unref(image) }
        let width = Int(bitmap.width)
        let stride = Int(pixman_image_get_stride(image))
        let destination = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
        for row in 0..<Int(bitmap.rows) {
            let source = bitmap.buffer.advanced(by: row * Int(bitmap.pitch))
            destination.advanced(by: row * stride).copyMemory(from: source, byteCount: width)
        }
        // The cache copies the image; the origin is the pen position relative to its top-left.
        return pixman_glyph_cache_insert(cache, fontKey, glyphKey, -slot.bitmap_left, slot.bitmap_top, image)
    }
}
