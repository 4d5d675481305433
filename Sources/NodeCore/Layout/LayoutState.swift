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
///
/// Stored flat (56 bytes: each optional a value and a bit, each room a value and a kind),
/// so the caches that hold several per node stay small and copy without calls.
struct LayoutInput: Equatable {
    private var knownWidthValue = 0.0
    private var knownHeightValue = 0.0
    private var parentWidthValue = 0.0
    private var parentHeightValue = 0.0
    private var availableWidthValue = 0.0
    private var availableHeightValue = 0.0
    /// Bits 0–3: the known and parent sizes are set; 4–5, 6–7: the kinds of the rooms
    /// (0 definite, 1 min-content, 2 max-content); 8: rtl; 9, 10: sized by content.
    private var flags: UInt16 = 0

    init(knownWidth: Double?, knownHeight: Double?, parentWidth: Double?, parentHeight: Double?,
         availableWidth: AvailableSpace, availableHeight: AvailableSpace, isRTL: Bool,
         contentSizedWidth: Bool = false, contentSizedHeight: Bool = false) {
        self.knownWidth = knownWidth
        self.knownHeight = knownHeight
        self.parentWidth = parentWidth
        self.parentHeight = parentHeight
        self.availableWidth = availableWidth
        self.availableHeight = availableHeight
        self.isRTL = isRTL
        self.contentSizedWidth = contentSizedWidth
        self.contentSizedHeight = contentSizedHeight
    }

    @inline(__always)
    private func optional(_ value: Double, bit: UInt16) -> Double? { flags & bit != 0 ? value : nil }

    @inline(__always)
    private func space(_ value: Double, shift: UInt16) -> AvailableSpace {
        switch (flags >> shift) & 3 {
        case 0: .definite(value)
        case 1: .minContent
        default: .maxContent
        }
    }

    /// Sets the kind bits at `shift` of `space` (0 definite, 1 min-content, 2 max-content)
    /// and returns its value (0 unless definite).
    @inline(__always)
    private mutating func setRoom(_ space: AvailableSpace, shift: UInt16) -> Double {
        let (value, kind): (Double, UInt16)
        switch space {
        case .definite(let room): (value, kind) = (room, 0)
        case .minContent: (value, kind) = (0, 1)
        case .maxContent: (value, kind) = (0, 2)
        }
        flags = flags & ~(3 << shift) | kind << shift
        return value
    }

    @inline(__always)
    private mutating func set(bit: UInt16, _ on: Bool) {
        if on { flags |= bit } else { flags &= ~bit }
    }

    var knownWidth: Double? {
        get { optional(knownWidthValue, bit: 1) }
        set { knownWidthValue = newValue ?? 0; set(bit: 1, newValue != nil) }
    }
    var knownHeight: Double? {
        get { optional(knownHeightValue, bit: 2) }
        set { knownHeightValue = newValue ?? 0; set(bit: 2, newValue != nil) }
    }
    /// The container's content box: the base of the node's percentages.
    var parentWidth: Double? {
        get { optional(parentWidthValue, bit: 4) }
        set { parentWidthValue = newValue ?? 0; set(bit: 4, newValue != nil) }
    }
    var parentHeight: Double? {
        get { optional(parentHeightValue, bit: 8) }
        set { parentHeightValue = newValue ?? 0; set(bit: 8, newValue != nil) }
    }
    var availableWidth: AvailableSpace {
        get { space(availableWidthValue, shift: 4) }
        set { availableWidthValue = setRoom(newValue, shift: 4) }
    }
    var availableHeight: AvailableSpace {
        get { space(availableHeightValue, shift: 6) }
        set { availableHeightValue = setRoom(newValue, shift: 6) }
    }
    var isRTL: Bool {
        get { flags & 0x100 != 0 }
        set { set(bit: 0x100, newValue) }
    }
    /// Sizes the node on this axis by its content alone, without its own width or height and
    /// their limits: what a flex base size is (the container applies the limits after).
    var contentSizedWidth: Bool {
        get { flags & 0x200 != 0 }
        set { set(bit: 0x200, newValue) }
    }
    var contentSizedHeight: Bool {
        get { flags & 0x400 != 0 }
        set { set(bit: 0x400, newValue) }
    }

