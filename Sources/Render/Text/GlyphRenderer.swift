// Every FreeType call of the module, and pixman's glyph cache and glyph compositing.
internal import CFreeType
internal import CPixman

/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// fontconfig found no font for the family.
    case noMatch(family: String)
    /// FreeType could not start.
    case freeTypeUnavailable(code: Int)
    /// FreeType could not open the face (missing file, not a font, bad index).
    case cannotOpen(FontFile, code: Int)

    public var description: String {
        switch self {
        case let .noMatch(family): return "no font found for family \"\(family)\""
        case let .freeTypeUnavailable(code): return "FreeType failed to initialize (error \(code))"
        case let .cannotOpen(font, code): return "cannot open font \(font) (FreeType error \(code))"
        }
    }
}

/// Lays out single-line text with FreeType and composites it with pixman's glyph cache.
///
/// Glyph bitmaps are rendered by FreeType (8-bit coverage) once per pixel size and
/// glyph, kept in a `pixman_glyph_cache_t`, and composited through an a8 mask with
/// `pixman_composite_glyphs`. Not thread-safe: one per renderer.
final class GlyphRenderer {
    let font: FontFile
    private let library: FT_Library
    private let face: FT_Face
    private let cache: OpaquePointer
    /// The size FreeType is set to, in 1/64 pixels (0 before the first label).
    private var currentSize64 = 0
    /// Advance (26.6 pixels) and whether the glyph has a bitmap, by pixel size and glyph index.
    private var metrics: [GlyphKey: GlyphMetrics] = [:]
    private var glyphs: [pixman_glyph_t] = []
    /// Each label's coverage (a8, the size of its rect), built once: a repaint composites
    /// the color through it in one call instead of laying out and compositing every glyph.
    private var labelMasks: [LabelKey: LabelMask] = [:]
    /// Past this many distinct labels the mask cache starts over.
    static let maximumCachedLabels = 256
    /// The solid source labels were last drawn with (see `solidFill`).
    private var lastSolid: (color: PremultipliedColor, image: OpaquePointer)?
    /// The masks used most recently (a few), searched before `labelMasks`.
    private var recentLabels: [(key: LabelKey, mask: LabelMask)] = []
    static let recentLabelCount = 8

    private struct LabelKey: Hashable {
        var text: String
        var pixelSize: Double
        var width: Int
        var height: Int
    }

    /// A label's a8 coverage and the box of its nonzero pixels (mask coordinates): a repaint
    /// composites only that box, since OVER through zero coverage leaves pixels as they are.
    private struct LabelMask {
        var image: OpaquePointer
        var ink: PixelRect
    }

    private struct GlyphKey: Hashable {
        var pixelSize: Double
        var index: UInt32
    }

    private struct GlyphMetrics {
        var advance: Int
        var isBlank: Bool
    }

