import NodeCore

/// Where a node stands towards layout (behaviour.md §15.1): whether it may, must or must
/// not have a `frame` and the item keys.
enum LayoutPlacement {
    /// A child of a node without `layout`: `frame` is required, item keys are errors.
    case framed
    /// A child of a node with `layout`: the layout places it, so `frame` is an error.
    case laidOut
    /// The scene's root: it fills the window with `layout` (no `frame`), else keeps its frame.
    case root
    /// The root of a self-sizing list row's template (`rows.extent: "auto"`): the list sizes
    /// and places it, so `frame` is an error; item keys bound its size.
    case selfSizingRow
    /// Not known yet (the stream reads children before their parent's `layout`): both are
    /// read, and the parent checks them once its own keys are read.
    case unknown
}

/// What a node's keys said about its placement, for a parent read after it.
struct PlacementFacts: Equatable {
    var hasFrame: Bool
    var hasItemKeys: Bool

    /// What a child of a node without `layout` (and a root without it) must be.
    static let framed = PlacementFacts(hasFrame: true, hasItemKeys: false)

    /// Whether a child with these facts fits a parent with (`laidOut`) or without `layout`.
    func fitsChild(ofLaidOut laidOut: Bool) -> Bool {
        laidOut ? !hasFrame : self == .framed
    }

    /// Whether a root with these facts and (`laidOut`) or without `layout` is valid.
    func fitsRoot(laidOut: Bool) -> Bool {
        laidOut ? !hasFrame && !hasItemKeys : self == .framed
    }
}

