/// Where the carets of a line of text lie once it is shaped and ordered for display
/// (behaviour.md §16): offsets are grapheme clusters (Swift `Character`s), positions 26.6
/// pixels from the line's left edge.
struct CaretLayout {
    /// One cluster's place: its left and right edges and whether it runs right to left.
    struct Cluster {
        var left: Int
        var right: Int
        var isRightToLeft: Bool
    }

    /// The clusters in logical order.
    var clusters: [Cluster]
    /// The clusters' indices from left to right.
    var visualOrder: [Int]

    /// The caret x of `offset`: the trailing edge of the cluster before it (its right edge
    /// left to right, its left edge right to left), or the leading edge of the first.
    func caretX(_ offset: Int) -> Int {
        guard !clusters.isEmpty else { return 0 }
        let offset = min(max(offset, 0), clusters.count)
        if offset == 0 {
            let first = clusters[0]
            return first.isRightToLeft ? first.right : first.left
        }
        let before = clusters[offset - 1]
        return before.isRightToLeft ? before.left : before.right
    }

    /// The offset a tap at `x` means: the cluster under it (the nearest end one beyond the
    /// line), before or after it by the half tapped and the cluster's direction.
    func offset(atX x: Int) -> Int {
        guard let firstVisual = visualOrder.first, let lastVisual = visualOrder.last else { return 0 }
        var index = x < clusters[firstVisual].left ? firstVisual : lastVisual
        for i in visualOrder where x >= clusters[i].left && x < clusters[i].right {
            index = i
            break
        }
        let cluster = clusters[index]
        let leftHalf = 2 * x < cluster.left + cluster.right
        return leftHalf != cluster.isRightToLeft ? index : index + 1
    }
}

extension TextShaper {
    /// `text` set on one line at `size` (26.6 pixels) as caret geometry; nil when no font
    /// opens. A cluster with no glyph of its own (inside a ligature) has no width, at the
    /// right edge of the glyphs before it.
    func caretLayout(_ text: String, size: Int) -> CaretLayout? {
        let clusterCount = text.count
        guard clusterCount > 0 else { return CaretLayout(clusters: [], visualOrder: []) }
        guard let runs = labelRuns(text, size: size) else { return nil }
        // The grapheme cluster of each scalar.
        var clusterOfScalar: [Int] = []
        clusterOfScalar.reserveCapacity(text.unicodeScalars.count)
        for (index, character) in text.enumerated() {
            for _ in character.unicodeScalars { clusterOfScalar.append(index) }
        }
        var extents = [CaretLayout.Cluster?](repeating: nil, count: clusterCount)
        var visualOrder: [Int] = []
        var x = 0
        for run in Self.visualOrder(runs) {
            for glyph in run.glyphs {
                let scalar = Int(glyph.cluster)
                let index = scalar < clusterOfScalar.count ? clusterOfScalar[scalar] : clusterCount - 1
                let end = x + Int(glyph.advance)
                if let known = extents[index] {
                    extents[index] = CaretLayout.Cluster(left: min(known.left, x), right: max(known.right, end),
                                                         isRightToLeft: known.isRightToLeft)
                } else {
                    extents[index] = CaretLayout.Cluster(left: x, right: end, isRightToLeft: run.level % 2 == 1)
                    visualOrder.append(index)
                }
                x = end
            }
        }
        var clusters: [CaretLayout.Cluster] = []
        clusters.reserveCapacity(clusterCount)
        for index in 0 ..< clusterCount {
            if let extent = extents[index] {
                clusters.append(extent)
            } else {
                let edge = clusters.last.map { $0.isRightToLeft ? $0.left : $0.right } ?? 0
                clusters.append(CaretLayout.Cluster(left: edge, right: edge, isRightToLeft: clusters.last?.isRightToLeft ?? false))
            }
        }
        return CaretLayout(clusters: clusters, visualOrder: visualOrder)
    }
}
