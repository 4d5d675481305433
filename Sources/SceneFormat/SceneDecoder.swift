import NodeCore

/// Decodes scene files (behaviour.md §7.1) into node trees, rejecting anything malformed
/// with a `FormatError` naming the file, line and key.
public enum SceneDecoder {
    static let sceneKeys = ["size", "background", "root"]
    static let nodeKeys = ["name", "kind", "frame", "slop", "hidden", "alpha", "interactive", "clips",
                           "color", "borderColor", "borderWidth", "label", "labelColor", "shape", "children"]
    static let controlKeys = ["enabled", "selected", "dragTolerance", "highlightedColor",
                              "disabledColor", "selectedColor"]
    static let sliderKeys = ["value"]

    /// Decodes `bytes`; `file` names the source in error messages.
    public static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> Scene {
        let json: JSONNode
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FormatError(file: file, line: error.line, key: nil, message: error.message)
        }
        var reader = try ObjectReader(json, file: file, path: "")
        let size = try reader.required("size") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.numbers(k, names: ["width", "height"])
        }
        try checkSize(size, reader)
        let background = try reader.color("background") ?? Scene.defaultBackground
        guard let rootJSON = reader.raw("root") else { throw reader.fail("root", "required key is missing", line: reader.line) }
        try reader.finish(allowed: sceneKeys.joined(separator: ", "))
        var names: [String: Int] = [:]
        let root = try decodeNode(rootJSON, file: file, path: "root", names: &names)
        try checkRowNames(in: root, against: names)
        var scene = Scene(size: Size(width: size[0], height: size[1]), background: background, root: root)
        scene.sizeLine = reader.memberLine("size") ?? reader.line
        return scene
    }

    static func decodeNode(_ json: JSONNode, file: String, path: String,
                                   names: inout [String: Int]) throws(FormatError) -> Node {
        var r = try ObjectReader(json, file: file, path: path)
        let name = try r.required("name") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
        guard !name.isEmpty else { throw r.fail("name", "must not be empty") }
        if let firstLine = names[name] {
            throw r.fail("name", "'\(name)' is already used by the node on line \(firstLine); names must be unique")
        }
        names[name] = r.line
        let kindText = try r.choice("kind", NodeKind.allCases.map(\.rawValue)) ?? NodeKind.node.rawValue
        let kind = NodeKind(rawValue: kindText)!

        let frame = try r.required("frame") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.numbers(k, names: ["x", "y", "width", "height"])
        }
        guard frame[2] >= 0, frame[3] >= 0 else {
            throw r.fail("frame", "width and height must not be negative, got \(ObjectReader.format(frame[2])) × \(ObjectReader.format(frame[3]))")
        }
        try checkCoordinates(frame, names: ["x", "y", "width", "height"], key: "frame", r)

        let node: Node
        switch kind {
        case .node: node = Node(name: name)
        case .control: node = ControlNode(name: name)
        case .button: node = ButtonNode(name: name)
        case .toggle: node = ToggleNode(name: name)
        case .slider: node = SliderNode(name: name)
        case .scroll: node = ScrollNode(name: name)
        case .list: node = try makeList(&r, name: name, path: path)
        case .text: node = TextNode(name: name)
        }
        node.frame = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
        if let slop = try r.numbers("slop", names: ["top", "left", "bottom", "right"],
                                    in: Array(repeating: FileLimits.coordinates, count: 4)) {
            node.hitTestSlop = EdgeInsets(top: slop[0], left: slop[1], bottom: slop[2], right: slop[3])
        }
        if let hidden = try r.bool("hidden") { node.isHidden = hidden }
        if let alpha = try r.number("alpha", in: 0...1) { node.alpha = alpha }
        if let interactive = try r.bool("interactive") { node.isUserInteractionEnabled = interactive }
        if let clips = try r.bool("clips") { node.clipsToBounds = clips }
        if let color = try r.color("color") { node.backgroundColor = color }
        if let color = try r.color("borderColor") { node.borderColor = color }
        if let width = try r.number("borderWidth", in: FileLimits.lengths) { node.borderWidth = width }
        if let label = try r.string("label") { node.label = label }
        if let color = try r.color("labelColor") { node.labelColor = color }
        if let shape = try r.hitShape("shape") { node.hitShape = shape }

        if let control = node as? ControlNode {
            if let enabled = try r.bool("enabled") { control.isEnabled = enabled }
            if let selected = try r.bool("selected") { control.isSelected = selected }
            if let tolerance = try r.number("dragTolerance", in: FileLimits.lengths) { control.dragTolerance = tolerance }
            if let c = try r.color("highlightedColor") { control.highlightedColor = c }
            if let c = try r.color("disabledColor") { control.disabledColor = c }
            if let c = try r.color("selectedColor") { control.selectedColor = c }
        }
        if let scroll = node as? ScrollNode {
            try readScrollKeys(&r, into: scroll)
            if let list = node as? ListNode { try readListKeys(&r, into: list, path: path) }
        } else if let key = scrollKeys.first(where: { r.has($0) }) {
            throw r.fail(key, "only scroll nodes have '\(key)' (this node's kind is '\(kind.rawValue)')")
        }
        try decodeText(&r, into: node, kind: kind)
        if let slider = node as? SliderNode, let value = try r.number("value", in: 0...1) {
            slider.value = value
        }
        for key in controlKeys where !kind.isControl && r.has(key) {
            throw r.fail(key, "only controls have '\(key)' (this node's kind is '\(kind.rawValue)')")
        }
        if kind != .slider, r.has("value") {
            throw r.fail("value", "only sliders have 'value' (this node's kind is '\(kind.rawValue)')")
        }

        if let children = r.raw("children") {
            guard case .array(let items) = children.value else {
                throw r.fail("children", "expected an array of nodes, got \(children.typeName)")
            }
            for (i, item) in items.enumerated() {
                node.addSubnode(try decodeNode(item, file: file, path: "\(path).children[\(i)]", names: &names))
            }
        }
        var allowed = nodeKeys
        if kind.isControl { allowed += controlKeys }
        if kind == .slider { allowed += sliderKeys }
        if kind == .scroll || kind == .list { allowed += scrollKeys }
        if kind == .list { allowed += listKeys }
        if kind == .text { allowed += textKeys }
        try r.finish(allowed: allowed.joined(separator: ", "))
        return node
    }

    /// The window must fit a canvas at scale 1 (see `FileLimits`).
    private static func checkSize(_ size: [Double], _ reader: ObjectReader) throws(FormatError) {
        let shown = "[\(ObjectReader.format(size[0])), \(ObjectReader.format(size[1]))]"
        let side = FileLimits.maximumSceneSide
        guard size[0] > 0, size[1] > 0, size[0] <= side, size[1] <= side else {
            throw reader.fail("size", "width and height must be more than 0 and at most \(ObjectReader.format(side)) points, got \(shown)")
        }
        guard size[0] * size[1] <= FileLimits.maximumSceneArea else {
            throw reader.fail("size", "\(shown) is \(ObjectReader.format(size[0] * size[1])) square points, more than the \(ObjectReader.format(FileLimits.maximumSceneArea)) a window may have")
        }
    }

    /// Frame values stay within `FileLimits.maximumCoordinate`; the line is the key's (the
    /// decoder checks the signs first, with its own message).
    private static func checkCoordinates(_ values: [Double], names: [String], key: String,
                                         _ r: ObjectReader) throws(FormatError) {
        for (value, name) in zip(values, names) where !FileLimits.coordinates.contains(value) {
            let limit = ObjectReader.format(FileLimits.maximumCoordinate)
            throw r.fail(key, "\(name) \(ObjectReader.format(value)) is out of range -\(limit)...\(limit)")
        }
    }
}
