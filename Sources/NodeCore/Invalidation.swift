/// Something that must be repainted, recorded by the tree as it changes.
public enum Invalidation {
    /// The node's own paint (colors, border, label, control state) changed.
    case node(Node)
    /// An area of the window, in points, whose content changed (geometry, visibility, structure).
    case area(Rect)
}
