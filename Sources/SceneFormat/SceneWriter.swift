import JSONOutput
public import NodeCore

/// A node tree written as a scene file: the bytes, and the name and kind each node has in it.
public struct SceneExport {
    /// One node of the tree, as the file names and kinds it.
    public struct WrittenNode {
        public let node: Node
        /// Its `name` in the file: its own when that is non-empty and unused by a node before it.
        public let name: String
        public let kind: NodeKind
    }

    /// The scene file, UTF-8 JSON as `SceneDecoder` reads it.
    public let bytes: [UInt8]
    /// Every node written, depth first (the root first).
    public let nodes: [WrittenNode]
}

/// Writes a live node tree as a scene file (behaviour.md §19.1): the screen an app shows, for
/// `touchstone replay`, `audit` and `check`. Nodes of an app's own classes are written as the
/// nearest built-in kind, with their frames, slop, touch area and state; what a scene cannot
/// say (layout rules, actions wired in code, a list's data source) is not written.
public enum SceneWriter {
    /// The scene of `root` in a window of `size` with `background`. `imagePath` turns an image
    /// node's file path into the one the file holds (the scene's folder resolves relative ones).
    public static func export(root: Node, size: Size, background: Color = Scene.defaultBackground,
                              imagePath: (String) -> String = { $0 }) -> SceneExport {
        var order: [Node] = []
        root.forEachInSubtree { order.append($0) }
        let names = uniqueNames(order)
        var written: [SceneExport.WrittenNode] = []
        written.reserveCapacity(order.count)
        var index = 0
        let rootValue = value(of: root, names: names, index: &index, written: &written, imagePath: imagePath)
        var scene: [(String, JSONValue)] = [("size", .array([.number(size.width), .number(size.height)]))]
        if background != Scene.defaultBackground { scene.append(("background", .string(background.hexString))) }
        scene.append(("root", rootValue))
        var bytes: [UInt8] = []
        JSONValue.object(scene).write(to: &bytes, indent: 0)
        bytes.append(UInt8(ascii: "\n"))
        return SceneExport(bytes: bytes, nodes: written)
    }

    /// The scene kind of `node`'s class: its own, or the nearest built-in one it derives from.
    /// An image that is not a file is written as the control it is.
    public static func kind(of node: Node) -> NodeKind {
        switch node {
        case is TextFieldNode: return .textField
        case let image as ImageNode: return image.filePath != nil ? .image : .control
        case is SliderNode: return .slider
        case is ToggleNode: return .toggle
        case is ButtonNode: return .button
        case is TextNode: return .text
        case is ControlNode: return .control
        case is ScrollNode: return .scroll
        default: return .node
        }
    }

    /// Names unique in the tree (`order` is depth first): the first node with a name keeps
    /// it; an empty or repeated one becomes `NAME-2`, `NAME-3`, … (`KIND-1`, … when empty),
    /// skipping names any node has.
    static func uniqueNames(_ order: [Node]) -> [String] {
        var used: Set<String> = []
        var keeps = [Bool](repeating: false, count: order.count)
        for (i, node) in order.enumerated() where !node.name.isEmpty {
            keeps[i] = used.insert(node.name).inserted
        }
        var next: [String: Int] = [:]
        return order.enumerated().map { i, node in
            if keeps[i] { return node.name }
            let base = node.name.isEmpty ? kind(of: node).rawValue : node.name
            var n = next[base] ?? (node.name.isEmpty ? 1 : 2)
            while used.contains("\(base)-\(n)") { n += 1 }
            next[base] = n + 1
            let name = "\(base)-\(n)"
            used.insert(name)
            return name
        }
    }

    /// One node's object and its subtree's; `index` is its place in the depth-first order.
    private static func value(of node: Node, names: [String], index: inout Int, written: inout [SceneExport.WrittenNode],
                              imagePath: (String) -> String) -> JSONValue {
        let kind = kind(of: node)
        let name = names[index]
        index += 1
        written.append(SceneExport.WrittenNode(node: node, name: name, kind: kind))
        // A node of the kind as the decoder makes it, whose values need no key.
        var keys = NodeKeys(standard: NodeDescription(kind: kind, name: RowText(name), frame: .zero).makeBareNode(row: nil))
        keys.add("name", .string(name))
        if kind != .node { keys.add("kind", .string(kind.rawValue)) }
        keys.add("frame", rect(node.frame))
        keys.addNodeKeys(of: node)
        if let shape = writtenShape(of: node, kind: kind) { keys.add("shape", shape) }
        if let control = node as? ControlNode { keys.addControlKeys(of: control) }
        switch node {
        case let scroll as ScrollNode: keys.addScrollKeys(of: scroll)
        case let field as TextFieldNode: keys.addTextFieldKeys(of: field)
        case let image as ImageNode: if let path = image.filePath { keys.addImageKeys(of: image, src: imagePath(path)) }
        case let slider as SliderNode: keys.add("value", .number(slider.value))
        case let text as TextNode: keys.addTextKeys(of: text)
        default: break
        }
        if !node.subnodes.isEmpty {
            let children = node.subnodes.map { value(of: $0, names: names, index: &index, written: &written, imagePath: imagePath) }
            keys.add("children", .array(children))
        }
        return .object(keys.members)
    }

