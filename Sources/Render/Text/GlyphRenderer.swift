// pixman's glyph compositing of shaped text.
internal import CPixman
import Synchronization

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

/// Draws shaped text (`TextShaper`) through a8 coverage masks, one per text and box,
/// kept in a `TextMaskCache`: a repaint composites the color through the mask in one
/// call instead of shaping and compositing every glyph. Glyph bitmaps are rendered by
/// FreeType once per face, size and glyph and kept in pixman's glyph cache. Not
/// thread-safe: one per renderer.
package final class GlyphRenderer {
    package let font: FontFile
    private let fallbacks: FontFallbacks
    /// The fonts and their shaper, opened on first need (`loaded()`); nil until then.
    private var opened: (fonts: FontCollection, shaper: TextShaper)?
    private var openFailed = false
    let masks: TextMaskCache
    /// The previous run's first-frame masks, and where this run's are noted (nil: none kept).
    let store: TextMaskStore?
    private var glyphs: [pixman_glyph_t] = []
    /// The solid source text was last drawn with (see `solidFill`).
    private var lastSolid: (color: PremultipliedColor, image: OpaquePointer)?
    /// The cache slots used most recently (a few), compared before hashing a key.
    private var recentSlots: [Int] = []
    package static let recentCount = 8

    /// Opens `font` now (so a missing file is reported at once), unless `store` holds masks
    /// made with it: then fonts open when a text the store lacks is first drawn or measured.
    init(font: FontFile, fallbacks: FontFallbacks = .fontconfig(family: FontFile.defaultFamily),
         cacheBudget: Int = TextMaskCache.defaultBudget, store: TextMaskStore? = nil) throws(FontError) {
        self.font = font
        self.fallbacks = fallbacks
        self.store = store
        masks = TextMaskCache(budget: cacheBudget)
        if store?.hasMasks != true { _ = try open() }
    }

    private func open() throws(FontError) -> (fonts: FontCollection, shaper: TextShaper) {
        let fonts = try FontCollection(primary: font, fallbacks: fallbacks)
        let opened = (fonts, TextShaper(fonts: fonts))
        self.opened = opened
        return opened
    }

    /// The fonts and shaper, opened now if they were not; nil when they cannot be.
    private func loaded() -> (fonts: FontCollection, shaper: TextShaper)? {
        if let opened { return opened }
        guard !openFailed else { return nil }
        do { return try open() } catch {
            openFailed = true
            return nil
        }
    }

    /// The label font and the fonts that stand in for it; nil when they cannot be opened.
    var fonts: FontCollection? { loaded()?.fonts }
    /// Shapes text in `fonts`; nil when they cannot be opened.
    var shaper: TextShaper? { loaded()?.shaper }
    /// Whether a font was opened (every text so far came from the store when not).
    package var hasOpenedFonts: Bool { opened != nil }

    deinit {
        if let lastSolid { pixman_image_unref(lastSolid.image) }
    }

    /// The glyph renderer of `labelFont`; nil for `.none`. With `store`, masks are kept in the
    /// store it makes for the label font's file.
    static func make(for labelFont: LabelFont, store: ((FontFile) -> TextMaskStore?)? = nil) throws(FontError) -> GlyphRenderer? {
        switch labelFont {
        case .none:
            return nil
        case let .file(file):
            return try GlyphRenderer(font: file, fallbacks: .fontconfig(family: FontFile.defaultFamily), store: store?(file))
        case let .files(file, fallbacks):
            return try GlyphRenderer(font: file, fallbacks: .files(fallbacks), store: store?(file))
        case let .system(family):
            guard let found = systemFont(family: family) else { throw FontError.noMatch(family: family) }
            return try GlyphRenderer(font: found, fallbacks: .fontconfig(family: family), store: store?(found))
        }
    }

    /// The font file of each family asked for in this process: a window's renderers (content,
    /// title bar, measurement) each ask, and the cache's checks cost 0.13 M instructions.
    private static let systemFonts = Mutex<[String: FontFile]>([:])

    /// fontconfig's match for `family`, through `FontMatchCache`, once per process.
    private static func systemFont(family: String) -> FontFile? {
        if let known = systemFonts.withLock({ $0[family] }) { return known }
        guard let found = FontMatchCache.standard.match(family: family, lookUp: { FontFile.match(family: family) })
        else { return nil }
        systemFonts.withLock { $0[family] = found }
        return found
    }

    /// The extent of `text` in `style` wrapped at `maxWidth` (26.6 pixels; nil: unbounded);
    /// nil when no font opens.
    func extent(of text: String, style: TextStyle, maxWidth: Int?) -> TextExtent? {
        shaper?.extent(of: text, style: style, maxWidth: maxWidth)
    }

    /// Draws `text` set in `style` in `rect`, clipped to `rect ∩ visible` (surface
    /// pixels), with `color` through the surface's current clip region.
    func draw(_ text: String, style: TextStyle, in rect: PixelRect, visible: PixelRect,
              color: PremultipliedColor, on surface: PixmanSurface) {
        guard rect.intersects(visible), !color.isTransparent, style.size > 0, !text.isEmpty else { return }
        var key = TextMaskKey(text: text, style: style, width: rect.width, height: rect.height)
        // A box larger than any screen keeps a mask of its visible part only, so the cost
        // follows what is on screen, never the node's size (behaviour.md §20).
        if rect.width > Self.maximumMaskSide || rect.height > Self.maximumMaskSide {
            key.crop = rect.intersection(visible).offsetBy(dx: -rect.x, dy: -rect.y)
        }
        guard let mask = mask(key) else { return }
        let origin = (x: rect.x + (key.crop?.x ?? 0), y: rect.y + (key.crop?.y ?? 0))
        let area = mask.ink.offsetBy(dx: origin.x, dy: origin.y).intersection(visible)
        guard !area.isEmpty, let source = solidFill(color) else { return }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, surface.image, 0, 0,
                                 Int32(area.x - origin.x), Int32(area.y - origin.y), Int32(area.x), Int32(area.y),
                                 Int32(area.width), Int32(area.height))
    }

    /// The longest box side whose text mask covers the whole box (a canvas side).
    static let maximumMaskSide = 16_384

    /// Draws `text` on one line centered in `rect`, as a label at `pixelSize` pixels (to 1/64).
    package func draw(_ text: String, pixelSize: Double, centeredIn rect: PixelRect, visible: PixelRect,
              color: PremultipliedColor, on surface: PixmanSurface) {
        draw(text, style: .label(size: Self.size64(pixelSize)), in: rect, visible: visible, color: color, on: surface)
    }

    /// The size of `text` set on one line at `pixelSize`, in whole pixels: the advance
    /// width and the ascender-to-descender height, each rounded up (the box a label is
    /// centered by). Nil when no font opens.
    package func measure(_ text: String, pixelSize: Double) -> (width: Int, height: Int)? {
        let size = Self.size64(pixelSize)
        guard size > 0, let (fonts, shaper) = loaded(), let primary = fonts.primaryFace(size: size),
              let runs = shaper.labelRuns(text, size: size) else { return nil }
        let width = runs.reduce(0) { $0 + $1.width }
        let face = fonts.faces[primary]
        return ((max(width, 0) + 63) >> 6, (max(face.ascender - face.descender, 0) + 63) >> 6)
    }

    /// A pixel size in FreeType's 26.6 fixed point, clamped to what text can use.
    package static func size64(_ size: Double) -> Int {
        guard size.isFinite else { return 0 }
        return Int((min(max(size, 0), 4096) * 64).rounded())
    }

    /// How `text` fits a `width` × `height` pixel box in `style`; nil when no font opens.
    func fit(_ text: String, style: TextStyle, width: Int, height: Int) -> TextLayout? {
        shaper?.layOut(text, style: style, width: width, height: height)
    }

    /// A solid-fill source of `color`, kept while text is drawn in that color (usually
    /// all of it): no pixman image is created per label on the input path.
    private func solidFill(_ color: PremultipliedColor) -> OpaquePointer? {
        if let last = lastSolid, last.color == color { return last.image }
        var c = color.pixmanColor
        guard let image = pixman_image_create_solid_fill(&c) else { return nil }
        if let last = lastSolid { pixman_image_unref(last.image) }
        lastSolid = (color, image)
        return image
    }

    /// The mask for `key`, from the cache or made now. A repaint usually draws text drawn
    /// just before: the few most recent slots are compared first, cheaper than hashing.
    private func mask(_ key: TextMaskKey) -> TextMask? {
        for slot in recentSlots.reversed() {
            if let entry = masks.entry(slot), entry.key == key {
                masks.touch(slot)
                return entry.mask
            }
        }
        if let slot = masks.slot(for: key) {
            remember(slot)
            return masks.entry(slot)?.mask
        }
        if let stored = store?.mask(for: key) {
            remember(masks.insert(stored, for: key))
            return stored
        }
        let crop = key.crop ?? PixelRect(x: 0, y: 0, width: key.width, height: key.height)
        guard let (fonts, shaper) = loaded(),
              let layout = shaper.layOut(key.text, style: key.style, width: key.width, height: key.height),
              let mask = makeMask(layout, fonts: fonts, crop: crop) else { return nil }
        store?.record(mask, for: key, labelFontOnly: layout.glyphs.allSatisfy { fonts.faces[$0.face].file == font })
        remember(masks.insert(mask, for: key))
        return mask
    }

    private func remember(_ slot: Int) {
        if let i = recentSlots.firstIndex(of: slot) { recentSlots.remove(at: i) }
        if recentSlots.count >= Self.recentCount { recentSlots.removeFirst() }
        recentSlots.append(slot)
    }

    /// The coverage of `layout` in the box's `crop` as an a8 image: its glyphs added in,
    /// exactly the mask `pixman_composite_glyphs` builds for them.
    private func makeMask(_ layout: TextLayout, fonts: FontCollection, crop: PixelRect) -> TextMask? {
        let width = crop.width, height = crop.height
        guard width > 0, height > 0, width <= Self.maximumMaskSide, height <= Self.maximumMaskSide,
              let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), nil, 0) else { return nil }
        let cache = fonts.glyphCache
        pixman_glyph_cache_freeze(cache)
        glyphs.removeAll(keepingCapacity: true)
        // Glyphs far outside the crop are left out (their position would not fit pixman's 32 bits).
        let margin = 4 * 4096
        for placed in layout.glyphs {
            let x = (placed.x + 32) >> 6 - crop.x, y = (placed.y + 32) >> 6 - crop.y
            guard x > -margin, y > -margin, x < width + margin, y < height + margin,
                  let glyph = fonts.faces[placed.face].glyph(placed.index, in: cache) else { continue }
            glyphs.append(pixman_glyph_t(x: Int32(x), y: Int32(y), glyph: glyph))
        }
        var white = pixman_color_t(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
        if !glyphs.isEmpty, let ink = pixman_image_create_solid_fill(&white) {
            pixman_composite_glyphs_no_mask(PIXMAN_OP_ADD, ink, image, 0, 0, 0, 0, cache, Int32(glyphs.count), glyphs)
            pixman_image_unref(ink)
        }
        pixman_glyph_cache_thaw(cache)
        return TextMask(image: image, ink: Self.inkBounds(of: image, width: width, height: height),
                        isTruncated: layout.isTruncated, isClipped: layout.isClipped)
    }

    /// The smallest rect holding every nonzero pixel of an a8 image (empty when none is).
    private static func inkBounds(of mask: OpaquePointer, width: Int, height: Int) -> PixelRect {
        guard let bits = pixman_image_get_data(mask) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let stride = Int(pixman_image_get_stride(mask))
        let rows = UnsafeRawPointer(bits).assumingMemoryBound(to: UInt8.self)
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0 ..< height {
            let row = rows + y * stride
            // A row of no ink is the common case (the space above and below the glyphs).
            var first = 0
            while first + 8 <= width, UnsafeRawPointer(row + first).loadUnaligned(as: UInt64.self) == 0 { first += 8 }
            while first < width, row[first] == 0 { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, y)
            maxY = y
        }
        guard maxY >= 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
