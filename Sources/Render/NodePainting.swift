import NodeCore

/// Where painting goes: a surface whose (0, 0) is canvas pixel (`offsetX`, `offsetY`),
/// and the region, in surface pixels, that may change.
struct PaintTarget {
    var surface: PixmanSurface
    var offsetX: Int
    var offsetY: Int
    var clip: PixelRegion
    /// `clip`'s bounding box.
    var visible: PixelRect

    init(surface: PixmanSurface, offsetX: Int, offsetY: Int, clip: PixelRegion) {
        self.surface = surface
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.clip = clip
        self.visible = clip.extents
    }

    /// `rect` (canvas pixels) in surface pixels.
    func local(_ rect: PixelRect) -> PixelRect { rect.offsetBy(dx: -offsetX, dy: -offsetY) }
}

extension Renderer {
    /// Paints `node`, whose origin is at window point (`x`, `y`), and its subtree.
    func paint(_ node: Node, x: Double, y: Double, in target: PaintTarget) {
        guard !node.isHidden, node.alpha > 0, mayPaint(node, x: x, y: y, in: target) else { return }
        if let cover = paintsFrom {
            // Painted before the covering node, under its opaque fill: only the way down to it.
            if node === cover { paintsFrom = nil } else if !Self.leads(node, to: cover) { return }
        }
        let rect = PixelRect(snapping: Rect(x: x, y: y, width: node.frame.width, height: node.frame.height), scale: scale)
        // Every translucent node gets a layer, even one with a single paint operation:
        // multiplying that color's alpha instead rounds differently from compositing a
        // layer, so a node's pixels would change when a subnode is added or removed
        // elsewhere, outside the damage that change reports.
        if node.alpha < 1 {
            paintGroup(node, x: x, y: y, rect: rect, in: target)
        } else {
            paintContents(node, x: x, y: y, rect: rect, in: target)
        }
    }

    /// Paints the subtree into a transparent layer at full opacity, then composites
    /// the layer OVER the target with the node's alpha.
    private func paintGroup(_ node: Node, x: Double, y: Double, rect: PixelRect, in target: PaintTarget) {
        let alpha = UInt8(roundedInteger(node.alpha * 255))
        guard alpha > 0 else { return }
        let extent = target.local(paintExtent(of: node, x: x, y: y, rect: rect)).intersection(target.visible)
        guard !extent.isEmpty, target.clip.intersects(extent),
              let layer = layers.acquire(width: extent.width, height: extent.height) else { return }
        defer { layers.release(layer) }
        let clip = target.clip.copy()
        clip.intersect(extent)
        clip.translate(dx: -extent.x, dy: -extent.y)
        let inner = PaintTarget(surface: layer, offsetX: target.offsetX + extent.x,
                                offsetY: target.offsetY + extent.y, clip: clip)
        paintContents(node, x: x, y: y, rect: rect, in: inner)
        target.surface.setClip(target.clip)
        target.surface.composite(layer, opacity: alpha, x: extent.x, y: extent.y,
                                 width: extent.width, height: extent.height)
    }

    /// How far `node`'s content is painted moved, in buffer pixels: its bounds origin (a
    /// scroll node's content offset) snapped to the pixel grid. Painting follows the
    /// snapped offset, so the image at a fractional offset is within half a pixel of the
    /// exact one; hit testing and everything else in the model keep the exact offset.
    @inline(__always) func contentShift(of node: Node) -> (x: Int, y: Int) {
        let origin = node.boundsOrigin
        if origin.x == 0 && origin.y == 0 { return (0, 0) }
        return (roundedInteger(scale.pixels(origin.x)), roundedInteger(scale.pixels(origin.y)))
    }