    static func rect(_ r: Rect) -> JSONValue {
        .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    static func insets(_ e: EdgeInsets) -> JSONValue {
        .array([.number(e.top), .number(e.left), .number(e.bottom), .number(e.right)])
    }
}

extension ImageNode {
    /// The file the image comes from, if it comes from one.
    var filePath: String? {
        if case let .file(path) = source { return path }
        return nil
    }
}

/// A node object's members in the order the format lists them, leaving out the values a
/// node of its kind is made with (`standard`, as the decoder makes it).
struct NodeKeys {
    let standard: Node
    private(set) var members: [(String, JSONValue)] = []

    mutating func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    mutating func add(_ key: String, _ flag: Bool, unless standard: Bool) {
        if flag != standard { add(key, .bool(flag)) }
    }

    mutating func add(_ key: String, _ number: Double, unless standard: Double) {
        if number != standard { add(key, .number(number)) }
    }

    mutating func add(_ key: String, _ color: Color?, unless standard: Color? = nil) {
        if let color, color != standard { add(key, .string(color.hexString)) }
    }

    mutating func addNodeKeys(of node: Node) {
        if node.hitTestSlop != .zero { add("slop", SceneWriter.insets(node.hitTestSlop)) }
        add("hidden", node.isHidden, unless: standard.isHidden)
        add("alpha", node.alpha, unless: standard.alpha)
        add("interactive", node.isUserInteractionEnabled, unless: standard.isUserInteractionEnabled)
        add("clips", node.clipsToBounds, unless: standard.clipsToBounds)
        add("color", node.backgroundColor, unless: standard.backgroundColor)
        add("borderColor", node.borderColor, unless: standard.borderColor)
        add("borderWidth", node.borderWidth, unless: standard.borderWidth)
        if let label = node.label, label != standard.label { add("label", .string(label)) }
        add("labelColor", node.labelColor, unless: standard.labelColor)
        add("labelFontSize", node.labelFontSize, unless: standard.labelFontSize)
    }

    mutating func addControlKeys(of control: ControlNode) {
        guard let standard = standard as? ControlNode else { return }
        add("enabled", control.isEnabled, unless: standard.isEnabled)
        add("selected", control.isSelected, unless: standard.isSelected)
        add("dragTolerance", control.dragTolerance, unless: standard.dragTolerance)
        add("highlightedColor", control.highlightedColor, unless: standard.highlightedColor)
        add("disabledColor", control.disabledColor, unless: standard.disabledColor)
        add("selectedColor", control.selectedColor, unless: standard.selectedColor)
        add("labelHighlightedColor", control.labelHighlightedColor, unless: standard.labelHighlightedColor)
        add("labelSelectedColor", control.labelSelectedColor, unless: standard.labelSelectedColor)
        add("labelDisabledColor", control.labelDisabledColor, unless: standard.labelDisabledColor)
    }

    mutating func addScrollKeys(of scroll: ScrollNode) {
        if scroll.contentSize != scroll.frame.size {
            add("contentSize", .array([.number(scroll.contentSize.width), .number(scroll.contentSize.height)]))
        }
        if scroll.contentOffset != .zero {
            add("contentOffset", .array([.number(scroll.contentOffset.x), .number(scroll.contentOffset.y)]))
        }
        if scroll.contentInset != .zero { add("contentInset", SceneWriter.insets(scroll.contentInset)) }
        add("scrollEnabled", scroll.isScrollEnabled, unless: true)
        add("bounces", scroll.bounces, unless: true)
        add("alwaysBounceVertical", scroll.alwaysBounceVertical, unless: false)
        add("alwaysBounceHorizontal", scroll.alwaysBounceHorizontal, unless: false)
        add("delaysContentTouches", scroll.delaysContentTouches, unless: true)
        add("canCancelContentTouches", scroll.canCancelContentTouches, unless: true)
        add("cancelsControlTouches", scroll.cancelsControlTouches, unless: false)
        add("decelerationRate", scroll.decelerationRate, unless: ScrollNode.normalDecelerationRate)
        add("scrollSlop", scroll.scrollSlop, unless: ScrollNode.defaultScrollSlop)
        add("contentTouchDelay", scroll.contentTouchDelay, unless: ScrollNode.defaultContentTouchDelay)
    }

    mutating func addTextKeys(of text: TextNode) {
        if !text.text.isEmpty { add("text", .string(text.text)) }
        add("fontSize", text.fontSize, unless: TextNode.defaultFontSize)
        add("textColor", text.textColor, unless: .black)
        if text.alignment != .leading { add("alignment", .string(text.alignment.rawValue)) }
        if text.maximumLines != 0 { add("lines", .number(Double(text.maximumLines))) }
    }

    mutating func addTextFieldKeys(of field: TextFieldNode) {
        if !field.text.isEmpty { add("text", .string(field.text)) }
        if !field.placeholder.isEmpty { add("placeholder", .string(field.placeholder)) }
        add("secure", field.isSecureTextEntry, unless: false)
        if field.contentType != .text { add("contentType", .string(field.contentType.rawValue)) }
        if let maxLength = field.maxLength { add("maxLength", .number(Double(maxLength))) }
        add("fontSize", field.fontSize, unless: TextNode.defaultFontSize)
        add("textColor", field.textColor, unless: .black)
    }

    mutating func addImageKeys(of image: ImageNode, src: String) {
        add("src", .string(src))
        if image.contentMode != .aspectFill { add("contentMode", .string(image.contentMode.rawValue)) }
        add("cornerRadius", image.cornerRadius, unless: 0)
        add("placeholderColor", image.placeholderColor, unless: .clear)
        add("hitTestAlpha", image.hitTestAlpha, unless: false)
    }
}
