import TouchstoneApp

/// A custom control: a touch lifted on its left half takes one away, on its right half
/// adds one. Each change is sent as `valueChanged`, so whoever listens (target-action) updates.
final class QuantityStepper: ControlNode {
    /// How many of a product a tap on a row adds.
    private(set) var value = 1
    let range = 1...9

    override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        backgroundColor = Color(red: 229, green: 229, blue: 234)
        highlightedColor = Color(red: 199, green: 199, blue: 204)
        hitTestSlop = EdgeInsets(all: -8)   // touches up to 8 points outside still count
        label = "−  1  +"
    }

    /// The event log writes this value beside each event the stepper sends.
    override var eventValue: ControlValue? { .number(Double(value)) }

    /// Runs after touchUpInside or touchUpOutside was sent: only a lift inside steps.
    override func didEndTracking(_ touch: Touch, inside: Bool) {
        guard inside else { return }
        let step = touch.location(in: self).x < bounds.midX ? -1 : 1
        let next = min(max(value + step, range.lowerBound), range.upperBound)
        guard next != value else { return }
        value = next
        label = "−  \(value)  +"
        sendActions(for: .valueChanged, touch: touch)
    }
}
