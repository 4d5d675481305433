/// A raw input event in surface points, as a compositor seat delivers it and as
/// input scripts and recordings store it.
public enum InputEvent: Hashable, Sendable {
    case touchDown(id: Int, location: Point)
    case touchMotion(id: Int, location: Point)
    case touchUp(id: Int)
    /// Ends a batch of touch events; they are applied together, in arrival order.
    case touchFrame
    /// Cancels every active finger (compositor took the touch sequence).
    case touchCancel
    case pointerMotion(location: Point)
    case pointerButton(PointerButton, pressed: Bool)
    case pointerLeave
    /// Scrolls the innermost scroll node under the pointer that can scroll on `axis` by
    /// `value` points (positive: content moves up or left, the offset grows).
    case pointerAxis(Axis, value: Double, source: AxisSource)
    /// The touchpad fingers lifted (`wl_pointer.axis_stop`): kinetic deceleration.
    case pointerAxisStop(Axis)
    /// A key by its xkb keysym name (`d`, `Escape`), pressed or released, with the
    /// modifiers held.
    case key(String, pressed: Bool, modifiers: KeyModifierSet = [])
    /// The keyboard's repeat rate (per second, 0 for none) and delay (ms), from the
    /// compositor's `repeat_info` (behaviour.md §16).
    case keyRepeat(rate: Int, delay: Int)
    /// An input method's composition in progress (behaviour.md §16).
    case textPreedit(String, cursor: Int)
    /// An input method commits text.
    case textCommit(String)
    /// An input method deletes grapheme clusters around the caret.
    case textDelete(before: Int, after: Int)
    /// The clipboard's text arriving for a paste (Ctrl+V), inserted at the caret
    /// (behaviour.md §16.7).
    case textPaste(String)
}

extension InputEvent {
    /// The input script's line for one change of a touch frame that is not a cancel (a cancel
    /// is the one line `touchCancel`): the dispatcher assembles the lines, closed by
    /// `touchFrame`, back into the same frame.
    public init(_ change: TouchChange) {
        switch change.phase {
        case .began: self = .touchDown(id: change.id, location: change.location)
        case .ended: self = .touchUp(id: change.id)
        case .moved, .stationary, .cancelled: self = .touchMotion(id: change.id, location: change.location)
        }
    }
}

/// Pointer buttons the input script names.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    case left, right, middle
}

/// What produced a pointer axis event (`wl_pointer.axis_source`).
public enum AxisSource: String, Hashable, Sendable, CaseIterable {
    /// A mouse wheel: scrolls at once, clamped to the resting range.
    case wheel
    /// A touchpad: scrolls one to one; `axis_stop` starts a deceleration.
    case finger
    /// A continuous device such as a trackpoint: scrolls at once, clamped.
    case continuous
}

/// An input event with its time in milliseconds.
public struct TimedInputEvent: Hashable, Sendable {
    public var time: Double
    public var event: InputEvent

    public init(time: Double, event: InputEvent) {
        self.time = time
        self.event = event
    }
}
