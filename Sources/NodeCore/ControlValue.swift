/// A value a control reports with its events (`ControlNode.eventValue`).
public enum ControlValue: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
}
