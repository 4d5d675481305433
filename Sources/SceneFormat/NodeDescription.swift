import NodeCore

/// One scene node with every key read and checked (behaviour.md §7.1), ready to become a
/// node without looking at JSON again. A list's row template is described once, at load,
/// and made into a node for each row that comes into view: only its `{i}` and `{text}` texts vary.
struct NodeDescription {
    var kind: NodeKind
    var name: RowText
    var frame: Rect
    var slop: EdgeInsets?
    var hidden: Bool?
    var alpha: Double?
    var interactive: Bool?
    var clips: Bool?
    var color: Color?
    var borderColor: Color?
    var borderWidth: Double?
    var label: RowText?
    var labelColor: Color?
    var labelFontSize: Double?
    var shape: HitShape?
    var control = ControlKeys()
    var scroll = ScrollKeys()
    var list: ListKeys?
    var text = TextKeys()
    var textField = TextFieldKeys()
    var image = ImageKeys()
    var sliderValue: Double?
    /// Whether the scene gave a `frame` (a laid-out child has none, behaviour.md §15.1).
    var hasFrame = true
    /// The `layout` object: how this node lays out its children.
    var layout: FlexLayout?
    /// The item keys, when the node has any.
    var style: LayoutStyle?
    var contentInsets: EdgeInsets?
    /// Filled for row templates only; a scene's own nodes are made child by child.
    var children: [NodeDescription] = []

    /// The keys of controls (every kind but `node`, `scroll` and `list`).
    struct ControlKeys {
        var enabled: Bool?
        var selected: Bool?
        var dragTolerance: Double?
        var highlightedColor: Color?
        var disabledColor: Color?
        var selectedColor: Color?
        var labelHighlightedColor: Color?
        var labelSelectedColor: Color?
        var labelDisabledColor: Color?
    }

    /// The keys of scroll nodes and lists (behaviour.md §9.8, §10.3).
    struct ScrollKeys {
        var contentSize: Size?
        var contentOffset: Point?
        var contentInset: EdgeInsets?
        var scrollEnabled: Bool?
        var bounces: Bool?
        var alwaysBounceVertical: Bool?
        var alwaysBounceHorizontal: Bool?
        var delaysContentTouches: Bool?
        var canCancelContentTouches: Bool?
        var cancelsControlTouches: Bool?
        var decelerationRate: Double?
        var scrollSlop: Double?
        var contentTouchDelay: Double?
        var scrollableDirections: ScrollableDirections?
    }

    /// The keys of `kind: "list"` (behaviour.md §10.3).
    struct ListKeys {
        /// The rows' extent, or with `selfSizing` their estimate.
        var extent: Double
        var selfSizing: Bool
        var horizontal: Bool
        var inverted: Bool
        var count = 0
        var template: RowTemplate?
        var leadingScreens: Double?
        var fetch: SceneListSource.Fetch?
        var filter: SceneListSource.Filter?
    }

    /// The keys of text nodes (behaviour.md §12.4).
    struct TextKeys {
        var text: RowText?
        var fontSize: Double?
        var textColor: Color?
        var alignment: TextAlignment?
        var lines: Int?
    }

    /// The keys of image nodes (behaviour.md §17.4).
    struct ImageKeys {
        /// The file, resolved against the scene's folder.
        var src: RowText?
        var contentMode: ImageContentMode?
        var cornerRadius: Double?
        var placeholderColor: Color?
        var hitTestAlpha: Bool?
    }

    /// A new node as the scene describes it, its children included, with `{i}` in names,
    /// labels and texts and `{text}` in labels and texts filled for `row` (kept as written when nil). Properties are set
    /// in the order the keys are read.
    func makeNode(row: RowFill?) -> Node {
        let node = makeBareNode(row: row)
        for child in children { node.addSubnode(child.makeNode(row: row)) }
        return node
    }

    /// The node without its children.
    func makeBareNode(row: RowFill?) -> Node {
        let name = self.name.text(row: row)
        let node: Node
        switch kind {
        case .node: node = Node(name: name)
        case .control: node = ControlNode(name: name)
        case .button: node = ButtonNode(name: name)
        case .toggle: node = ToggleNode(name: name)
        case .slider: node = SliderNode(name: name)
        case .scroll: node = ScrollNode(name: name)
        case .list:
            let list = list!
            node = ListNode(name: name, rowExtent: list.extent, selfSizingRows: list.selfSizing, horizontal: list.horizontal,
                            inverted: list.inverted)
        case .text: node = TextNode(name: name)
        case .textField: node = TextFieldNode(name: name)
        case .image: node = ImageNode(name: name)
        }
        configure(node, row: row)
        return node
    }

