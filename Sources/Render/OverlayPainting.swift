import NodeCore

extension Renderer {
    /// Paints every hittable control's drawn tappable area over the scene, frontmost
    /// control last (behaviour.md §5.2; irregular areas: §5.3). Inside each drawn area the
    /// 2 pt bands (a whole number of pixels at every scale, `RenderScale.lineWidth(_:)`) on limited sides
    /// (dark green) and clipped sides (orange, which wins where they meet) take the
    /// place of the fill: a band pixel is scene OVER band color, never scene OVER
    /// fill OVER band.
    func paintOverlay(in target: PaintTarget) {
        let fill = PremultipliedColor(OverlayStyle.fillColor)
        let limitedColor = PremultipliedColor(OverlayStyle.limitedEdgeColor)
        let clippedColor = PremultipliedColor(OverlayStyle.clippedEdgeColor)
        let band = scale.lineWidth(OverlayStyle.edgeBandWidth)
        let surface = target.surface
        surface.setClip(target.clip)

        // The damage in window points, one point larger all round to cover edge snapping.
        let visible = target.visible.offsetBy(dx: target.offsetX, dy: target.offsetY)
        let damage = Rect(x: scale.points(Double(visible.x)) - 1, y: scale.points(Double(visible.y)) - 1,
                          width: scale.points(Double(visible.width)) + 2, height: scale.points(Double(visible.height)) + 2)
        for area in TappableArea.all(in: window, intersecting: damage) {
            if let shape = area.shape {
                paintShapedOverlay(shape, visible: visible, band: band, in: target,
                                   colors: (fill, limitedColor, clippedColor))
                surface.setClip(target.clip)
                continue
            }
            guard area.isInView else { continue }
            let drawn = target.local(PixelRect(snapping: area.drawn, scale: scale))
            guard drawn.intersects(target.visible), target.clip.intersects(drawn) else { continue }
            if area.limitedEdges.isEmpty && area.clippedEdges.isEmpty {
                surface.fill(drawn, color: fill)
                continue
            }
            let clipped = PixelRegion()
            for edge in area.clippedEdges.members { clipped.union(Renderer.band(edge, of: drawn, width: band)) }
            let limited = PixelRegion()
            for edge in area.limitedEdges.members { limited.union(Renderer.band(edge, of: drawn, width: band)) }
            limited.subtract(clipped)
            let plain = PixelRegion(drawn)
            plain.subtract(clipped)
            plain.subtract(limited)
            surface.fill(plain, color: fill)
            surface.fill(limited, color: limitedColor)
            surface.fill(clipped, color: clippedColor)
        }
    }

    /// The `width`-pixel band along `edge` inside `rect`.
    static func band(_ edge: Edge, of rect: PixelRect, width: Int) -> PixelRect {
        switch edge {
        case .top: return PixelRect(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: min(rect.minY + width, rect.maxY))
        case .bottom: return PixelRect(minX: rect.minX, minY: max(rect.maxY - width, rect.minY), maxX: rect.maxX, maxY: rect.maxY)
        case .left: return PixelRect(minX: rect.minX, minY: rect.minY, maxX: min(rect.minX + width, rect.maxX), maxY: rect.maxY)
        case .right: return PixelRect(minX: max(rect.maxX - width, rect.minX), minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        }
    }
}
