// Every pixman call of the module except glyph compositing (Text/GlyphRenderer.swift).
internal import CPixman
package import NodeCore

/// A premultiplied 8-bit ARGB color, the pixel format of every buffer here.
package struct PremultipliedColor: Hashable {
    package var alpha: UInt8
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package static let transparent = PremultipliedColor(alpha: 0, red: 0, green: 0, blue: 0)

    package init(alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `color` with its alpha multiplied by `opacity`, premultiplied and rounded to 8 bits.
    package init(_ color: Color, opacity: Double = 1) {
        let a = min(max(color.alpha * opacity, 0), 1)
        func channel(_ c: UInt8) -> UInt8 { UInt8(roundedInteger(Double(c) * a)) }
        self.init(alpha: UInt8(roundedInteger(a * 255)), red: channel(color.red),
                  green: channel(color.green), blue: channel(color.blue))
    }

    package var isTransparent: Bool { alpha == 0 }
    package var isOpaque: Bool { alpha == 255 }

    /// The pixel as stored in an a8r8g8b8 buffer (a native-endian 32-bit word).
    package var pixel: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// pixman's 16-bit premultiplied color; `v * 257` so that pixman's `>> 8` gives back `v` exactly.
    var pixmanColor: pixman_color_t {
        pixman_color_t(red: UInt16(red) * 257, green: UInt16(green) * 257,
                       blue: UInt16(blue) * 257, alpha: UInt16(alpha) * 257)
    }
}

/// A pixman region (a set of non-overlapping pixel boxes) at a stable address.
package final class PixelRegion {
    let pointer: UnsafeMutablePointer<pixman_region32_t>

    /// The empty region.
    package init() {
        pointer = .allocate(capacity: 1)
        pixman_region32_init(pointer)
    }

    package init(_ rect: PixelRect) {
        pointer = .allocate(capacity: 1)
        if rect.isEmpty {
            pixman_region32_init(pointer)
        } else {
            pixman_region32_init_rect(pointer, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
    }

    /// The union of `rects` (which may overlap) limited to `bounds`; empty rects are ignored.
    package convenience init(_ rects: [PixelRect], clippedTo bounds: PixelRect) {
        self.init()
        set(rects, clippedTo: bounds)
    }

    /// Makes the region the single box `rect` (empty when it is), reusing this object: a
    /// region of one box holds no heap storage.
    package func set(_ rect: PixelRect) {
        guard var box = rect.pixmanBox else {
            pixman_region32_clear(pointer)
            return
        }
        pixman_region32_reset(pointer, &box)
    }

    /// Makes the region the union of `rects` limited to `bounds`, reusing this object.
    package func set(_ rects: [PixelRect], clippedTo bounds: PixelRect) {
        pixman_region32_fini(pointer)
        // The boxes go on the stack: pixman copies them (a single box needs no heap at all).
        withUnsafeTemporaryAllocation(of: pixman_box32_t.self, capacity: max(rects.count, 1)) { boxes in
            var count = 0
            for rect in rects {
                // Inline, not `intersection`: a clip near one marker or label filters a whole
                // frame's damage.
                let x1 = max(rect.x, bounds.x), x2 = min(rect.x + rect.width, bounds.x + bounds.width)
                let y1 = max(rect.y, bounds.y), y2 = min(rect.y + rect.height, bounds.y + bounds.height)
                guard x1 < x2, y1 < y2 else { continue }
                boxes[count] = pixman_box32_t(x1: Int32(x1), y1: Int32(y1), x2: Int32(x2), y2: Int32(y2))
                count += 1
            }
            pixman_region32_init_rects(pointer, boxes.baseAddress, Int32(count))
        }
    }

    deinit {
        pixman_region32_fini(pointer)
        pointer.deallocate()
    }

    package func copy() -> PixelRegion {
        let result = PixelRegion()
        pixman_region32_copy(result.pointer, pointer)
        return result
    }

    package var isEmpty: Bool { pixman_region32_not_empty(pointer) == 0 }

    /// The bounding box; empty for an empty region.
    package var extents: PixelRect {
        guard !isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let box = pixman_region32_extents(pointer)!.pointee
        return PixelRect(minX: Int(box.x1), minY: Int(box.y1), maxX: Int(box.x2), maxY: Int(box.y2))
    }

    package func union(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        pixman_region32_union_rect(pointer, pointer, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
    }

    package func union(_ other: PixelRegion) {
        pixman_region32_union(pointer, pointer, other.pointer)
    }

    /// Makes the region the part of `other` inside `rect`, reusing this object.
    package func set(_ other: PixelRegion, within rect: PixelRect) {
        guard !rect.isEmpty else {
            pixman_region32_clear(pointer)
            return
        }
        pixman_region32_intersect_rect(pointer, other.pointer, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
                                       UInt32(rect.height))
    }

    package func intersect(_ rect: PixelRect) {
        let other = PixelRegion(rect)
        pixman_region32_intersect(pointer, pointer, other.pointer)
    }

    package func intersect(_ other: PixelRegion) {
        pixman_region32_intersect(pointer, pointer, other.pointer)
    }

    package func subtract(_ other: PixelRegion) {
        pixman_region32_subtract(pointer, pointer, other.pointer)
    }

    package func translate(dx: Int, dy: Int) {
        pixman_region32_translate(pointer, Int32(dx), Int32(dy))
    }

    /// The region's boxes (they do not overlap), top to bottom.
    package var boxes: [PixelRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(pointer, &count) else { return [] }
        return (0 ..< Int(count)).map { i in
            PixelRect(minX: Int(boxes[i].x1), minY: Int(boxes[i].y1), maxX: Int(boxes[i].x2), maxY: Int(boxes[i].y2))
        }
    }

    /// Whether any pixel of `rect` is in the region.
    package func intersects(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        var box = pixman_box32_t(x1: Int32(rect.minX), y1: Int32(rect.minY), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
        return pixman_region32_contains_rectangle(pointer, &box) != PIXMAN_REGION_OUT
    }
}

extension PixelRect {
    /// The rect as a pixman box; nil when empty.
    var pixmanBox: pixman_box32_t? {
        isEmpty ? nil : pixman_box32_t(x1: Int32(minX), y1: Int32(minY), x2: Int32(maxX), y2: Int32(maxY))
    }
}

/// Compositing operators used here.
package enum CompositeOperator {
    /// Porter-Duff source over destination.
    case over
    /// Replace the destination.
    case source

    var pixmanOp: pixman_op_t {
        switch self {
        case .over: return PIXMAN_OP_OVER
        case .source: return PIXMAN_OP_SRC
        }
    }
}

/// A reference to a pixman a8r8g8b8 image; ownership stays with whoever created it.
package struct PixmanSurface {
    package let image: OpaquePointer

    /// Wraps `bits` (ARGB8888 premultiplied, `stride` bytes a row) without copying; nil on failure.
    package static func create(bits: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) -> PixmanSurface? {
        guard let image = pixman_image_create_bits_no_clear(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            bits.assumingMemoryBound(to: UInt32.self), Int32(stride)) else { return nil }
        return PixmanSurface(image: image)
    }

    package func release() { pixman_image_unref(image) }

    /// Limits later drawing to `region` (surface coordinates); nil removes the limit.
    package func setClip(_ region: PixelRegion?) {
        _ = pixman_image_set_clip_region32(image, region?.pointer)
    }

    /// Fills each rect (which must not overlap one another) with `color`.
    package func fill(_ rects: [PixelRect], color: PremultipliedColor, operator op: CompositeOperator = .over) {
        if op == .over && color.isTransparent { return }
        var boxes = rects.compactMap(\.pixmanBox)
        guard !boxes.isEmpty else { return }
        var c = color.pixmanColor
        _ = pixman_image_fill_boxes(op.pixmanOp, image, &c, Int32(boxes.count), &boxes)
    }

    package func fill(_ rect: PixelRect, color: PremultipliedColor, operator op: CompositeOperator = .over) {
        if op == .over && color.isTransparent { return }
        guard var box = rect.pixmanBox else { return }
        var c = color.pixmanColor
        _ = pixman_image_fill_boxes(op.pixmanOp, image, &c, 1, &box)
    }

    /// Fills `rect` with `fill`'s color, as `fill(_:color:)` does, with no solid image made
    /// for a translucent color.
    package func fill(_ rect: PixelRect, with fill: SolidFill) {
        guard let box = rect.pixmanBox else { return }
        if fill.color.isOpaque || fill.color.isTransparent { return self.fill(rect, color: fill.color) }
        // What pixman_image_fill_boxes does for a translucent color, with the solid image kept.
        pixman_image_composite32(PIXMAN_OP_OVER, fill.image, nil, image, 0, 0, 0, 0, box.x1, box.y1, box.x2 - box.x1,
                                 box.y2 - box.y1)
    }

    /// Fills every box of `region` with `color`.
    package func fill(_ region: PixelRegion, color: PremultipliedColor, operator op: CompositeOperator = .over) {
        if op == .over && color.isTransparent { return }
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region.pointer, &count), count > 0 else { return }
        var c = color.pixmanColor
        _ = pixman_image_fill_boxes(op.pixmanOp, image, &c, count, boxes)
    }

    /// Replaces the pixels of `region` with those of `source` at the same places (one pixman
    /// call: a block copy per box of the region). Leaves no clip set.
    package func copy(_ region: PixelRegion, from source: PixmanSurface) {
        guard !region.isEmpty else { return }
        let extents = region.extents
        setClip(region)
        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, image, Int32(extents.minX), Int32(extents.minY), 0, 0,
                                 Int32(extents.minX), Int32(extents.minY), Int32(extents.width), Int32(extents.height))
        setClip(nil)
    }

    /// Replaces the pixels at (`x`, `y`) with `source`'s (from its origin), through the clip.
    package func replace(with source: PixmanSurface, x: Int, y: Int, width: Int, height: Int) {
        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, image, 0, 0, 0, 0, Int32(x), Int32(y), Int32(width),
                                 Int32(height))
    }

    /// Composites `source` (whole, from its origin) OVER this surface at (`x`, `y`),
    /// multiplied by `opacity` (0...255).
    package func composite(_ source: PixmanSurface, opacity: UInt8, x: Int, y: Int, width: Int, height: Int) {
        var alpha = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(opacity) * 257)
        let mask = opacity == 255 ? nil : pixman_image_create_solid_fill(&alpha)
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(PIXMAN_OP_OVER, source.image, mask, image,
                                 0, 0, 0, 0, Int32(x), Int32(y), Int32(width), Int32(height))
    }
}

/// A point in pixman's 16.16 fixed point, in surface pixels.
package struct FixedPoint: Hashable {
    package var x: Int32
    package var y: Int32

    /// `x`, `y` (pixels) rounded to the nearest 1/65536 of a pixel; they must lie
    /// within ±32767, pixman's fixed-point range.
    package init(x: Double, y: Double) {
        self.x = Int32((x * 65536).rounded())
        self.y = Int32((y * 65536).rounded())
    }

    /// `p` moved by whole pixels.
    package func offsetBy(dx: Int, dy: Int) -> FixedPoint {
        var p = self
        p.x += Int32(dx) << 16
        p.y += Int32(dy) << 16
        return p
    }

    /// The whole pixels that `points` touch: floor of the minimum, ceiling of the
    /// maximum; empty for no points.
    package static func bounds(of points: [FixedPoint]) -> PixelRect {
        guard let first = points.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        func floorPixel(_ v: Int32) -> Int { Int(v) >> 16 }
        func ceilPixel(_ v: Int32) -> Int { (Int(v) + 0xFFFF) >> 16 }
        return PixelRect(minX: floorPixel(minX), minY: floorPixel(minY), maxX: ceilPixel(maxX), maxY: ceilPixel(maxY))
    }
}

/// A triangle for pixman's rasterizer, corners in surface pixels.
package struct FixedTriangle: Hashable {
    package var a: FixedPoint
    package var b: FixedPoint
    package var c: FixedPoint
}

extension PixmanSurface {
    /// Composites `color` OVER this surface through the antialiased coverage of
    /// `triangles` (added together into one a8 mask by pixman's rasterizer, so
    /// triangles that share an edge leave no seam), within the current clip region.
    /// The mask spans the triangles' extents whatever the clip, so a pixel's value
    /// never depends on how much of the surface is clipped away.
    package func fill(_ triangles: [FixedTriangle], color: PremultipliedColor) {
        guard !triangles.isEmpty, !color.isTransparent else { return }
        var c = color.pixmanColor
        guard let source = pixman_image_create_solid_fill(&c) else { return }
        defer { pixman_image_unref(source) }
        let tris = triangles.map { t in
            pixman_triangle_t(p1: pixman_point_fixed_t(x: t.a.x, y: t.a.y),
                              p2: pixman_point_fixed_t(x: t.b.x, y: t.b.y),
                              p3: pixman_point_fixed_t(x: t.c.x, y: t.c.y))
        }
        pixman_composite_triangles(PIXMAN_OP_OVER, source, image, PIXMAN_a8, 0, 0, 0, 0, Int32(tris.count), tris)
    }

    /// Composites `color` OVER this surface through the antialiased coverage of
    /// `trapezoids` (added together into one a8 mask, as `fill(_:color:)` for triangles does),
    /// within the current clip region.
    func fill(_ trapezoids: [FixedTrapezoid], color: PremultipliedColor) {
        guard !trapezoids.isEmpty, !color.isTransparent else { return }
        var c = color.pixmanColor
        guard let source = pixman_image_create_solid_fill(&c) else { return }
        defer { pixman_image_unref(source) }
        func line(_ ends: (FixedPoint, FixedPoint)) -> pixman_line_fixed_t {
            pixman_line_fixed_t(p1: pixman_point_fixed_t(x: ends.0.x, y: ends.0.y),
                                p2: pixman_point_fixed_t(x: ends.1.x, y: ends.1.y))
        }
        let traps = trapezoids.map { t in
            pixman_trapezoid_t(top: t.top, bottom: t.bottom, left: line(t.left), right: line(t.right))
        }
        pixman_composite_trapezoids(PIXMAN_OP_OVER, source, image, PIXMAN_a8, 0, 0, 0, 0, Int32(traps.count), traps)
    }
}

/// A pixman solid-color source made once and kept (`PixmanSurface.fill(_:with:)`), as
/// painting each frame would otherwise make and free one per translucent fill.
package final class SolidFill {
    package let color: PremultipliedColor
    let image: OpaquePointer

    package init?(_ color: PremultipliedColor) {
        var c = color.pixmanColor
        guard let image = pixman_image_create_solid_fill(&c) else { return nil }
        self.color = color
        self.image = image
    }

    deinit { pixman_image_unref(image) }
}
