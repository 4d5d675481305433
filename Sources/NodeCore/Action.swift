/// The name of an action sent to a target, like a selector in UIKit.
public struct Action: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

/// What a handler learns about one send: the single event bit, the touch behind it and
/// the time of the input that caused it.
public struct ActionEvent {
    /// The single control event being sent.
    public let event: ControlEvents
    /// The touch the event is about; nil for programmatic sends.
    public let touch: Touch?
    /// Input time in milliseconds of what caused the send: usually the touch's latest
    /// change, but a second finger that cancels the tracked touch causes its touchCancel
    /// at the second finger's time (behaviour.md §4.2, §7.3: `t` is the input time). Nil for programmatic sends.
    public let time: Double?

    /// `time` defaults to the touch's timestamp.
    public init(event: ControlEvents, touch: Touch?, time: Double? = nil) {
        self.event = event
        self.touch = touch
        self.time = time ?? touch?.timestamp
    }
}

/// An object that receives target-action messages. `Responder` subclasses are
/// targets already; any other class can adopt this.
public protocol ActionTarget: AnyObject {
    /// Performs `action`; returns true when handled.
    func perform(_ action: Action, sender: ControlNode, event: ActionEvent) -> Bool
}

extension Responder: ActionTarget {}

/// Identifies a closure action so it can be replaced or removed.
public struct ActionIdentifier: Hashable, Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