    /// Whether `node`'s subtree, its frame origin at window point (`x`, `y`), can paint any of
    /// the target's visible pixels. Its cached `subtreeExtent` holds every rect it paints;
    /// two pixels of margin cover edge snapping, content painted at its snapped offset
    /// (`contentShift(of:)`) and origins summed in another order. A
    /// subtree that cannot is skipped unvisited, so a small damage costs the depth of the
    /// tree, not its size.
    private func mayPaint(_ node: Node, x: Double, y: Double, in target: PaintTarget) -> Bool {
        guard cullsPainting else { return true }
        let inner = node.boundsOrigin
        let extent = node.subtreeExtent.offsetBy(dx: -inner.x, dy: -inner.y)
        guard !extent.isEmpty else { return false }
        let s = scale.factor
        let visible = target.visible
        let left = Double(visible.minX + target.offsetX), top = Double(visible.minY + target.offsetY)
        let right = Double(visible.maxX + target.offsetX), bottom = Double(visible.maxY + target.offsetY)
        return (x + extent.maxX) * s + 2 > left && (x + extent.minX) * s - 2 < right
            && (y + extent.maxY) * s + 2 > top && (y + extent.minY) * s - 2 < bottom
    }

    /// The canvas pixels a subtree can paint: its bounds when it clips, else its cached
    /// extent rounded outwards with two pixels of margin, as `mayPaint` (a layer that is
    /// larger than the paint is transparent there, and compositing it changes nothing).
    private func paintExtent(of node: Node, x: Double, y: Double, rect: PixelRect) -> PixelRect {
        if node.clipsToBounds { return rect }
        let inner = node.boundsOrigin
        let covering = PixelRect(covering: node.subtreeExtent.offsetBy(dx: x - inner.x, dy: y - inner.y), scale: scale)
        return rect.union(PixelRect(minX: covering.minX - 2, minY: covering.minY - 2,
                                    maxX: covering.maxX + 2, maxY: covering.maxY + 2))
    }

    /// Paints the node's own content, then its subnodes.
    private func paintContents(_ node: Node, x: Double, y: Double, rect: PixelRect, in target: PaintTarget) {
        let local = target.local(rect)
        if paintsFrom == nil, local.intersects(target.visible), target.clip.intersects(local) {
            target.surface.setClip(target.clip)
            paintOwn(node, x: x, y: y, local: local, in: target)
        }
        let scroll = node as? ScrollNode
        guard !node.subnodes.isEmpty || scroll?.hasScrollIndicators == true else { return }
        if node.clipsToBounds {
            let clip = takeClipRegion()
            defer { clipDepth -= 1 }
            clip.set(target.clip, within: local)
            guard !clip.isEmpty else { return }
            paintInside(node, scroll, x: x, y: y,
                        in: PaintTarget(surface: target.surface, offsetX: target.offsetX, offsetY: target.offsetY, clip: clip))
        } else {
            paintInside(node, scroll, x: x, y: y, in: target)
        }
    }

    /// Paints the subnodes and scroll indicators of `node` (`scroll` when it is a scroll node)
    /// within `inner`, its clip.
    private func paintInside(_ node: Node, _ scroll: ScrollNode?, x: Double, y: Double, in inner: PaintTarget) {
        // Subnodes are in the node's coordinates, whose origin is `boundsOrigin` (a
        // scroll node's content offset) at the node's top-left corner. They are placed as
        // if that origin were zero and then moved by it in whole buffer pixels
        // (`contentShift(of:)`), so content at any offset is its image at offset zero,
        // moved: a scroll can copy painted pixels instead of painting them again.
        if !node.subnodes.isEmpty {
            let shift = contentShift(of: node)
            var content = inner
            content.offsetX += shift.x
            content.offsetY += shift.y
            if cullsPainting {
                // The damage in the node's content coordinates, wider than `mayPaint` by a point.
                let s = scale.factor, v = content.visible
                let area = Rect(minX: (Double(v.minX + content.offsetX) - 2) / s - x - 1,
                                minY: (Double(v.minY + content.offsetY) - 2) / s - y - 1,
                                maxX: (Double(v.maxX + content.offsetX) + 2) / s - x + 1,
                                maxY: (Double(v.maxY + content.offsetY) + 2) / s - y + 1)
                node.forEachSubnode(mayMeet: area) { child in
                    paint(child, x: x + child.frame.minX, y: y + child.frame.minY, in: content)
                }
            } else {
                for child in node.subnodes {
                    paint(child, x: x + child.frame.minX, y: y + child.frame.minY, in: content)
                }
            }
        }
        if let scroll, scroll.hasScrollIndicators { paintScrollIndicators(of: scroll, x: x, y: y, in: inner) }
    }