    /// Whether this input and `other` differ in the available height alone.
    @inline(__always)
    func equalsExceptAvailableHeight(_ other: LayoutInput) -> Bool {
        knownWidthValue == other.knownWidthValue && knownHeightValue == other.knownHeightValue
            && parentWidthValue == other.parentWidthValue && parentHeightValue == other.parentHeightValue
            && availableWidthValue == other.availableWidthValue && flags & ~0xC0 == other.flags & ~0xC0
    }

    /// Digests of the input, whole and without the available height: the caches compare
    /// these first and whole inputs only where they match.
    var digest: InputDigest {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        mix(knownWidthValue.bitPattern)
        mix(knownHeightValue.bitPattern)
        mix(parentWidthValue.bitPattern)
        mix(parentHeightValue.bitPattern)
        mix(availableWidthValue.bitPattern)
        mix(UInt64(flags & ~0xC0))
        let room = hash
        mix(availableHeightValue.bitPattern ^ UInt64(flags & 0xC0) << 56)
        return InputDigest(all: hash, room: room)
    }
}

/// `LayoutInput.digest`: equal inputs have equal digests.
struct InputDigest {
    var all: UInt64
    /// Without the available height.
    var room: UInt64
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

    static let zero = LayoutOutput(size: .zero, firstBaseline: nil)
}

/// A sizing answer kept for a later question with the same input.
struct CachedLayout {
    var input: LayoutInput
    var output: LayoutOutput

    static let empty = CachedLayout(input: LayoutInput(knownWidth: nil, knownHeight: nil, parentWidth: nil, parentHeight: nil,
                                                       availableWidth: .maxContent, availableHeight: .maxContent, isRTL: false),
                                    output: .zero)
}

/// Per-node state of the layout engine: caches of the last results by input, the dirty
/// flags set by `setNeedsLayout`, and the unrounded frame of the last full layout. The
/// caches live inline (no array per node), so filling and voiding them allocates nothing.
/// What every lookup reads comes first, in two cache lines: a pass over a tree that a
/// paint has pushed out of the caches pays for few lines per node.
struct LayoutState {
    /// The node's inputs changed since its caches were filled (its style, its content,
    /// its children): the caches are void.
    var isDirty = true
    /// A node below (not laid out by this one's layout) needs layout: a pass visits it.
    var hasDirtyDescendant = false
    /// Set while the layout sets this node's frame, so the frame setter does not mark it dirty.
    var isApplying = false
    /// The last full layout changed this node's children, so their frames must be set again.
    var needsApply = true
    /// This node is `display: none` and its subtree's frames are zero.
    var hidesSubtree = false
    /// Which of the full layout (bit 4) and the sizing slots (bits 0–3) hold an answer.
    private var filled: UInt8 = 0
    private var nextMeasureSlot: UInt8 = 0
    /// How many times the engine computed this node rather than answering from a cache
    /// (tests pin that a relayout computes only the changed path).
    var computations = 0
    /// Digests of the full layout's input and of the sizing slots' inputs.
    private var layoutDigest: UInt64 = 0
    private var digests: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var roomDigests: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The full layout's input and output, when it is the last one done.
    private var lastLayout = CachedLayout.empty
    /// Sizing results by input (four, replaced in turn).
    private var measure0 = CachedLayout.empty
    private var measure1 = CachedLayout.empty
    private var measure2 = CachedLayout.empty
    private var measure3 = CachedLayout.empty
    /// The measurer's last answer for this leaf and the width it was offered (nil: unbounded).
    var measuredOffer: Double?
    var measurement: LayoutMeasurement??
    /// Position (in the parent's content coordinates) and size of the last full layout, unrounded.
    var unroundedFrame = Rect.zero
    /// The unrounded window-relative origin the frame was last rounded at.
    var appliedAbsoluteOrigin: Point?
    /// The size of the last `layoutThatFits` or layout pass (Texture's calculatedSize).
    var calculatedSize: Size?
    /// The frame set by hand (not by a layout) that `display: none` above zeroed, to restore when shown.
    var frameBeforeHiding: Rect?

