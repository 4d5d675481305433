/// Where the lines of a text node sit across its width.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    case left, center, right
    /// Left in a left-to-right paragraph, right in a right-to-left one.
    case leading
    /// Right in a left-to-right paragraph, left in a right-to-left one.
    case trailing
}

/// Text set in lines from the node's top: wrapped where Unicode allows a line break,
/// aligned, and cut with an ellipsis when it needs more lines than `maximumLines` or
/// than the height holds. Like Texture's text node it is a control, so it takes
/// target-action and slop; like it, it ignores touches until user interaction is
/// enabled, so plain captions stay out of the way of the controls around them.
open class TextNode: ControlNode {
    /// The font size of new text nodes, in points (the label size).
    public static let defaultFontSize = 14.0

    public final var text = "" {
        didSet {
            invalidateSelf()
            if text != oldValue { setNeedsLayout() }
        }
    }
    /// In points; buffer pixels are this times the scale.
    public final var fontSize = TextNode.defaultFontSize {
        didSet {
            invalidateSelf()
            if fontSize != oldValue { setNeedsLayout() }
        }
    }
    public final var textColor: Color = .black { didSet { invalidateSelf() } }
    public final var alignment: TextAlignment = .leading { didSet { invalidateSelf() } }
    /// The most lines shown; 0 for as many as the height holds.
    public final var maximumLines = 0 {
        didSet {
            invalidateSelf()
            if maximumLines != oldValue { setNeedsLayout() }
        }
    }

    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isUserInteractionEnabled = false
    }
}