    /// Scroll indicators over the content (behaviour.md §9); `frames` are relative to
    /// the node's top-left corner at window point (`x`, `y`).
    private func paintScrollIndicators(of scroll: ScrollNode, x: Double, y: Double, in target: PaintTarget) {
        target.surface.setClip(target.clip)
        guard let fill = scrollIndicatorFill else { return }
        scroll.forEachScrollIndicatorFrame { frame in
            let pixels = target.local(PixelRect(snapping: frame.offsetBy(dx: x, dy: y), scale: scale))
            if pixels.intersects(target.visible) { target.surface.fill(pixels, with: fill) }
        }
    }

    /// Background, control decoration, border, text and label; `local` is the node in surface pixels.
    private func paintOwn(_ node: Node, x: Double, y: Double, local: PixelRect, in target: PaintTarget) {
        let surface = target.surface
        let size = node.frame.size
        /// A rect given in the node's points, in surface pixels.
        func pixels(_ r: Rect) -> PixelRect {
            target.local(PixelRect(snapping: r.offsetBy(dx: x, dy: y), scale: scale))
        }

        if let image = node as? ImageNode {
            paintImage(image, x: x, y: y, local: local, in: target)
        } else {
            surface.fill(local, color: PremultipliedColor(node.currentBackgroundColor))
        }

        if let slider = node as? SliderNode {
            let thickness = min(ControlStyle.sliderTrackThickness, size.height)
            let top = (size.height - thickness) / 2
            let split = size.width * slider.value
            surface.fill(pixels(Rect(minX: 0, minY: top, maxX: split, maxY: top + thickness)),
                         color: PremultipliedColor(ControlStyle.sliderFillColor))
            surface.fill(pixels(Rect(minX: split, minY: top, maxX: size.width, maxY: top + thickness)),
                         color: PremultipliedColor(ControlStyle.sliderTrackColor))
        } else if let toggle = node as? ToggleNode {
            let inset = ControlStyle.toggleKnobInset
            let side = size.height - 2 * inset
            if side > 0, size.width >= side + 2 * inset {
                let left = toggle.isOn ? size.width - inset - side : inset
                surface.fill(pixels(Rect(x: left, y: inset, width: side, height: side)),
                             color: PremultipliedColor(ControlStyle.toggleKnobColor))
            }
        }

        if let field = node as? TextFieldNode { paintTextField(field, x: x, y: y, local: local, in: target) }

        let borderPixels = scale.lineWidth(node.borderWidth)
        let cornerRadius = (node as? ImageNode).map { scale.pixels($0.cornerRadius) } ?? 0
        if borderPixels > 0, cornerRadius > 0 {
            // Along the rounded bounds the image node clips to (behaviour.md §17.3), made for what the clip shows.
            let area = local.intersection(target.visible)
            if !area.isEmpty {
                let ring = RoundedMask(rect: local, area: area, radius: cornerRadius, border: borderPixels)
                surface.fill(area, color: PremultipliedColor(node.borderColor), mask: ring)
                ring.release()
            }
        } else if borderPixels > 0 {
            let color = PremultipliedColor(node.borderColor)
            // Whole pixels inside the snapped bounds: the same width on every side at any scale.
            let inner = PixelRect(minX: local.minX + borderPixels, minY: local.minY + borderPixels,
                                  maxX: local.maxX - borderPixels, maxY: local.maxY - borderPixels)
            if inner.isEmpty {
                surface.fill(local, color: color)
            } else {
                // Four non-overlapping bands, so a translucent border is blended once.
                surface.fill([
                    PixelRect(minX: local.minX, minY: local.minY, maxX: local.maxX, maxY: inner.minY),
                    PixelRect(minX: local.minX, minY: inner.maxY, maxX: local.maxX, maxY: local.maxY),
                    PixelRect(minX: local.minX, minY: inner.minY, maxX: inner.minX, maxY: inner.maxY),
                    PixelRect(minX: inner.maxX, minY: inner.minY, maxX: local.maxX, maxY: inner.maxY),
                ], color: color)
            }
        }

        paintText(of: node, in: local, target: target)
    }
}
