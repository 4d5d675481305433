/// What a window's layout passes measure with, kept for the rows a list makes between
/// passes (behaviour.md §15.3): nil inside means the passes measure no text.
struct RowMeasurement {
    let measurer: (any LayoutMeasuring)?
}

/// Self-sizing rows (behaviour.md §15.3, Texture's self-sizing cells): a row's extent is its
/// layout's size along the list's axis at the list's cross size, measured when the row
/// comes into the preload range; rows not measured count as the estimate. When a
/// measurement changes where the visible rows lie, the offset follows, so nothing on
/// screen moves: the edge of the first visible row that faces row 0 (its top, or its
/// bottom in an inverted list) stays where it was.
extension ListNode {
    /// Measures the live rows not measured yet, when the list is in a window that has been
    /// laid out, until the rows alive are all measured (measuring may make room for more).
    func measureRowsIfNeeded() {
        guard hasSelfSizingRows, !isMeasuringRows, let measurement = window?.rowMeasurement else { return }
        isMeasuringRows = true
        defer { isMeasuringRows = false }
        // Each round measures every live row; more rounds only when that made more rows live.
        for _ in 0..<ListNode.maximumMeasuringRounds {
            guard measurePendingRows(with: measurement.measurer) else { return }
            updateLiveRange()
        }
    }

    /// Measures again the live rows whose layout inputs changed since they were measured (a
    /// text or label set in code): called by the layout pass, which would otherwise lay such
    /// a row out at its old extent. The rows after it move and the offset follows, as for
    /// any measurement.
    func measureChangedRows() {
        guard window?.rowMeasurement != nil else { return }
        var changed = false
        for k in liveRows.indices where liveRows[k].isMeasured && liveRows[k].node.needsLayout {
            liveRows[k].isMeasured = false
            liveRows[k].layoutKey = nil  // no longer what its data source gave
            changed = true
        }
        if changed { measureRowsIfNeeded() }
    }

    /// At most this many rounds of measuring and making rows per change.
    static let maximumMeasuringRounds = 8

    /// Measures the live rows not measured yet; true when a row's extent changed.
    private func measurePendingRows(with measurer: (any LayoutMeasuring)?) -> Bool {
        guard liveRows.contains(where: { !$0.isMeasured }) else { return false }
        let anchor = visibleAnchor()
        let cross = frame.size[axis == .vertical ? .horizontal : .vertical]
        var changed = false
        // Layouts are kept by key when some row has one and the conditions allow.
        let isRTL = inheritedIsRTL
        let keeps = liveRows.contains { !$0.isMeasured && $0.layoutKey != nil }
            && rowLayouts.prepare(cross: cross, measurer: measurer, isRTL: isRTL)
        for k in liveRows.indices where !liveRows[k].isMeasured {
            let extent = layOut(liveRows[k], cross: cross, measurer: measurer, keeps: keeps)
            liveRows[k].isMeasured = true
            if rowLayout.setMeasuredExtent(extent, ofRow: liveRange.lowerBound + k) != 0 { changed = true }
        }
        guard changed else { return false }
        updateContentSize()
        for (k, row) in liveRows.enumerated() { place(row, at: liveRange.lowerBound + k) }
        if let anchor {
            let shift = anchorEdge(ofRow: anchor.row) - anchor.edge
            correctOffset(by: shift)
        }
        // Content that ended up shorter than the offset leaves no blank beyond its end.
        if !isDragging, !isDecelerating, contentOffset != restingOffset { contentOffset = restingOffset }
        return true
    }

    /// The first visible row (in row order) and the content position of its edge that faces row 0.
    private func visibleAnchor() -> (row: Int, edge: Double)? {
        let start = contentOffset[axis], visible = frame.size[axis]
        let rows = rowLayout.rows(meeting: start, start + visible)
        guard visible > 0, let first = rows.first else { return nil }
        return (first, anchorEdge(ofRow: first))
    }

    private func anchorEdge(ofRow row: Int) -> Double {
        let span = rowLayout.span(ofRow: row)
        return isInverted ? span.start + span.length : span.start
    }

    /// Sizes `row` at the cross size and lays it out at that size now, in one computation,
    /// or (`keeps`) gives it the layout of a row of the same layout key; returns its extent along the
    /// axis in whole points.
    private func layOut(_ row: LiveRow, cross: Double, measurer: (any LayoutMeasuring)?, keeps: Bool) -> Double {
        let node = row.node, isRTL = node.inheritedIsRTL
        let key = keeps ? row.layoutKey : nil
        if let key, let size = rowLayouts.apply(key, to: node) { return isHorizontal ? size.width : size.height }
        let range = isHorizontal
            ? SizeRange(min: Size(width: 0, height: cross), max: Size(width: .infinity, height: cross))
            : SizeRange(min: Size(width: cross, height: 0), max: Size(width: cross, height: .infinity))
        let size = FlexEngine(measurer: measurer).layOut(node, fitting: range, isRTL: isRTL)
        if let key { rowLayouts.store(key, from: node, size: size) }
        return isHorizontal ? size.width : size.height
    }

    /// Rows left unmeasured when the list stops measuring (no layout pass yet, too many
    /// rounds) may be changed in code before they are: they are measured, not looked up.
    func forgetLayoutKeysOfUnmeasuredRows() {
        // Only self-sizing rows have keys: a fixed-extent list skips the walk of its live rows.
        guard hasSelfSizingRows else { return }
        for k in liveRows.indices where !liveRows[k].isMeasured && liveRows[k].layoutKey != nil {
            liveRows[k].layoutKey = nil
        }
    }

    /// Moves the offset by `delta` with whatever is in flight: a correction, not a scroll,
    /// so the direction rows preload in and the last scroll's delta stay.
    private func correctOffset(by delta: Double) {
        guard delta != 0 else { return }
        let direction = lastDirection, lastDelta = lastAxisDelta
        shiftContent(along: axis, by: delta)
        lastDirection = direction
        lastAxisDelta = lastDelta
    }

    /// The list's size changed: an inverted list keeps its far end (row 0's) where it is,
    /// the rows of the new size come in, and at a new cross size self-sizing rows are
    /// measured again.
    func listSizeDidChange(from old: Size) {
        let wasMeasuring = isMeasuringRows
        isMeasuringRows = true  // measured once everything moved, below
        let crossAxis: Axis = axis == .vertical ? .horizontal : .vertical
        if hasSelfSizingRows, old[crossAxis] != frame.size[crossAxis] {
            let anchor = visibleAnchor()
            rowLayout.forgetMeasuredExtents()
            for k in liveRows.indices {
                liveRows[k].isMeasured = false
                if liveRows[k].node.needsLayout { liveRows[k].layoutKey = nil }  // changed in code since
            }
            updateContentSize()
            for (k, row) in liveRows.enumerated() { place(row, at: liveRange.lowerBound + k) }
            if let anchor { correctOffset(by: anchorEdge(ofRow: anchor.row) - anchor.edge) }
        }
        if isInverted { correctOffset(by: old[axis] - frame.size[axis]) }
        if !isDragging, !isDecelerating, contentOffset != restingOffset { contentOffset = restingOffset }
        isMeasuringRows = wasMeasuring
        updateLiveRows()
    }
}
