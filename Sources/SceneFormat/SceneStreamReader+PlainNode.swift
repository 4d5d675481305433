import NodeCore

/// Plain nodes read straight from their bytes: keys matched without making strings
/// (`PlainNodeKey`), values read in place into a description, no JSON values or lookups.
///
/// Only a node the general reading would accept in the very same form is made here; at
/// anything else (another kind, key or value type, a value out of range, an escape in a
/// key) the node is left to the general reading, which says what is wrong if anything is.
extension SceneStreamReader {
    /// The children a plain reading made before it left a node to the general reading, and
    /// the parser just after their array.
    struct MadeChildren {
        let nodes: [Node]
        let end: JSONParser
    }

    /// The plain node at the parser's position, `depth` deep, with its subtree; nil when the
    /// node is not plain (the parser is then anywhere in it, and `made` holds its children
    /// if they were made).
    mutating func readPlainNode(depth: Int, made: inout MadeChildren?) throws -> Node? {
        // Its values' items are two deeper: past that, the general reading checks depths.
        guard depth + 2 < JSONParser.maximumDepth, parser.isAt(UInt8(ascii: "{")) else { return nil }
        let line = parser.currentLine
        var d = NodeDescription(kind: .node, name: RowText(""), frame: .zero)
        var seen: UInt32 = 0
        var name: String?
        var frame: (Double, Double, Double, Double)?
        var children: [Node] = []
        if try parser.beginObject() {
            repeat {
                guard let bytes = parser.plainKey(), let key = PlainNodeKey(bytes), seen & key.bit == 0 else { return nil }
                seen |= key.bit
                switch key {
                case .name:
                    guard let text = try parser.stringValue() else { return nil }
                    name = text
                case .kind:
                    guard let kind = parser.plainString().flatMap(NodeKind.init(plain:)) else { return nil }
                    d.kind = kind
                case .frame:
                    guard let values = try parser.fourNumbers() else { return nil }
                    frame = values
                case .slop:
                    guard let s = try parser.fourNumbers(), Self.areCoordinates(s) else { return nil }
                    d.slop = EdgeInsets(top: s.0, left: s.1, bottom: s.2, right: s.3)
                case .hidden: guard let b = try parser.boolValue() else { return nil }; d.hidden = b
                case .interactive: guard let b = try parser.boolValue() else { return nil }; d.interactive = b
                case .clips: guard let b = try parser.boolValue() else { return nil }; d.clips = b
                case .enabled: guard let b = try parser.boolValue() else { return nil }; d.control.enabled = b
                case .selected: guard let b = try parser.boolValue() else { return nil }; d.control.selected = b
                case .alpha: guard let n = try number(in: 0...1) else { return nil }; d.alpha = n
                case .value: guard let n = try number(in: 0...1) else { return nil }; d.sliderValue = n
                case .borderWidth: guard let n = try number(in: FileLimits.lengths) else { return nil }; d.borderWidth = n
                case .dragTolerance:
                    guard let n = try number(in: FileLimits.lengths) else { return nil }
                    d.control.dragTolerance = n
                case .color: guard let c = color() else { return nil }; d.color = c
                case .borderColor: guard let c = color() else { return nil }; d.borderColor = c
                case .labelColor: guard let c = color() else { return nil }; d.labelColor = c
                case .labelFontSize: guard let n = try number(in: FileLimits.fontSizes) else { return nil }; d.labelFontSize = n
                case .highlightedColor: guard let c = color() else { return nil }; d.control.highlightedColor = c
                case .disabledColor: guard let c = color() else { return nil }; d.control.disabledColor = c
                case .selectedColor: guard let c = color() else { return nil }; d.control.selectedColor = c
                case .labelHighlightedColor:
                    guard let c = color() else { return nil }
                    d.control.labelHighlightedColor = c
                case .labelSelectedColor: guard let c = color() else { return nil }; d.control.labelSelectedColor = c
                case .labelDisabledColor: guard let c = color() else { return nil }; d.control.labelDisabledColor = c
                case .label:
                    guard let text = try parser.stringValue() else { return nil }
                    d.label = RowText(text)
                case .children:
                    guard parser.isAt(UInt8(ascii: "[")) else { return nil }
                    children = try readChildren(depth: depth + 1)
                    made = MadeChildren(nodes: children, end: parser)
                }
            } while try parser.endMember()
        }
        // What `describeOwnKeys` checks besides each value's type and range.
        guard let name, !name.isEmpty, let frame, frame.2 >= 0, frame.3 >= 0,
              Self.areCoordinates(frame),
              d.kind.isControl || seen & PlainNodeKey.controlKeys == 0,
              d.kind == .slider || seen & PlainNodeKey.value.bit == 0 else { return nil }
        try checkPlacement(of: children, laidOut: false)
        _ = names.add(name, line: line)
        d.name = RowText(name)
        d.frame = Rect(x: frame.0, y: frame.1, width: frame.2, height: frame.3)
        let node = d.makeBareNode(row: nil)
        for child in children { node.addSubnode(child) }
        return node
    }

    /// Whether all four are within `FileLimits.coordinates` (as a frame's and a slop's must be).
    private static func areCoordinates(_ values: (Double, Double, Double, Double)) -> Bool {
        let range = FileLimits.coordinates
        return range.contains(values.0) && range.contains(values.1) && range.contains(values.2) && range.contains(values.3)
    }

    /// The number next when it is one within `range`.
    private mutating func number(in range: ClosedRange<Double>) throws -> Double? {
        guard let n = try parser.numberValue(), range.contains(n) else { return nil }
        return n
    }

    /// The color next when it is a string that is one.
    private mutating func color() -> Color? {
        parser.plainString().flatMap(Color.init(hexUTF8:))
    }
}
