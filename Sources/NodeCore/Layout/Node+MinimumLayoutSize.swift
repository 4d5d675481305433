/// A laid-out node's smallest size (behaviour.md §15.1): what a window asks the compositor
/// for as its minimum (`xdg_toplevel.set_min_size`) when the scene gives no `minSize`.
extension Node {
    /// The smallest size at which this node's layout does not overflow, each axis on its
    /// own: its min-content width (every text wrapped at each opportunity, flexible items
    /// at their minimum), and the height its content needs when given all the width it
    /// wants (so no width makes it need less). Sets no frame; the next pass still runs.
    public final func minimumLayoutSize(measurer: (any LayoutMeasuring)?) -> Size {
        let engine = FlexEngine(measurer: measurer)
        let wasDirty = layoutState.isDirty
        func size(width: AvailableSpace) -> Size {
            let input = LayoutInput(knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: nil,
                                    availableWidth: width, availableHeight: .maxContent, isRTL: inheritedIsRTL)
            return engine.compute(self, input, perform: false).size
        }
        let narrowest = size(width: .minContent), widest = size(width: .maxContent)
        // Sizing cleared the flag a pass looks for; the frames are not set yet.
        if wasDirty { layoutState.isDirty = true }
        return Size(width: narrowest.width, height: widest.height)
    }
}
