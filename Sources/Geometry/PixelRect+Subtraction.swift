extension PixelRect {
    /// The pixels of this rect outside `other`, as at most four disjoint rects (the bands
    /// above and below `other`, then the parts left and right of it between them).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        var parts: [PixelRect] = []
        appendSubtracting(other, to: &parts)
        return parts
    }

    /// `subtracting(_:)` appended to `parts`: no array of its own, for paths that reuse
    /// their storage from frame to frame.
    public func appendSubtracting(_ other: PixelRect, to parts: inout [PixelRect]) {
        let cut = intersection(other)
        if cut.isEmpty {
            if !isEmpty { parts.append(self) }
            return
        }
        let above = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: cut.minY)
        let below = PixelRect(minX: minX, minY: cut.maxY, maxX: maxX, maxY: maxY)
        let left = PixelRect(minX: minX, minY: cut.minY, maxX: cut.minX, maxY: cut.maxY)
        let right = PixelRect(minX: cut.maxX, minY: cut.minY, maxX: maxX, maxY: cut.maxY)
        if !above.isEmpty { parts.append(above) }
        if !below.isEmpty { parts.append(below) }
        if !left.isEmpty { parts.append(left) }
        if !right.isEmpty { parts.append(right) }
    }
}
