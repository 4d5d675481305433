/// Control events, with UIKit's bit values.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field became the window's first responder (behaviour.md §16).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// An input event changed a text field's text.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field stopped being the first responder.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Return ended a text field's editing (sent before editingDidEnd).
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    public static let allEditingEvents = ControlEvents(rawValue: 0xF0000)
    public static let allTouchEvents = ControlEvents(rawValue: 0xFFF)
    public static let allEvents = ControlEvents(rawValue: .max)

    /// The named single events, lowest bit first, with their behaviour.md §4.1 names.
    public static let named: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The single-bit events in this set, lowest bit first.
    public var bits: [ControlEvents] {
        var result: [ControlEvents] = []
        var remaining = rawValue
        while remaining != 0 {
            let low = remaining & (~remaining &+ 1)
            result.append(ControlEvents(rawValue: low))
            remaining &= ~low
        }
        return result
    }

    /// The behaviour.md §4.1 name of a single event (`bit12` style for unnamed bits).
    public var name: String {
        if let entry = Self.named.first(where: { $0.0 == self }) { return entry.1 }
        return bits.map { bit in
            Self.named.first(where: { $0.0 == bit })?.1 ?? "bit\(bit.rawValue.trailingZeroBitCount)"
        }.joined(separator: "|")
    }

    /// The event with behaviour.md §4.1 name `name`, if any.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = entry.0
    }

    public var description: String { name }
}

/// A control's visual state, synthesized from its flags (UIKit bit values).
public struct ControlState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1 << 0)
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)
}