extension SceneDecoder {
    /// The keys of a `layout` object (a container's).
    static let containerKeys = ["direction", "justifyContent", "alignItems", "alignContent", "wrap", "padding",
                                "gap", "rowGap", "columnGap", "writingDirection"]
    /// The keys of a laid-out child.
    static let itemKeys = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "grow", "shrink",
                           "basis", "alignSelf", "margin", "position", "left", "top", "right", "bottom", "start", "end",
                           "aspectRatio", "display"]

    /// The node's `layout` object, if it has one.
    static func readContainer(_ r: inout ObjectReader) throws(FormatError) -> FlexLayout? {
        guard let raw = r.raw("layout") else { return nil }
        var c = try ObjectReader(raw, file: r.file, path: r.keyPath("layout"))
        var layout = FlexLayout()
        if let value = try c.keyword("direction", FlexDirection.self) { layout.direction = value }
        if let value = try c.keyword("justifyContent", JustifyContent.self) { layout.justifyContent = value }
        if let value = try c.keyword("alignItems", AlignItems.self) { layout.alignItems = value }
        if let value = try c.keyword("alignContent", AlignContent.self) { layout.alignContent = value }
        if let value = try c.keyword("wrap", FlexWrap.self) { layout.wrap = value }
        if let value = try c.padding("padding") { layout.padding = value }
        if let value = try c.number("gap", in: FileLimits.lengths) { layout.gap = value }
        layout.rowGap = try c.number("rowGap", in: FileLimits.lengths)
        layout.columnGap = try c.number("columnGap", in: FileLimits.lengths)
        if let value = try c.keyword("writingDirection", WritingDirection.self) { layout.writingDirection = value }
        try c.finish(allowed: containerKeys.joined(separator: ", "))
        return layout
    }

    /// The `frame` as `placement` allows it: nil when the layout places the node.
    static func readFrame(_ r: inout ObjectReader, placement: LayoutPlacement, hasLayout: Bool) throws(FormatError) -> Rect? {
        switch placement {
        case .laidOut:
            if r.has("frame") {
                throw r.fail("frame", "its parent's 'layout' places this node; remove 'frame' (size it with width, height, grow, ...)")
            }
            return nil
        case .selfSizingRow:
            if r.has("frame") {
                throw r.fail("frame", "rows of extent \"auto\" are sized and placed by the list; remove 'frame'")
            }
            return nil
        case .root where hasLayout:
            if r.has("frame") { throw r.fail("frame", "a root with 'layout' fills the window (the scene's 'size'); remove 'frame'") }
            return nil
        case .unknown where !r.has("frame"):
            return nil
        case .framed, .root, .unknown:
            break
        }
        let frame = try r.required("frame") { (r: inout ObjectReader, k: String) throws(FormatError) in
            try r.numbers(k, names: frameNames)
        }
        guard frame[2] >= 0, frame[3] >= 0 else {
            throw r.fail("frame", "width and height must not be negative, got \(ObjectReader.format(frame[2])) × \(ObjectReader.format(frame[3]))")
        }
        try checkCoordinates(frame, names: frameNames, key: "frame", r)
        return Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
    }

    /// The item keys of a laid-out child (nil when it has none), or an error naming the
    /// first of them on a node no layout places.
    static func readItemKeys(_ r: inout ObjectReader, placement: LayoutPlacement) throws(FormatError) -> LayoutStyle? {
        switch placement {
        case .framed, .root:
            if let key = r.firstUnread(of: itemKeys) {
                let whose = placement == .root ? "the root has no parent" : "its parent has no 'layout'"
                throw r.fail(key, "only children of a node with 'layout' have '\(key)' (\(whose))")
            }
            return nil
        case .laidOut, .unknown, .selfSizingRow:
            guard r.firstUnread(of: itemKeys) != nil else { return nil }
        }
        var s = LayoutStyle()
        if let value = try r.length("width", .size) { s.width = value }
        if let value = try r.length("height", .size) { s.height = value }
        if let value = try r.length("minWidth", .size) { s.minWidth = value }
        if let value = try r.length("maxWidth", .size) { s.maxWidth = value }
        if let value = try r.length("minHeight", .size) { s.minHeight = value }
        if let value = try r.length("maxHeight", .size) { s.maxHeight = value }
        if let value = try r.number("grow", in: flexFactors) { s.grow = value }
        if let value = try r.number("shrink", in: flexFactors) { s.shrink = value }
        if let value = try r.length("basis", .size) { s.basis = value }
        if r.has("alignSelf") {
            let choices = ["auto"] + AlignItems.allCases.map(\.rawValue)
            let text = try r.choice("alignSelf", choices)
            s.alignSelf = text.flatMap(AlignItems.init(rawValue:))
        }
        if let value = try r.edges("margin", .margin) { s.margin = value }
        if let value = try r.keyword("position", LayoutPosition.self) { s.position = value }
        if let value = try r.length("left", .inset) { s.left = value }
        if let value = try r.length("top", .inset) { s.top = value }
        if let value = try r.length("right", .inset) { s.right = value }
        if let value = try r.length("bottom", .inset) { s.bottom = value }
        if let value = try r.length("start", .inset) { s.start = value }
        if let value = try r.length("end", .inset) { s.end = value }
        if let ratio = try r.number("aspectRatio") {
            guard ratio > 0, ratio <= FileLimits.maximumCoordinate else {
                throw r.fail("aspectRatio", "must be more than 0 (width / height), got \(ObjectReader.format(ratio))")
            }
            s.aspectRatio = ratio
        }
        if let value = try r.keyword("display", LayoutDisplay.self) { s.display = value }
        return s
    }

    /// `grow` and `shrink`: factors from 0 (no flexing) up.
    static let flexFactors = 0 ... FileLimits.maximumCoordinate

    /// `contentInsets`: the space around a leaf's measured content, in points.
    static func readContentInsets(_ r: inout ObjectReader) throws(FormatError) -> EdgeInsets? {
        guard let insets = try r.numbers("contentInsets", names: slopNames, in: contentInsetRanges) else { return nil }
        return EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
    }

    static let contentInsetRanges = Array(repeating: FileLimits.lengths, count: 4)
}
