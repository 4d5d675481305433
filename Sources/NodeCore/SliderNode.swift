/// A horizontal slider: while tracking, `value` follows the touch's x across the
/// bounds (jumping to the touch at down) and valueChanged is sent on every change.
open class SliderNode: ControlNode {
    /// Position in 0...1; setting it directly sends no event (UIKit).
    public final var value: Double = 0 {
        didSet {
            value = min(max(value.isNaN ? 0 : value, 0), 1)
            if value != oldValue { invalidateSelf() }
        }
    }

    open override var eventValue: ControlValue? { .number(value) }

    open override func touchBegan(_ touch: Touch) {
        super.touchBegan(touch)
        follow(touch)
    }

    open override func touchMoved(_ touch: Touch) {
        super.touchMoved(touch)
        follow(touch)
    }

    /// The value a touch at `x` (own coordinates) selects.
    public final func value(atX x: Double) -> Double {
        guard frame.width > 0 else { return value }
        return min(max(x / frame.width, 0), 1)
    }

    private func follow(_ touch: Touch) {
        guard isTracking, touch === trackingTouch else { return }
        let newValue = value(atX: touch.location(in: self).x)
        guard newValue != value else { return }
        value = newValue
        sendActions(for: .valueChanged, touch: touch)
    }
}
