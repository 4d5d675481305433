/// The room a node is offered on one axis while it is sized (CSS's available space).
enum AvailableSpace: Hashable {
    /// At most this many points.
    case definite(Double)
    /// As narrow as the content allows (wrapped at every opportunity).
    case minContent
    /// As wide as the content wants (unwrapped).
    case maxContent

    var definiteValue: Double? {
        if case .definite(let value) = self { return value }
        return nil
    }

    /// The space less `amount` (a definite space only).
    func shrunk(by amount: Double) -> AvailableSpace {
        if case .definite(let value) = self { return .definite(value - amount) }
        return self
    }
}

/// What a node is asked for: its sizes where already decided, the percent base, the
/// room it has, its inherited writing direction, and whether its children are placed
/// too (a full layout) or only its size is wanted. Equal inputs give equal outputs,
/// which the caches rely on.
struct LayoutInput: Hashable {
    var knownWidth: Double?
    var knownHeight: Double?
    /// The container's content box: the base of the node's percentages.
    var parentWidth: Double?
    var parentHeight: Double?
    var availableWidth: AvailableSpace
    var availableHeight: AvailableSpace
    var isRTL: Bool
    /// Sizes the node on this axis by its content alone, without its own width or height and
    /// their limits: what a flex base size is (the container applies the limits after).
    var contentSizedWidth = false
    var contentSizedHeight = false

    /// Digests of the input, whole and without the available height: the caches compare
    /// these first and whole inputs only where they match (a copy and comparison of every
    /// cached input cost more than the rest of a lookup).
    var digest: InputDigest {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        func mix(_ value: Double?) { mix(value.map { $0.bitPattern } ?? 0x7FF8_DEAD_0000_0001) }
        func mix(_ space: AvailableSpace) {
            switch space {
            case .definite(let value): mix(value.bitPattern)
            case .minContent: mix(0x7FF8_DEAD_0000_0002)
            case .maxContent: mix(0x7FF8_DEAD_0000_0003)
            }
        }
        mix(knownWidth)
        mix(knownHeight)
        mix(parentWidth)
        mix(parentHeight)
        mix(availableWidth)
        mix((isRTL ? 1 : 0) | (contentSizedWidth ? 2 : 0) | (contentSizedHeight ? 4 : 0))
        let room = hash
        mix(availableHeight)
        return InputDigest(all: hash, room: room)
    }
}

/// `LayoutInput.digest`: equal inputs have equal digests.
struct InputDigest {
    var all: UInt64
    /// Without the available height.
    var room: UInt64

    /// An empty slot's (any match is checked against the slot's input, which is nil).
    static let none = InputDigest(all: 0, room: 0)
}

/// What sizing a node gives: its border-box size and its first baseline from its top.
struct LayoutOutput: Hashable {
    var size: Size
    var firstBaseline: Double?
    /// The answer holds for any definite available height from this one up (nothing of the
    /// node's content reached the room below it, Yoga's cached-measurement rule made exact);
    /// +∞: only for the available height it was computed with.
    var availableHeightFloor = -Double.infinity

    init(size: Size, firstBaseline: Double?, availableHeightFloor: Double = -.infinity) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.availableHeightFloor = availableHeightFloor
    }
}

/// A sizing answer kept for a later question with the same input.
struct CachedLayout {
    var input: LayoutInput
    var output: LayoutOutput
}

