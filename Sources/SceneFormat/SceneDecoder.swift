import NodeCore

/// Decodes scene files (behaviour.md §7.1) into node trees, rejecting anything malformed
/// with a `FormatError` naming the file, line and key.
public enum SceneDecoder {
    static let sceneKeys = ["size", "background", "root", "minSize"]
    static let nodeKeys = ["name", "kind", "frame", "slop", "hidden", "alpha", "interactive", "clips",
                           "color", "borderColor", "borderWidth", "label", "labelColor", "labelFontSize", "shape", "children",
                           "layout", "contentInsets"]
    static let controlKeys = ["enabled", "selected", "dragTolerance", "highlightedColor",
                              "disabledColor", "selectedColor", "labelHighlightedColor", "labelSelectedColor",
                              "labelDisabledColor"]
    static let sliderKeys = ["value"]
    // Arguments of every node's reads, made once rather than per node.
    static let frameNames = ["x", "y", "width", "height"]
    static let slopNames = ["top", "left", "bottom", "right"]
    static let slopRanges = Array(repeating: FileLimits.coordinates, count: 4)

    /// Decodes `bytes`; `file` names the source in error messages.
    ///
    /// A valid scene is read in one pass, its nodes made as their objects end
    /// (`SceneStreamReader`). When that pass fails, the file is read again as a JSON tree
    /// and then key by key, which reports the first fault as the format defines it
    /// (syntax before meaning, a node's own keys before its children's).
    public static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> Scene {
        if let scene = bytes.withUnsafeBufferPointer({ SceneStreamReader.scene(in: $0, file: file) }) { return scene }
        return try decodeTree(bytes, file: file)
    }

