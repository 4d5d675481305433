import NodeCore

extension Renderer {
    /// Paints the overlay of an irregular tappable area (behaviour.md §5.3): the pixels of
    /// `visible` (window pixels) whose centre `hitTest` would bring to the control are
    /// filled, except within the band width of a pixel an ancestor cut off (dark green
    /// band) or a clipping ancestor hid (orange band, which wins).
    func paintShapedOverlay(_ shape: TappableShape, visible: PixelRect, band: Int, in target: PaintTarget,
                            colors: (fill: PremultipliedColor, limited: PremultipliedColor, clipped: PremultipliedColor)) {
        // Neighbours up to a band away decide a visible pixel's class: sample that much more.
        let mask = shape.mask(scale: Double(scale), minX: visible.minX - band, minY: visible.minY - band,
                              maxX: visible.maxX + band, maxY: visible.maxY + band)
        guard mask.width > 0, mask.height > 0 else { return }
        // Raw bits rather than set algebra: this runs per pixel (generic `OptionSet` code
        // dominated unoptimized builds).
        let own = TappableSample.own.rawValue, tappable = TappableSample.tappable.rawValue
        let inView = TappableSample.inView.rawValue, shown = tappable | inView
        let hidden = SampleGrid(mask) { $0.rawValue & shown == tappable }.dilated(by: band)
        let cut = SampleGrid(mask) { $0.rawValue & (own | tappable) == own }.dilated(by: band)
        let fill = PixelRegion(), limited = PixelRegion(), clipped = PixelRegion()
        let rows = max(visible.minY, mask.minY) ..< min(visible.maxY, mask.minY + mask.height)
        let columns = max(visible.minX, mask.minX) ..< min(visible.maxX, mask.minX + mask.width)
        for y in rows {
            // Runs of one class along the row become one rect each.
            var runStart = columns.lowerBound
            var runRegion: PixelRegion?
            for x in columns.lowerBound ... columns.upperBound {
                var region: PixelRegion?
                if x < columns.upperBound, mask[x, y].rawValue & shown == shown {
                    region = hidden[x, y] ? clipped : cut[x, y] ? limited : fill
                }
                if region !== runRegion {
                    runRegion?.union(target.local(PixelRect(x: runStart, y: y, width: x - runStart, height: 1)))
                    runRegion = region
                    runStart = x
                }
            }
        }
        let surface = target.surface
        surface.fill(fill, color: colors.fill)
        surface.fill(limited, color: colors.limited)
        surface.fill(clipped, color: colors.clipped)
    }
}

/// One yes/no per sample of a `TappableMask`, in the mask's pixel coordinates.
private struct SampleGrid {
    let minX: Int, minY: Int, width: Int, height: Int
    var values: [Bool]

    init(_ mask: TappableMask, _ predicate: (TappableSample) -> Bool) {
        minX = mask.minX
        minY = mask.minY
        width = mask.width
        height = mask.height
        values = []
        values.reserveCapacity(width * height)
        for y in 0 ..< height {
            for x in 0 ..< width { values.append(predicate(mask[minX + x, minY + y])) }
        }
    }

    subscript(x: Int, y: Int) -> Bool {
        let cx = x - minX, cy = y - minY
        guard cx >= 0, cy >= 0, cx < width, cy < height else { return false }
        return values[cy * width + cx]
    }

    /// True wherever a true sample lies at most `radius` pixels away on both axes
    /// (a square neighbourhood, as the rectangle path's bands are): rows, then columns,
    /// each with a running count.
    func dilated(by radius: Int) -> SampleGrid {
        var result = self
        result.values = Self.dilate(values, count: width, lines: height, step: 1, lineStep: width, radius: radius)
        result.values = Self.dilate(result.values, count: height, lines: width, step: width, lineStep: 1, radius: radius)
        return result
    }

    private static func dilate(_ input: [Bool], count: Int, lines: Int, step: Int, lineStep: Int, radius: Int) -> [Bool] {
        var output = input
        for line in 0 ..< lines {
            let base = line * lineStep
            var inWindow = 0
            // The window around position i is [i - radius, i + radius].
            for i in 0 ..< min(radius, count) where input[base + i * step] { inWindow += 1 }
            for i in 0 ..< count {
                let entering = i + radius, leaving = i - radius - 1
                if entering < count, input[base + entering * step] { inWindow += 1 }
                if leaving >= 0, input[base + leaving * step] { inWindow -= 1 }
                output[base + i * step] = inWindow > 0
            }
        }
        return output
    }
}
