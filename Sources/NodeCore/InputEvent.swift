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
    /// A key by its xkb keysym name (`d`, `Escape`), pressed or released.
    case key(String, pressed: Bool)
}

/// Pointer buttons the input script names.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    case left, right, middle
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
