import Testing
@testable import NodeCore

// Layout test support: a fake text measurer, and a small indented notation for trees
// with their expected frames, in which the layout tests and the Yoga fixtures are written:
//
//     root: width 100; height 100; direction row => 0 0 100 100
//       a: grow 1 => 0 0 50 100
//       b: grow 1 => 50 0 50 100
//
// Each line is `name: declarations => x y width height` (the expected frame in parent
// coordinates; leave `=> ...` out to expect nothing). Keys are the scene keys of
// behaviour.md §15; `margin` and `padding` take one value or four (top left bottom right);
// `text N` gives a fake-measured text of N glyphs. A node with children or with a container
// key gets a `layout`.

/// Measures `TextNode` text and labels as glyphs of half the font size wide and 1.2 font
/// sizes tall per line, wrapping between words (words of 5 glyphs, a space between them),
/// with the baseline at 0.9 font sizes, and which wider offers give the same; counts the calls.
final class FakeMeasurer: LayoutMeasuring {
    var calls = 0

    func measure(_ node: Node, offeredWidth: Double?) -> LayoutMeasurement? {
        let text = (node as? TextNode)?.text ?? node.label ?? ""
        guard !text.isEmpty else { return nil }
        calls += 1
        let fontSize = (node as? TextNode)?.fontSize ?? TextNode.defaultFontSize
        let glyph = fontSize / 2
        let words = text.split(separator: " ").map { Double($0.count) * glyph }
        var lines = 1, line = 0.0, widest = 0.0
        for word in words {
            if line > 0, let offered = offeredWidth, line + glyph + word > offered + 1e-9 {
                lines += 1
                widest = max(widest, line)
                line = word
            } else {
                line += (line > 0 ? glyph : 0) + word
            }
        }
        widest = max(widest, line)
        // One word is one line at any offer; more fit unwrapped from their whole width on.
        let natural = words.reduce(0, +) + glyph * Double(words.count - 1)
        let sameFrom: Double? = words.count == 1 ? 0 : lines == 1 ? natural : nil
        return LayoutMeasurement(size: Size(width: widest, height: Double(lines) * fontSize * 1.2),
                                 firstBaseline: fontSize * 0.9, sameFromOfferedWidth: sameFrom)
    }
}

/// A parsed tree: its root, every node by name, and the expected frames.
struct LayoutTree {
    let root: Node
    let nodes: [String: Node]
    let expected: [(name: String, frame: Rect)]

