/// A push button: sends primaryActionTriggered right after touchUpInside.
open class ButtonNode: ControlNode {
    open override func didEndTracking(_ touch: Touch, inside: Bool) {
        if inside { sendActions(for: .primaryActionTriggered, touch: touch) }
    }
}