    /// The input of the last full layout, while its answer is kept.
    var layoutInput: LayoutInput? { filled & 16 != 0 ? lastLayout.input : nil }

    /// The full layout's answer to `input`, if it is the last one done.
    @inline(__always)
    func cachedLayout(_ input: LayoutInput, digest: InputDigest) -> LayoutOutput? {
        filled & 16 != 0 && layoutDigest == digest.all && lastLayout.input == input ? lastLayout.output : nil
    }

    mutating func storeLayout(_ input: LayoutInput, digest: InputDigest, _ output: LayoutOutput) {
        lastLayout = CachedLayout(input: input, output: output)
        layoutDigest = digest.all
        filled |= 16
    }

    /// The answer to `input` (whose digest is `digest`) if a cache holds it. Mutating only so
    /// that a call on a node's state reads it in place instead of copying the whole state first.
    mutating func cachedMeasure(_ input: LayoutInput, digest: InputDigest) -> LayoutOutput? {
        if let output = cachedLayout(input, digest: digest) { return output }
        let filled = self.filled
        if filled & 1 != 0, digests.0 == digest.all, measure0.input == input { return measure0.output }
        if filled & 2 != 0, digests.1 == digest.all, measure1.input == input { return measure1.output }
        if filled & 4 != 0, digests.2 == digest.all, measure2.input == input { return measure2.output }
        if filled & 8 != 0, digests.3 == digest.all, measure3.input == input { return measure3.output }
        guard case .definite(let available) = input.availableHeight else { return nil }
        if filled & 1 != 0, roomDigests.0 == digest.room, let output = Self.answer(measure0, to: input, available: available) { return output }
        if filled & 2 != 0, roomDigests.1 == digest.room, let output = Self.answer(measure1, to: input, available: available) { return output }
        if filled & 4 != 0, roomDigests.2 == digest.room, let output = Self.answer(measure2, to: input, available: available) { return output }
        if filled & 8 != 0, roomDigests.3 == digest.room, let output = Self.answer(measure3, to: input, available: available) { return output }
        return nil
    }

    /// `entry`'s output when `input` differs from its input only in a definite available
    /// height at or above the output's floor.
    @inline(__always)
    private static func answer(_ entry: CachedLayout, to input: LayoutInput, available: Double) -> LayoutOutput? {
        guard available >= entry.output.availableHeightFloor, case .definite = entry.input.availableHeight,
              input.equalsExceptAvailableHeight(entry.input) else { return nil }
        return entry.output
    }

    mutating func storeMeasure(_ input: LayoutInput, digest: InputDigest, _ output: LayoutOutput) {
        let entry = CachedLayout(input: input, output: output)
        switch nextMeasureSlot {
        case 0: (measure0, digests.0, roomDigests.0) = (entry, digest.all, digest.room)
        case 1: (measure1, digests.1, roomDigests.1) = (entry, digest.all, digest.room)
        case 2: (measure2, digests.2, roomDigests.2) = (entry, digest.all, digest.room)
        default: (measure3, digests.3, roomDigests.3) = (entry, digest.all, digest.room)
        }
        filled |= 1 << nextMeasureSlot
        nextMeasureSlot = (nextMeasureSlot + 1) & 3
    }

    mutating func clearCaches() {
        filled = 0
        nextMeasureSlot = 0
        measurement = nil
    }
}
