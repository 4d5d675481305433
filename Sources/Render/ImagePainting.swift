internal import CPixman
import Glibc
public import NodeCore

extension Renderer {
    /// An image node's own paint (behaviour.md §17.3): its background, then its image or,
    /// until the image is ready, its placeholder color, all within its bounds (`local`,
    /// surface pixels) and rounded by its corner radius with antialiased edges. A node
    /// whose pixels are missing or too few for this scale is noted in `imageRequests`.
    func paintImage(_ node: ImageNode, x: Double, y: Double, local: PixelRect, in target: PaintTarget) {
        if node.source != nil, node.loadError == nil, node.needsPixels(scale: scale.factor) { noteImageRequest(node) }
        let surface = target.surface
        // Only what the clip shows is painted, so a node of 10⁹ points costs what the window does.
        let area = local.intersection(target.visible)
        guard !area.isEmpty else { return }
        let radius = scale.pixels(node.cornerRadius)
        let mask = radius > 0 ? RoundedMask(rect: local, area: area, radius: radius) : nil
        defer { mask?.release() }
        surface.fill(area, color: PremultipliedColor(node.currentBackgroundColor), mask: mask)
        guard let image = node.image, let drawn = node.drawnImageRect else {
            surface.fill(area, color: PremultipliedColor(node.placeholderColor), mask: mask)
            return
        }
        let drawnPixels = target.local(PixelRect(snapping: drawn.offsetBy(dx: x, dy: y), scale: scale))
        let visible = drawnPixels.intersection(area)
        guard !visible.isEmpty else { return }
        surface.composite(image, drawnIn: drawnPixels, area: visible, maskOrigin: (area.minX, area.minY), mask: mask)
    }

    /// Adds `node` to the nodes to decode, once.
    private func noteImageRequest(_ node: ImageNode) {
        if !imageRequests.contains(where: { $0 === node }) { imageRequests.append(node) }
    }

    /// The image nodes painted since the last call whose pixels are missing or too few for
    /// this renderer's scale: a live window decodes them on its worker.
    public func takeImageRequests() -> [ImageNode] {
        defer { imageRequests.removeAll() }
        return imageRequests
    }
}

/// An a8 coverage mask of the part `area` of a rounded rect `rect` (both in pixels) with
/// corners of `radius` pixels, antialiased by the distance from each pixel centre to the
/// corner's arc. Its size and cost follow `area`, never the whole rect.
final class RoundedMask {
    let image: OpaquePointer
    private let bits: UnsafeMutablePointer<UInt8>
    private let stride: Int

    init(rect: PixelRect, area: PixelRect, radius: Double) {
        let width = area.width, height = area.height
        stride = (width + 3) & ~3
        bits = .allocate(capacity: max(stride * height, 1))
        bits.initialize(repeating: 255, count: max(stride * height, 1))
        let shape = Rect(x: 0, y: 0, width: Double(rect.width), height: Double(rect.height))
        let r = RoundedRect.effectiveRadius(radius, in: shape)
        let corner = min(Int(r.rounded(.up)), rect.width, rect.height)
        // Only the four corner squares can be partly covered: each one's part inside `area`.
        let ax = area.minX - rect.minX, ay = area.minY - rect.minY
        for (left, top) in [(0, 0), (rect.width - corner, 0), (0, rect.height - corner), (rect.width - corner, rect.height - corner)] {
            for py in Swift.stride(from: max(top, ay), to: min(top + corner, ay + height), by: 1) {
                for px in Swift.stride(from: max(left, ax), to: min(left + corner, ax + width), by: 1) {
                    let coverage = RoundedRect.coverage(Point(x: Double(px) + 0.5, y: Double(py) + 0.5), in: shape, radius: r)
                    bits[(py - ay) * stride + (px - ax)] = UInt8((coverage * 255).rounded())
                }
            }
        }
        image = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(width), Int32(height),
                                                  UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt32.self),
                                                  Int32(stride))!
    }

    /// The part `area` of the ring of a border `border` pixels wide along the rounded rect
    /// `rect`: its outer edge is the rounded rect, its inner edge the rect inset by `border`
    /// with corners of `radius − border` (concentric arcs), each antialiased as above. Its
    /// size and cost follow `area` too.
    init(rect: PixelRect, area: PixelRect, radius: Double, border: Int) {
        let width = area.width, height = area.height
        stride = (width + 3) & ~3
        bits = .allocate(capacity: max(stride * height, 1))
        bits.initialize(repeating: 0, count: max(stride * height, 1))
        let w = rect.width, h = rect.height, b = Double(border)
        let shape = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let inner = Rect(x: b, y: b, width: max(Double(w) - 2 * b, 0), height: max(Double(h) - 2 * b, 0))
        let r = RoundedRect.effectiveRadius(radius, in: shape)
        let innerRadius = RoundedRect.effectiveRadius(r - b, in: inner)
        let ax = area.minX - rect.minX, ay = area.minY - rect.minY
        // Away from the corners the ring is the four straight bands.
        for y in 0 ..< height {
            let row = bits + y * stride, py = ay + y
            func band(_ from: Int, _ to: Int) {
                let lower = max(from, ax) - ax, upper = min(to, ax + width) - ax
                if upper > lower { (row + lower).update(repeating: 255, count: upper - lower) }
            }
            if py < border || py >= h - border {
                band(0, w)
            } else {
                band(0, border)
                band(w - border, w)
            }
        }
        // The corner squares' parts inside `area`: the outer arc's coverage less the inner arc's.
        let corner = min(max(Int(r.rounded(.up)), border), w, h)
        for (left, top) in [(0, 0), (w - corner, 0), (0, h - corner), (w - corner, h - corner)] {
            for py in Swift.stride(from: max(top, ay), to: min(top + corner, ay + height), by: 1) {
                for px in Swift.stride(from: max(left, ax), to: min(left + corner, ax + width), by: 1) {
                    let centre = Point(x: Double(px) + 0.5, y: Double(py) + 0.5)
                    let outer = RoundedRect.coverage(centre, in: shape, radius: r)
                    let hole = inner.isEmpty ? 0 : RoundedRect.coverage(centre, in: inner, radius: innerRadius)
                    bits[(py - ay) * stride + (px - ax)] = UInt8((max(0, outer - hole) * 255).rounded())
                }
            }
        }
        image = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(width), Int32(height),
                                                  UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt32.self),
                                                  Int32(stride))!
    }

    func release() {
        pixman_image_unref(image)
        bits.deallocate()
    }
}

