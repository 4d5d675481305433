/// Texture's layout specs as shorthands for the one flexbox engine (behaviour.md §15):
/// a stack, an inset, a center, a ratio, an overlay, a background and an absolute
/// position are each a container layout or an item style.
extension FlexLayout {
    /// ASStackLayoutSpec: children in a row or column, `spacing` apart.
    public static func stack(_ direction: FlexDirection = .column, spacing: Double = 0,
                             justifyContent: JustifyContent = .flexStart, alignItems: AlignItems = .stretch,
                             wrap: FlexWrap = .nowrap) -> FlexLayout {
        FlexLayout(direction: direction, justifyContent: justifyContent, alignItems: alignItems, wrap: wrap, gap: spacing)
    }

    /// ASInsetLayoutSpec: the children stretched inside `insets`.
    public static func inset(_ insets: EdgeInsets) -> FlexLayout {
        FlexLayout(padding: insets)
    }

    /// ASCenterLayoutSpec: the children centered on both axes at their own sizes.
    public static let center = FlexLayout(justifyContent: .center, alignItems: .center)
}

extension LayoutStyle {
    /// ASOverlayLayoutSpec and ASBackgroundLayoutSpec: out of the line, covering the parent
    /// (all four insets 0); in front of or behind the others by its place among the subnodes.
    public static var fill: LayoutStyle {
        var style = LayoutStyle()
        style.position = .absolute
        style.left = .points(0)
        style.top = .points(0)
        style.right = .points(0)
        style.bottom = .points(0)
        return style
    }

    /// ASAbsoluteLayoutSpec: at `origin` in the parent's padding box, sized by `size` or its content.
    public static func absolute(at origin: Point, size: Size? = nil) -> LayoutStyle {
        var style = LayoutStyle()
        style.position = .absolute
        style.left = .points(origin.x)
        style.top = .points(origin.y)
        if let size {
            style.width = .points(size.width)
            style.height = .points(size.height)
        }
        return style
    }

    /// ASRatioLayoutSpec: width / height fixed at `ratio`.
    public static func ratio(_ ratio: Double) -> LayoutStyle {
        var style = LayoutStyle()
        style.aspectRatio = ratio
        return style
    }
}

extension Node {
    /// Adds `node` in front of the other subnodes, covering this node (ASOverlayLayoutSpec).
    public final func addOverlay(_ node: Node) {
        node.style = .fill
        addSubnode(node)
    }

    /// Adds `node` behind the other subnodes, covering this node (ASBackgroundLayoutSpec).
    public final func addBackground(_ node: Node) {
        node.style = .fill
        insertSubnode(node, at: 0)
    }
}
