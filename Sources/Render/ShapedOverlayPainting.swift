import NodeCore

extension Renderer {
    /// Paints the overlay of an irregular tappable area (behaviour.md §5.3): the pixels of
    /// `visible` (window pixels) whose centre `hitTest` would bring to the control are
    /// filled, except within the band width of a pixel an ancestor cut off (dark green
    /// band) or a clipping ancestor hid (orange band, which wins). Works on the mask's
    /// row spans, so it costs what the rows do, not the visible area.
    func paintShapedOverlay(_ shape: TappableShape, visible: PixelRect, band: Int, in target: PaintTarget,
                            colors: (fill: PremultipliedColor, limited: PremultipliedColor, clipped: PremultipliedColor)) {
        // Neighbours up to a band away decide a visible pixel's class: sample that much more.
        let mask = shape.mask(scale: Double(scale), minX: visible.minX - band, minY: visible.minY - band,
                              maxX: visible.maxX + band, maxY: visible.maxY + band)
        let painted = visible.intersection(PixelRect(x: mask.minX, y: mask.minY, width: mask.width, height: mask.height))
        guard !painted.isEmpty else { return }
        let rows = painted.minY ..< painted.maxY, columns = painted.minX ..< painted.maxX
        let hidden = BandedRows(mask, holding: .tappable, lacking: .inView, band: band)
        let cut = BandedRows(mask, holding: .own, lacking: .tappable, band: band)
        let fill = PixelRegion(), limited = PixelRegion(), clipped = PixelRegion()
        func add(_ spans: [Range<Int>], row y: Int, to region: PixelRegion) {
            for span in spans {
                region.union(target.local(PixelRect(x: span.lowerBound, y: y, width: span.count, height: 1)))
            }
        }
        for y in rows {
            let shown = RowSpans.intersection(mask.spans(ofRow: y, holding: [.tappable, .inView]), [columns])
            guard !shown.isEmpty else { continue }
            let near = hidden.spans(near: y)
            add(RowSpans.intersection(shown, near), row: y, to: clipped)
            let rest = RowSpans.subtracting(near, from: shown)
            let nearCut = cut.spans(near: y)
            add(RowSpans.intersection(rest, nearCut), row: y, to: limited)
            add(RowSpans.subtracting(nearCut, from: rest), row: y, to: fill)
        }
        let surface = target.surface
        surface.fill(fill, color: colors.fill)
        surface.fill(limited, color: colors.limited)
        surface.fill(clipped, color: colors.clipped)
    }
}

/// The pixels of a mask of one class (holding some flags, lacking others), each grown
/// to the square of `band` pixels around it (as the rectangle path's bands are), row by row.
private struct BandedRows {
    private let firstRow: Int
    /// Each mask row's spans of the class, widened by the band.
    private let widened: [[Range<Int>]]
    private let band: Int

    init(_ mask: TappableMask, holding: TappableSample, lacking: TappableSample, band: Int) {
        firstRow = mask.minY
        self.band = band
        widened = (mask.minY ..< mask.minY + mask.height).map { y in
            RowSpans.union(mask.spans(ofRow: y, holding: holding, lacking: lacking).map {
                ($0.lowerBound - band) ..< ($0.upperBound + band)
            })
        }
    }

    /// The pixels of row `y` within the band (on both axes) of a pixel of the class.
    func spans(near y: Int) -> [Range<Int>] {
        let low = max(y - band - firstRow, 0), high = min(y + band - firstRow, widened.count - 1)
        guard low <= high else { return [] }
        if low == high { return widened[low] }
        return RowSpans.union(widened[low ... high].flatMap { $0 })
    }
}