    init(_ text: String) {
        var stack: [(indent: Int, node: Node)] = []
        var nodes: [String: Node] = [:]
        var expected: [(String, Rect)] = []
        var root: Node?
        for raw in text.split(separator: "\n") where !raw.allSatisfy({ $0 == " " }) {
            let indent = raw.prefix(while: { $0 == " " }).count
            let parts = raw.split(separator: "=>", maxSplits: 1)
            let head = parts[0].trimmingSpaces
            let name: String
            let declarations: Substring
            if let colon = head.firstIndex(of: ":") {
                name = String(head[..<colon])
                declarations = head[head.index(after: colon)...]
            } else {
                name = String(head)
                declarations = ""
            }
            let node: Node = declarations.contains("text") ? TextNode(name: name) : Node(name: name)
            LayoutTree.apply(declarations, to: node)
            if parts.count > 1 {
                let numbers = parts[1].split(separator: " ").compactMap { Double($0) }
                precondition(numbers.count == 4, "expected frame of \(name)")
                expected.append((name, Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            }
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            if let parent = stack.last?.node {
                if parent.layout == nil { parent.layout = FlexLayout() }
                parent.addSubnode(node)
            } else {
                root = node
            }
            stack.append((indent, node))
            nodes[name] = node
        }
        self.root = root!
        self.nodes = nodes
        self.expected = expected
    }

    subscript(name: String) -> Node { nodes[name]! }

    /// Lays the tree out as Yoga lays out a root: at its own size (its style's, else its content's).
    @discardableResult
    func layOut(measurer: (any LayoutMeasuring)? = FakeMeasurer()) -> LayoutTree {
        let size = root.layoutThatFits(.unconstrained, measurer: measurer)
        root.layoutIfNeeded(size: size, measurer: measurer)
        return self
    }

    /// The frames that differ from the expected ones, as readable lines (empty when all match).
    var mismatches: [String] {
        expected.compactMap { name, frame in
            let actual = nodes[name]!.frame
            return actual == frame ? nil : "\(name): \(actual) expected \(frame)"
        }
    }

    /// Lays out and checks every expected frame.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        layOut()
        #expect(mismatches == [], sourceLocation: sourceLocation)
    }

    static func apply(_ declarations: Substring, to node: Node) {
        for declaration in declarations.split(separator: ";") {
            let words = declaration.split(separator: " ").map(String.init)
            guard let key = words.first else { continue }
            let values = Array(words.dropFirst())
            set(key, values, on: node)
        }
    }

    private static func dimension(_ word: String) -> LayoutDimension {
        if word == "auto" { return .auto }
        if word.hasSuffix("%") { return .percent(Double(word.dropLast())!) }
        return .points(Double(word)!)
    }

    private static func edges(_ values: [String]) -> LayoutEdges {
        let d = values.map(dimension)
        return d.count == 1 ? LayoutEdges(all: d[0]) : LayoutEdges(top: d[0], left: d[1], bottom: d[2], right: d[3])
    }

    private static func container(_ node: Node, _ change: (inout FlexLayout) -> Void) {
        var layout = node.layout ?? FlexLayout()
        change(&layout)
        node.layout = layout
    }

    // swiftlint:disable:next cyclomatic_complexity
    private static func set(_ key: String, _ values: [String], on node: Node) {
        let value = values.first ?? ""
        switch key {
        case "width": node.style.width = dimension(value)
        case "height": node.style.height = dimension(value)
        case "minWidth": node.style.minWidth = dimension(value)
        case "maxWidth": node.style.maxWidth = dimension(value)
        case "minHeight": node.style.minHeight = dimension(value)
        case "maxHeight": node.style.maxHeight = dimension(value)
        case "grow": node.style.grow = Double(value)!
        case "shrink": node.style.shrink = Double(value)!
        case "basis": node.style.basis = dimension(value)
        case "alignSelf": node.style.alignSelf = AlignItems(rawValue: value)!
        case "margin": node.style.margin = edges(values)
        case "marginLeft": node.style.margin.left = dimension(value)
        case "marginRight": node.style.margin.right = dimension(value)
        case "marginTop": node.style.margin.top = dimension(value)
        case "marginBottom": node.style.margin.bottom = dimension(value)
        case "position": node.style.position = LayoutPosition(rawValue: value)!
        case "left": node.style.left = dimension(value)
        case "top": node.style.top = dimension(value)
        case "right": node.style.right = dimension(value)
        case "bottom": node.style.bottom = dimension(value)
        case "start": node.style.start = dimension(value)
        case "end": node.style.end = dimension(value)
        case "aspectRatio": node.style.aspectRatio = Double(value)!
        case "display": node.style.display = LayoutDisplay(rawValue: value)!
        case "hidden": node.isHidden = true
        case "text": (node as! TextNode).text = Array(repeating: "aaaaa", count: Int(value)! / 5).joined(separator: " ")
        case "fontSize": (node as! TextNode).fontSize = Double(value)!
        case "direction": container(node) { $0.direction = FlexDirection(rawValue: value)! }
        case "justify": container(node) { $0.justifyContent = JustifyContent(rawValue: value)! }
        case "alignItems": container(node) { $0.alignItems = AlignItems(rawValue: value)! }
        case "alignContent": container(node) { $0.alignContent = AlignContent(rawValue: value)! }
        case "wrap": container(node) { $0.wrap = FlexWrap(rawValue: value)! }
        case "gap": container(node) { $0.gap = Double(value)! }
        case "rowGap": container(node) { $0.rowGap = Double(value)! }
        case "columnGap": container(node) { $0.columnGap = Double(value)! }
        case "writingDirection": container(node) { $0.writingDirection = WritingDirection(rawValue: value)! }
        case "padding":
            let p = values.map { Double($0)! }
            container(node) {
                $0.padding = p.count == 1 ? EdgeInsets(all: p[0]) : EdgeInsets(top: p[0], left: p[1], bottom: p[2], right: p[3])
            }
        default: preconditionFailure("unknown key \(key)")
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
