/// A node whose label or text does not fit its bounds: a note beside the audit, not a
/// finding (the exit status does not change).
public struct AuditTextNote: Hashable, Sendable {
    public var node: String
    /// `label`, or `text` for a text node's text.
    public var part: String
    /// Text that did not fit was replaced by an ellipsis.
    public var isTruncated: Bool
    /// Text reaches past the node's bounds and is cut off there.
    public var isClipped: Bool

    public init(node: String, part: String, isTruncated: Bool, isClipped: Bool) {
        self.node = node
        self.part = part
        self.isTruncated = isTruncated
        self.isClipped = isClipped
    }

    /// `note: title: text is truncated with an ellipsis`.
    public var line: String {
        let what = [isTruncated ? "truncated with an ellipsis" : nil, isClipped ? "clipped at the node's edges" : nil]
        return "note: \(node): \(part) is \(what.compactMap { $0 }.joined(separator: " and "))"
    }
}