    init(font: FontFile) throws(FontError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .freeTypeUnavailable(code: Int(status)) }
        var face: FT_Face?
        let opened = FT_New_Face(library, font.path, font.faceIndex, &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            throw .cannotOpen(font, code: Int(opened))
        }
        guard let cache = pixman_glyph_cache_create() else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .freeTypeUnavailable(code: -1)
        }
        self.font = font
        self.library = library
        self.face = face
        self.cache = cache
    }

    deinit {
        for mask in labelMasks.values { pixman_image_unref(mask.image) }
        if let lastSolid { pixman_image_unref(lastSolid.image) }
        pixman_glyph_cache_destroy(cache)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Draws `text` on one line, centered in `rect` and clipped to `rect ∩ visible`
    /// (surface pixels), with `color` through the surface's current clip region.
    /// `pixelSize` may be fractional (14 pt at scale 1.25 is 17.5 px): FreeType sets the
    /// face at that size to 1/64 pixel.
    func draw(_ text: String, pixelSize: Double, centeredIn rect: PixelRect, visible: PixelRect,
              color: PremultipliedColor, on surface: PixmanSurface) {
        guard rect.intersects(visible), !color.isTransparent, pixelSize > 0, !text.isEmpty,
              let mask = labelMask(text, pixelSize: pixelSize, width: rect.width, height: rect.height) else { return }
        let area = mask.ink.offsetBy(dx: rect.x, dy: rect.y).intersection(visible)
        guard !area.isEmpty else { return }
        guard let source = solidFill(color) else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, surface.image, 0, 0,
                                 Int32(area.x - rect.x), Int32(area.y - rect.y), Int32(area.x), Int32(area.y),
                                 Int32(area.width), Int32(area.height))
    }

    /// A solid-fill source of `color`, kept while labels are drawn in that color (usually
    /// all of them): no pixman image is created per label on the input path.
    private func solidFill(_ color: PremultipliedColor) -> OpaquePointer? {
        if let last = lastSolid, last.color == color { return last.image }
        var c = color.pixmanColor
        guard let image = pixman_image_create_solid_fill(&c) else { return nil }
        if let last = lastSolid { pixman_image_unref(last.image) }
        lastSolid = (color, image)
        return image
    }

    /// The coverage of `text` centered in a `width` × `height` rect: the glyphs added
    /// into an a8 image, exactly the mask `pixman_composite_glyphs` builds for them.
    private func labelMask(_ text: String, pixelSize: Double, width: Int, height: Int) -> LabelMask? {
        let key = LabelKey(text: text, pixelSize: pixelSize, width: width, height: height)
        // A repaint usually draws labels drawn just before: compare against those first,
        // which is cheaper than hashing the text.
        if let recent = recentLabels.first(where: { $0.key == key }) { return recent.mask }
        if let mask = labelMasks[key] {
            remember(key, mask)
            return mask
        }
        guard setPixelSize(pixelSize) else { return nil }
        pixman_glyph_cache_freeze(cache)
        defer { pixman_glyph_cache_thaw(cache) }
        let pen = layOut(text, pixelSize: pixelSize)
        guard !glyphs.isEmpty, let mask = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0) else {
            return nil
        }

        // Center the advance width horizontally and the ascender-to-descender box vertically.
        let sizeMetrics = face.pointee.size.pointee.metrics
        let ascender = Int(sizeMetrics.ascender), descender = Int(sizeMetrics.descender)
        let originX = (width * 64 - pen) / 2
        let top = (height * 64 - (ascender - descender)) / 2
        let baseline = top + ascender
        let dx = Int32((originX + 32) >> 6), dy = Int32((baseline + 32) >> 6)
        for i in glyphs.indices {
            glyphs[i].x += dx
            glyphs[i].y += dy
        }
        var white = pixman_color_t(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
        if let ink = pixman_image_create_solid_fill(&white) {
            pixman_composite_glyphs_no_mask(PIXMAN_OP_ADD, ink, mask, 0, 0, 0, 0, cache, Int32(glyphs.count), glyphs)
            pixman_image_unref(ink)
        }
        if labelMasks.count >= Self.maximumCachedLabels {
            for old in labelMasks.values { pixman_image_unref(old.image) }
            labelMasks.removeAll()
            recentLabels.removeAll()
        }
        let label = LabelMask(image: mask, ink: Self.inkBounds(of: mask, width: width, height: height))
        labelMasks[key] = label
        remember(key, label)
        return label
    }

    private func remember(_ key: LabelKey, _ mask: LabelMask) {
        if recentLabels.count >= Self.recentLabelCount { recentLabels.removeFirst() }
        recentLabels.append((key, mask))
    }

    /// The smallest rect holding every nonzero pixel of an a8 image (empty when none is).
    private static func inkBounds(of mask: OpaquePointer, width: Int, height: Int) -> PixelRect {
        guard let bits = pixman_image_get_data(mask) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let stride = Int(pixman_image_get_stride(mask))
        let rows = UnsafeRawPointer(bits).assumingMemoryBound(to: UInt8.self)
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0 ..< height {
            let row = rows + y * stride
            guard let first = (0 ..< width).first(where: { row[$0] != 0 }) else { continue }
            let last = (first ..< width).last { row[$0] != 0 }!
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, y)
            maxY = y
        }
        guard maxY >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The size of `text` set on one line at `pixelSize`, in whole pixels: the advance
    /// width and the ascender-to-descender height, each rounded up (the box `draw`
    /// centers). Nil when the size cannot be set.
    func measure(_ text: String, pixelSize: Double) -> (width: Int, height: Int)? {
        guard pixelSize > 0, setPixelSize(pixelSize) else { return nil }
        pixman_glyph_cache_freeze(cache)
        defer { pixman_glyph_cache_thaw(cache) }
        let pen = layOut(text, pixelSize: pixelSize)
        let sizeMetrics = face.pointee.size.pointee.metrics
        let height = Int(sizeMetrics.ascender) - Int(sizeMetrics.descender)
        return ((max(pen, 0) + 63) >> 6, (max(height, 0) + 63) >> 6)
    }

    /// Lays `text` out along a baseline at y = 0 from x = 0 into `glyphs` and returns
    /// the pen's final x (26.6 pixels). The pixel size must be set and the cache frozen.
    private func layOut(_ text: String, pixelSize: Double) -> Int {
        let fontKey = UnsafeMutableRawPointer(bitPattern: Self.size64(pixelSize))
        glyphs.removeAll(keepingCapacity: true)
        var pen = 0
        var previous: UInt32 = 0
        let hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if hasKerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, UInt32(FT_KERNING_DEFAULT.rawValue), &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            previous = index
            guard let loaded = glyph(index: index, pixelSize: pixelSize, fontKey: fontKey) else { continue }
            let (glyph, m) = loaded
            if let glyph {
                glyphs.append(pixman_glyph_t(x: Int32((pen + 32) >> 6), y: 0, glyph: glyph))
            }
            pen += m.advance
        }
        return pen
    }

    /// Sets the face to `size` pixels per em, to the nearest 1/64 pixel (at 72 dpi a point
    /// is a pixel, so the character size is the pixel size).
    private func setPixelSize(_ size: Double) -> Bool {
        let size64 = Self.size64(size)
        if size64 == currentSize64 { return true }
        guard size64 > 0, FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return false }
        currentSize64 = size64
        return true
    }

    /// A pixel size in FreeType's 26.6 fixed point, clamped to what a label can use.
    private static func size64(_ size: Double) -> Int {
        guard size.isFinite else { return 0 }
        return Int((min(max(size, 0), 10_000) * 64).rounded())
    }

    /// The cached glyph image (nil for a blank glyph such as a space) and its metrics;
    /// nil when FreeType cannot load the glyph. The cache must be frozen.
    private func glyph(index: UInt32, pixelSize: Double, fontKey: UnsafeMutableRawPointer?)
        -> (UnsafeRawPointer?, GlyphMetrics)? {
        let key = GlyphKey(pixelSize: pixelSize, index: index)
        // Glyph keys are index + 1: a null key would be ambiguous.
        let glyphKey = UnsafeMutableRawPointer(bitPattern: Int(index) + 1)
        if let m = metrics[key] {
            if m.isBlank { return (nil, m) }
            if let cached = pixman_glyph_cache_lookup(cache, fontKey, glyphKey) { return (cached, m) }
        }
        guard FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let m = GlyphMetrics(advance: Int(slot.advance.x),
                             isBlank: bitmap.width == 0 || bitmap.rows == 0
                                 || bitmap.pixel_mode != UInt8(FT_PIXEL_MODE_GRAY.rawValue))
        metrics[key] = m
        if m.isBlank { return (nil, m) }

        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0) else { return nil }
        defer { pixman_image_unref(image) }
        let stride = Int(pixman_image_get_stride(image))
        let destination = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
        for row in 0..<height {
            let source = bitmap.buffer.advanced(by: row * Int(bitmap.pitch))
            destination.advanced(by: row * stride).copyMemory(from: source, byteCount: width)
        }
        // The cache copies the image; the origin is the pen position relative to its top-left.
        let inserted = pixman_glyph_cache_insert(cache, fontKey, glyphKey,
                                                 -slot.bitmap_left, slot.bitmap_top, image)
        return inserted.map { ($0, m) }
    }
}