    /// Decodes `bytes` as a JSON tree read key by key: slower than the stream, and the
    /// reading whose first fault is the one the format reports.
    static func decodeTree(_ bytes: [UInt8], file: String) throws(FormatError) -> Scene {
        let json: JSONNode
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FormatError(file: file, line: error.line, key: nil, message: error.message)
        }
        var reader = try ObjectReader(json, file: file, path: "")
        let keys = try readSceneKeys(&reader)
        var names: [String: Int] = [:]
        var lists: [ListNode] = []
        let root = try decodeNode(keys.root, file: file, path: "root", placement: .root, names: &names, lists: &lists)
        return try makeScene(keys, root: root, names: names, lists: lists, reader)
    }

    /// The scene object's own keys, with its root still JSON.
    struct SceneKeys {
        var size: Size
        var background: Color
        var minimumSize: Size?
        var root: JSONNode
    }

    /// The scene object's own keys: its size, background and minimum size, and the raw root.
    static func readSceneKeys(_ reader: inout ObjectReader) throws(FormatError) -> SceneKeys {
        let size = try reader.required("size") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.numbers(k, names: ["width", "height"])
        }
        try checkSize(size, reader)
        let background = try reader.color("background") ?? Scene.defaultBackground
        guard let rootJSON = reader.raw("root") else { throw reader.fail("root", "required key is missing", line: reader.line) }
        let side = 0 ... FileLimits.maximumSceneSide
        let minimum = try reader.numbers("minSize", names: ["width", "height"], in: [side, side])
        try reader.finish(allowed: sceneKeys.joined(separator: ", "))
        return SceneKeys(size: Size(width: size[0], height: size[1]), background: background,
                         minimumSize: minimum.map { Size(width: $0[0], height: $0[1]) }, root: rootJSON)
    }

    /// The scene of a decoded root, once the names of its nodes are checked against its lists' rows.
    static func makeScene(_ keys: SceneKeys, root: Node, names: some NodeNames, lists: [ListNode],
                          _ reader: ObjectReader) throws(FormatError) -> Scene {
        try checkRowNames(of: lists, against: names)
        try bindFilters(of: lists, in: root)
        var scene = Scene(size: keys.size, background: keys.background, root: root)
        scene.minimumSize = keys.minimumSize
        scene.sizeLine = reader.memberLine("size") ?? reader.line
        return scene
    }

    /// Decodes one node and its subtree. Its own keys are read into a description first
    /// (the same reading a row template gets, `describeNode`), then its children.
    static func decodeNode(_ json: JSONNode, file: String, path: ObjectPath, placement: LayoutPlacement = .framed,
                           names: inout [String: Int]) throws(FormatError) -> Node {
        var lists: [ListNode] = []
        return try decodeNode(json, file: file, path: path, placement: placement, names: &names, lists: &lists)
    }

    /// `decodeNode`, collecting the subtree's lists in the order of the file.
    static func decodeNode(_ json: JSONNode, file: String, path: ObjectPath, placement: LayoutPlacement,
                           names: inout [String: Int], lists: inout [ListNode]) throws(FormatError) -> Node {
        var r = try ObjectReader(json, file: file, at: path)
        return try makeNode(&r, placement: placement, names: &names, lists: &lists) {
            (items, laidOut, names, lists) throws(FormatError) in
            var children: [Node] = []
            children.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                children.append(try decodeNode(item, file: file, path: .child(path, i), placement: laidOut ? .laidOut : .framed,
                                               names: &names, lists: &lists))
            }
            return children
        }.node
    }

    /// The node `r` reads placed as `placement` says, with the subnodes `children` makes of
    /// the items of its `children` key (told whether the node lays them out; a streaming
    /// reader has made them already), and what its keys said about its placement; a list is
    /// added to `lists`.
    static func makeNode<Names: NodeNames>(_ r: inout ObjectReader, placement: LayoutPlacement, names: inout Names,
                                           lists: inout [ListNode],
                                           children: ([JSONNode], Bool, inout Names, inout [ListNode]) throws(FormatError) -> [Node])
        throws(FormatError) -> (node: Node, facts: PlacementFacts) {
        let description = try describeOwnKeys(&r, placement: placement, names: &names)
        let node = description.makeBareNode(row: nil)
        if description.kind == .list { lists.append(node.madeAs(ListNode.self)) }
        if let items = try childItems(&r) {
            for child in try children(items, description.layout != nil, &names, &lists) { node.addSubnode(child) }
        }
        try r.finish(allowed: allowedKeys(description.kind, placement: placement))
        return (node, description.placementFacts)
    }

    /// Reads and checks one node and its subtree into a description (a row template's
    /// nodes: made again for every row), with the errors `decodeNode` gives.
    static func describeNode(_ json: JSONNode, file: String, path: ObjectPath, placement: LayoutPlacement = .framed,
                             names: inout [String: Int]) throws(FormatError) -> NodeDescription {
        var r = try ObjectReader(json, file: file, at: path)
        var description = try describeOwnKeys(&r, placement: placement, names: &names)
        if let items = try childItems(&r) {
            description.children.reserveCapacity(items.count)
            let childPlacement: LayoutPlacement = description.layout != nil ? .laidOut : .framed
            for (i, item) in items.enumerated() {
                description.children.append(try describeNode(item, file: file, path: .child(path, i), placement: childPlacement,
                                                              names: &names))
            }
        }
        try r.finish(allowed: allowedKeys(description.kind, placement: placement))
        return description
    }

    /// Every key of a node but `children`, in the order they have always been read (so a
    /// file with several faults reports the same one first).
    private static func describeOwnKeys(_ r: inout ObjectReader, placement: LayoutPlacement,
                                        names: inout some NodeNames) throws(FormatError) -> NodeDescription {
        let name = try r.required("name") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
        guard !name.isEmpty else { throw r.fail("name", "must not be empty") }
        // One lookup: the first node's line comes back if the name was taken.
        if let firstLine = names.add(name, line: r.line) {
            throw r.fail("name", "'\(name)' is already used by the node on line \(firstLine); names must be unique")
        }
        var kind = NodeKind.node
        if let text = try r.string("kind") {
            // What `choice` says, without comparing the text with every name first.
            guard let named = NodeKind(rawValue: text) else {
                throw r.fail("kind", "'\(text)' is not one of \(NodeKind.names.joined(separator: ", "))")
            }
            kind = named
        }

        let layout = try readContainer(&r)
        let frame = try readFrame(&r, placement: placement, hasLayout: layout != nil)

        var d = NodeDescription(kind: kind, name: RowText(name), frame: frame ?? .zero)
        d.hasFrame = frame != nil
        d.layout = layout
        var rows: ObjectReader?
        if kind == .list {
            let (list, reader) = try readListShape(&r)
            d.list = list
            rows = reader
        }
        if let slop = try r.numbers("slop", names: slopNames, in: slopRanges) {
            d.slop = EdgeInsets(top: slop[0], left: slop[1], bottom: slop[2], right: slop[3])
        }
        d.hidden = try r.bool("hidden")
        d.alpha = try r.number("alpha", in: 0...1)
        d.interactive = try r.bool("interactive")
        d.clips = try r.bool("clips")
        d.color = try r.color("color")
        d.borderColor = try r.color("borderColor")
        d.borderWidth = try r.number("borderWidth", in: FileLimits.lengths)
        d.label = try r.string("label").map { RowText($0, takesRowText: true) }
        d.labelColor = try r.color("labelColor")
        d.labelFontSize = try r.number("labelFontSize", in: FileLimits.fontSizes)
        d.shape = try r.hitShape("shape")

        if kind.isControl {
            d.control.enabled = try r.bool("enabled")
            d.control.selected = try r.bool("selected")
            d.control.dragTolerance = try r.number("dragTolerance", in: FileLimits.lengths)
            d.control.highlightedColor = try r.color("highlightedColor")
            d.control.disabledColor = try r.color("disabledColor")
            d.control.selectedColor = try r.color("selectedColor")
            d.control.labelHighlightedColor = try r.color("labelHighlightedColor")
            d.control.labelSelectedColor = try r.color("labelSelectedColor")
            d.control.labelDisabledColor = try r.color("labelDisabledColor")
        }
        if kind == .scroll || kind == .list {
            d.scroll = try readScrollKeys(&r, kind: kind, hasLayout: layout != nil)
            if kind == .list { try readListKeys(&r, rows: &rows!, into: &d.list!) }
        } else if let key = r.firstUnread(of: scrollKeys) {
            throw r.fail(key, "only scroll nodes have '\(key)' (this node's kind is '\(kind.rawValue)')")
        }
        // Before the text node's keys: a text field has `text` (and a font) of its own.
        d.textField = try readTextFieldKeys(&r, kind: kind)
        d.text = try readTextKeys(&r, kind: kind)
        d.image = try readImageKeys(&r, kind: kind)
        if kind == .slider { d.sliderValue = try r.number("value", in: 0...1) }
        if !kind.isControl, let key = r.firstUnread(of: controlKeys) {
            throw r.fail(key, "only controls have '\(key)' (this node's kind is '\(kind.rawValue)')")
        }
        if kind != .slider, r.has("value") {
            throw r.fail("value", "only sliders have 'value' (this node's kind is '\(kind.rawValue)')")
        }
        d.style = try readItemKeys(&r, placement: placement)
        d.contentInsets = try readContentInsets(&r)
        return d
    }

    /// The nodes of `children`, if the key is there.
    private static func childItems(_ r: inout ObjectReader) throws(FormatError) -> [JSONNode]? {
        guard let children = r.raw("children") else { return nil }
        guard case .array(let items) = children.value else {
            throw r.fail("children", "expected an array of nodes, got \(children.typeName)")
        }
        return items
    }

    /// The keys a node of `kind` may have, for the message about an unknown one.
    private static func allowedKeys(_ kind: NodeKind, placement: LayoutPlacement) -> String {
        var allowed = nodeKeys
        if placement == .laidOut || placement == .unknown || placement == .selfSizingRow { allowed += itemKeys }
        if kind.isControl { allowed += controlKeys }
        if kind == .slider { allowed += sliderKeys }
        if kind == .scroll || kind == .list { allowed += scrollKeys }
        if kind == .list { allowed += listKeys }
        if kind == .text { allowed += textKeys }
        if kind == .textField { allowed += textFieldKeys }
        if kind == .image { allowed += imageKeys }
        return allowed.joined(separator: ", ")
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
    static func checkCoordinates(_ values: [Double], names: [String], key: String,
                                         _ r: ObjectReader) throws(FormatError) {
        for (value, name) in zip(values, names) where !FileLimits.coordinates.contains(value) {
            let limit = ObjectReader.format(FileLimits.maximumCoordinate)
            throw r.fail(key, "\(name) \(ObjectReader.format(value)) is out of range -\(limit)...\(limit)")
        }
    }
}
