/// A push button: sends primaryActionTriggered right after touchUpInside.
open class ButtonNode: ControlNode {
    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        // Room around the label when the layout sizes the button by it (behaviour.md §15).
        contentInsets = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
    }

    open override func didEndTracking(_ touch: Touch, inside: Bool) {
        if inside { sendActions(for: .primaryActionTriggered, touch: touch) }
    }
}
