/// A switch: each touchUpInside flips `isSelected`, then valueChanged is sent.
open class ToggleNode: ControlNode {
    /// The switch position; the same as `isSelected`.
    public final var isOn: Bool {
        get { isSelected }
        set { isSelected = newValue }
    }

    open override var eventValue: ControlValue? { .bool(isOn) }

    open override func didEndTracking(_ touch: Touch, inside: Bool) {
        guard inside else { return }
        isSelected.toggle()
        sendActions(for: .valueChanged, touch: touch)
    }
}
