extension PixelRect {
    /// The pixels of this rect outside `other`, as at most four disjoint rects (the bands
    /// above and below `other`, then the parts left and right of it between them).
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        let cut = intersection(other)
        if cut.isEmpty { return isEmpty ? [] : [self] }
        let parts = [
            PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: cut.minY),
            PixelRect(minX: minX, minY: cut.maxY, maxX: maxX, maxY: maxY),
            PixelRect(minX: minX, minY: cut.minY, maxX: cut.minX, maxY: cut.maxY),
            PixelRect(minX: cut.maxX, minY: cut.minY, maxX: maxX, maxY: cut.maxY),
        ]
        return parts.filter { !$0.isEmpty }
    }
}