    /// Sets every key this description holds on `node` (made from it), with the placeholders
    /// filled for `row`, in the order the keys are read.
    func configure(_ node: Node, row: RowFill?) {
        node.frame = frame
        if let slop { node.hitTestSlop = slop }
        if let hidden { node.isHidden = hidden }
        if let alpha { node.alpha = alpha }
        if let interactive { node.isUserInteractionEnabled = interactive }
        if let clips { node.clipsToBounds = clips }
        if let color { node.backgroundColor = color }
        if let borderColor { node.borderColor = borderColor }
        if let borderWidth { node.borderWidth = borderWidth }
        if let label { node.label = label.text(row: row) }
        if let labelColor { node.labelColor = labelColor }
        if let labelFontSize { node.labelFontSize = labelFontSize }
        if let shape { node.hitShape = shape }
        if kind.isControl { control.apply(to: node.madeAs(ControlNode.self)) }
        if kind == .scroll || kind == .list {
            let scrollNode = node.madeAs(ScrollNode.self)
            scroll.apply(to: scrollNode)
            if kind == .list { list!.apply(to: node.madeAs(ListNode.self), explicitOffset: scroll.contentOffset != nil) }
        }
        if kind == .text { text.apply(to: node.madeAs(TextNode.self), row: row) }
        if kind == .textField { textField.apply(to: node.madeAs(TextFieldNode.self), row: row) }
        if kind == .image { image.apply(to: node.madeAs(ImageNode.self), row: row) }
        if kind == .slider, let sliderValue { node.madeAs(SliderNode.self).value = sliderValue }
        if let layout { node.layout = layout }
        if let style { node.style = style }
        if let contentInsets { node.contentInsets = contentInsets }
    }

    /// What the keys said about the node's placement, for a parent read after it.
    var placementFacts: PlacementFacts { PlacementFacts(hasFrame: hasFrame, hasItemKeys: style != nil) }

    /// Whether a label, or a text node's text, here or among the children holds `{text}`.
    var usesRowText: Bool {
        (label?.hasRowText ?? false) || (text.text?.hasRowText ?? false) || children.contains { $0.usesRowText }
    }

    /// Calls `body` with this node's name and the names of its children, depth first.
    func forEachName(_ body: (RowText) -> Void) {
        body(name)
        for child in children { child.forEachName(body) }
    }
}

extension NodeDescription.ControlKeys {
    func apply(to control: ControlNode) {
        if let enabled { control.isEnabled = enabled }
        if let selected { control.isSelected = selected }
        if let dragTolerance { control.dragTolerance = dragTolerance }
        if let highlightedColor { control.highlightedColor = highlightedColor }
        if let disabledColor { control.disabledColor = disabledColor }
        if let selectedColor { control.selectedColor = selectedColor }
        if let labelHighlightedColor { control.labelHighlightedColor = labelHighlightedColor }
        if let labelSelectedColor { control.labelSelectedColor = labelSelectedColor }
        if let labelDisabledColor { control.labelDisabledColor = labelDisabledColor }
    }
}

extension NodeDescription.ScrollKeys {
    func apply(to scroll: ScrollNode) {
        if let contentSize { scroll.contentSize = contentSize }
        if let contentOffset { scroll.contentOffset = contentOffset }
        if let contentInset { scroll.contentInset = contentInset }
        if let scrollEnabled { scroll.isScrollEnabled = scrollEnabled }
        if let bounces { scroll.bounces = bounces }
        if let alwaysBounceVertical { scroll.alwaysBounceVertical = alwaysBounceVertical }
        if let alwaysBounceHorizontal { scroll.alwaysBounceHorizontal = alwaysBounceHorizontal }
        if let delaysContentTouches { scroll.delaysContentTouches = delaysContentTouches }
        if let canCancelContentTouches { scroll.canCancelContentTouches = canCancelContentTouches }
        if let cancelsControlTouches { scroll.cancelsControlTouches = cancelsControlTouches }
        if let decelerationRate { scroll.decelerationRate = decelerationRate }
        if let scrollSlop { scroll.scrollSlop = scrollSlop }
        if let contentTouchDelay { scroll.contentTouchDelay = contentTouchDelay }
        if let scrollableDirections { scroll.scrollableDirections = scrollableDirections }
    }
}

extension NodeDescription.ListKeys {
    /// Gives the list its scene data source (a new one per list: it counts fetched rows).
    func apply(to list: ListNode, explicitOffset: Bool) {
        if let leadingScreens { list.leadingScreensForBatching = leadingScreens }
        guard let template else { return }
        let source = SceneListSource(template: template, count: count, fetch: fetch, filter: filter)
        let offset = list.contentOffset
        list.dataSource = source
        list.batchFetchingDelegate = source
        // An explicit `contentOffset` wins over an inverted list's start at its far end.
        if explicitOffset { list.contentOffset = offset }
    }
}

extension NodeDescription.TextKeys {
    func apply(to node: TextNode, row: RowFill?) {
        if let text { node.text = text.text(row: row) }
        if let fontSize { node.fontSize = fontSize }
        if let textColor { node.textColor = textColor }
        if let alignment { node.alignment = alignment }
        if let lines { node.maximumLines = lines }
    }
}