/// Per-node state of the layout engine: caches of the last results by input, the dirty
/// flags set by `setNeedsLayout`, and the unrounded frame of the last full layout. The
/// caches live inline (no array per node), so filling and voiding them allocates nothing.
struct LayoutState {
    /// The node's inputs changed since its caches were filled (its style, its content,
    /// its children): the caches are void.
    var isDirty = true
    /// A node below (not laid out by this one's layout) needs layout: a pass visits it.
    var hasDirtyDescendant = false
    /// Set while the layout sets this node's frame, so the frame setter does not mark it dirty.
    var isApplying = false
    /// The full layout's input and output, when it is the last one done.
    var layoutInput: LayoutInput?
    var layoutOutput = LayoutOutput(size: .zero, firstBaseline: nil)
    var layoutDigest: UInt64 = 0
    /// Sizing results by input (four, replaced in turn), with their inputs' digests.
    var measure0: CachedLayout?
    var measure1: CachedLayout?
    var measure2: CachedLayout?
    var measure3: CachedLayout?
    var digests: (InputDigest, InputDigest, InputDigest, InputDigest) = (.none, .none, .none, .none)
    var nextMeasureSlot = 0
    /// The measurer's last answer for this leaf and the width it was offered (nil: unbounded).
    var measuredOffer: Double?
    var measurement: LayoutMeasurement??
    /// How many times the engine computed this node rather than answering from a cache
    /// (tests pin that a relayout computes only the changed path).
    var computations = 0
    /// Position (in the parent's content coordinates) and size of the last full layout, unrounded.
    var unroundedFrame = Rect.zero
    /// The last full layout changed this node's children, so their frames must be set again.
    var needsApply = true
    /// The unrounded window-relative origin the frame was last rounded at.
    var appliedAbsoluteOrigin: Point?
    /// The frame set by hand (not by a layout) that `display: none` above zeroed, to restore when shown.
    var frameBeforeHiding: Rect?
    /// This node is `display: none` and its subtree's frames are zero.
    var hidesSubtree = false
    /// The size of the last `layoutThatFits` or layout pass (Texture's calculatedSize).
    var calculatedSize: Size?

    /// The answer to `input` (whose digest is `digest`) if a cache holds it. Mutating only so
    /// that a call on a node's state reads it in place instead of copying the whole state first.
    mutating func cachedMeasure(_ input: LayoutInput, digest: InputDigest) -> LayoutOutput? {
        if layoutDigest == digest.all, let layoutInput, layoutInput == input { return layoutOutput }
        if digests.0.all == digest.all, let entry = measure0, entry.input == input { return entry.output }
        if digests.1.all == digest.all, let entry = measure1, entry.input == input { return entry.output }
        if digests.2.all == digest.all, let entry = measure2, entry.input == input { return entry.output }
        if digests.3.all == digest.all, let entry = measure3, entry.input == input { return entry.output }
        guard case .definite(let available) = input.availableHeight else { return nil }
        if digests.0.room == digest.room, let output = Self.answer(measure0, to: input, available: available) { return output }
        if digests.1.room == digest.room, let output = Self.answer(measure1, to: input, available: available) { return output }
        if digests.2.room == digest.room, let output = Self.answer(measure2, to: input, available: available) { return output }
        if digests.3.room == digest.room, let output = Self.answer(measure3, to: input, available: available) { return output }
        return nil
    }

    /// `entry`'s output when `input` differs from its input only in a definite available
    /// height at or above the output's floor.
    @inline(__always)
    private static func answer(_ entry: CachedLayout?, to input: LayoutInput, available: Double) -> LayoutOutput? {
        guard let entry, available >= entry.output.availableHeightFloor, case .definite = entry.input.availableHeight
        else { return nil }
        var probe = input
        probe.availableHeight = entry.input.availableHeight
        return probe == entry.input ? entry.output : nil
    }

    mutating func storeMeasure(_ input: LayoutInput, digest: InputDigest, _ output: LayoutOutput) {
        let entry = CachedLayout(input: input, output: output)
        switch nextMeasureSlot {
        case 0: (measure0, digests.0) = (entry, digest)
        case 1: (measure1, digests.1) = (entry, digest)
        case 2: (measure2, digests.2) = (entry, digest)
        default: (measure3, digests.3) = (entry, digest)
        }
        nextMeasureSlot = (nextMeasureSlot + 1) & 3
    }

    mutating func clearCaches() {
        layoutInput = nil
        measure0 = nil
        measure1 = nil
        measure2 = nil
        measure3 = nil
        nextMeasureSlot = 0
        measurement = nil
    }

}

