/// A node that tracks one touch at a time UIControl-style and sends control
/// events to its targets (see `ControlNode+Actions.swift`).
open class ControlNode: Node {
    /// How far, in points, a touch may leave the slopRect and still count as inside.
    public static let defaultDragTolerance: Double = 70

    /// A disabled control ignores touches, and so does its whole subtree (hit testing
    /// stops at it); disabling it cancels the tracking of every control in that subtree.
    @exclusivity(unchecked) public final var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                forEachInSubtree { ($0 as? ControlNode)?.cancelActiveTracking() }
                window?.endEditing(ifInside: self)
            }
            invalidateSubtree()
        }
    }
    public final var isSelected = false { didSet { if isSelected != oldValue { invalidateSelf() } } }
    public final var isHighlighted = false { didSet { if isHighlighted != oldValue { invalidateSelf() } } }
    public private(set) final var isTracking = false
    public private(set) final var isTouchInside = false
    /// The touch being tracked, if any. Held strongly until tracking ends (the touch
    /// refers back weakly): a weak reference here would cost every touch a side-table
    /// allocation on the way to the first frame.
    public private(set) final var trackingTouch: Touch?

    /// Extra distance around `slopRect` within which a moving touch stays inside.
    public final var dragTolerance = ControlNode.defaultDragTolerance

    /// Background colors by state; nil falls back to `backgroundColor`.
    public final var highlightedColor: Color? { didSet { invalidateSelf() } }
    public final var disabledColor: Color? { didSet { invalidateSelf() } }
    public final var selectedColor: Color? { didSet { invalidateSelf() } }
    /// Label colors by state, as `UIButton.setTitleColor(_:for:)`; nil falls back to `labelColor`.
    public final var labelHighlightedColor: Color? { didSet { invalidateSelf() } }
    public final var labelDisabledColor: Color? { didSet { invalidateSelf() } }
    public final var labelSelectedColor: Color? { didSet { invalidateSelf() } }

    var registrations: [ActionRegistration] = []
    var nextClosureNumber = 0

    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isControlNode = true
    }

    /// normal / highlighted / disabled / selected, from the flags.
    public final var state: ControlState {
        var s: ControlState = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// `slopRect` grown by `dragTolerance` on every side.
    public final var trackingRect: Rect { slopRect.outset(by: dragTolerance) }

    /// The value this control reports with its events (a slider's value, a toggle's
    /// position); nil for controls without one. Event logs record it.
    open var eventValue: ControlValue? { nil }

    /// The background color for the current state: disabled wins over highlighted,
    /// highlighted over selected.
    public final override var currentBackgroundColor: Color {
        if !isEnabled, let c = disabledColor { return c }
        if isHighlighted, let c = highlightedColor { return c }
        if isSelected, let c = selectedColor { return c }
        return backgroundColor
    }

    /// The label color of the current state: disabled wins over highlighted, highlighted
    /// over selected, as for the background (behaviour.md §6).
    public final override var currentLabelColor: Color {
        if !isEnabled, let c = labelDisabledColor { return c }
        if isHighlighted, let c = labelHighlightedColor { return c }
        if isSelected, let c = labelSelectedColor { return c }
        return labelColor
    }

    /// A control is hittable only while enabled.
    open override var isHittable: Bool { isEnabled && super.isHittable }

    // MARK: Subclass hooks

    /// Return false to ignore the touch entirely.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    /// Return false to stop tracking silently.
    open func continueTracking(_ touch: Touch) -> Bool { true }
    /// Called when the tracked touch ends, before touchUpInside/touchUpOutside is sent.
    open func endTracking(_ touch: Touch) {}
    /// Called when tracking is cancelled, before touchCancel is sent.
    open func cancelTracking() {}
    /// Called after touchUpInside/touchUpOutside was sent; built-in controls add their events here.
    open func didEndTracking(_ touch: Touch, inside: Bool) {}

    // MARK: Touches (consumed, never passed on)

    open override func touchBegan(_ touch: Touch) {
        guard isEnabled else { return }
        if isTracking {
            // The new touch causes the cancel: it happens at that touch's time.
            cancelActiveTracking(time: touch.timestamp)
            return
        }
        guard beginTracking(touch) else { return }
        trackingTouch = touch
        touch.trackingControl = self
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        var events: ControlEvents = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, touch: touch)
    }

    open override func touchMoved(_ touch: Touch) {
        guard isTracking, touch === trackingTouch else { return }
        guard continueTracking(touch) else {
            clearTracking()
            return
        }
        let inside = trackingRect.contains(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        var events: ControlEvents = inside ? .touchDragInside : .touchDragOutside
        if inside && !wasInside { events.insert(.touchDragEnter) }
        if !inside && wasInside { events.insert(.touchDragExit) }
        sendActions(for: events, touch: touch)
    }

    open override func touchEnded(_ touch: Touch) {
        guard isTracking, touch === trackingTouch else { return }
        let inside = trackingRect.contains(touch.location(in: self))
        clearTracking()
        endTracking(touch)
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, touch: touch)
        didEndTracking(touch, inside: inside)
    }

    open override func touchCancelled(_ touch: Touch) {
        guard touch === trackingTouch else { return }
        cancelActiveTracking()
    }

    open override func didLeaveTree() {
        cancelActiveTracking()
    }

    /// The window calls this after delivering the end or cancel of `touch`: if the control
    /// still tracks it, the end never reached it (something else up the chain consumed
    /// it), and the tracking is cancelled so that it cannot outlive the touch.
    final func touchFinishedElsewhere(_ touch: Touch) {
        guard isTracking, touch === trackingTouch else { return }
        cancelActiveTracking()
    }

    /// Cancels the tracked touch, if any: clears the state, calls `cancelTracking()`, sends
    /// touchCancel. `time` is the input time of what caused it (the tracked touch's latest
    /// time when nil).
    public final func cancelActiveTracking(time: Double? = nil) {
        guard isTracking else { return }
        let touch = trackingTouch
        clearTracking()
        cancelTracking()
        sendActions(for: .touchCancel, touch: touch, time: time)
    }

    private func clearTracking() {
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        trackingTouch = nil
    }
}
