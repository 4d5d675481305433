/// The axes a scroll node that sizes its content by its layout lets it grow along
/// (behaviour.md §15.2; Texture's ASScrollDirection for `scrollableDirections`).
public enum ScrollableDirections: String, Hashable, Sendable, CaseIterable {
    case vertical, horizontal, both

    /// Whether the content scrolls along `axis`.
    public func contains(_ axis: Axis) -> Bool {
        switch self {
        case .vertical: axis == .vertical
        case .horizontal: axis == .horizontal
        case .both: true
        }
    }
}