extension PixmanSurface {
    /// Fills `rect` with `color` through `mask` (placed at the rect's origin), or plainly without one.
    func fill(_ rect: PixelRect, color: PremultipliedColor, mask: RoundedMask?) {
        guard let mask else { return fill(rect, color: color) }
        guard !color.isTransparent, !rect.isEmpty else { return }
        var c = color.pixmanColor
        guard let source = pixman_image_create_solid_fill(&c) else { return }
        defer { pixman_image_unref(source) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, image, 0, 0, 0, 0, Int32(rect.minX), Int32(rect.minY),
                                 Int32(rect.width), Int32(rect.height))
    }

    /// Composites `pixels`, stretched to `drawn` (surface pixels), OVER this surface within
    /// `area`, through `mask` whose origin is at `maskOrigin`. The same size is copied
    /// exactly; a smaller drawing is box-filtered, a larger one bilinear.
    func composite(_ pixels: ImagePixels, drawnIn drawn: PixelRect, area: PixelRect, maskOrigin: (Int, Int), mask: RoundedMask?) {
        // pixman only reads a source image: it wraps the pixels in place (a mutable copy
        // would copy the whole image at every paint, 46 MiB for a 4000 × 3000 photo).
        pixels.pixels.withUnsafeBufferPointer { bits in
            guard let source = pixman_image_create_bits_no_clear(PIXMAN_a8r8g8b8, Int32(pixels.width), Int32(pixels.height),
                                                                 UnsafeMutablePointer(mutating: bits.baseAddress),
                                                                 Int32(pixels.width * 4)) else { return }
            defer { pixman_image_unref(source) }
            let sx = Double(pixels.width) / Double(drawn.width), sy = Double(pixels.height) / Double(drawn.height)
            if sx != 1 || sy != 1 {
                let fx = pixman_fixed_t((sx * 65536).rounded()), fy = pixman_fixed_t((sy * 65536).rounded())
                var transform = pixman_transform()
                pixman_transform_init_scale(&transform, fx, fy)
                pixman_image_set_transform(source, &transform)
                if sx > 1 || sy > 1 {
                    var count: Int32 = 0
                    if let parameters = pixman_filter_create_separable_convolution(
                        &count, fx, fy, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2) {
                        pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
                        free(parameters)
                    }
                } else {
                    pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
                }
            }
            // Edge pixels extend outwards, so the drawing's own edges are not faded.
            pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
            pixman_image_composite32(PIXMAN_OP_OVER, source, mask?.image, image,
                                     Int32(area.minX - drawn.minX), Int32(area.minY - drawn.minY),
                                     Int32(area.minX - maskOrigin.0), Int32(area.minY - maskOrigin.1),
                                     Int32(area.minX), Int32(area.minY), Int32(area.width), Int32(area.height))
        }
    }
}
