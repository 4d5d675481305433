import NodeCore

/// The scene keys of `kind: "scroll"` (behaviour.md §9.8), kept apart so that kinds built on
/// `ScrollNode` (lists) read the same keys the same way.
extension SceneDecoder {
    static let scrollKeys = ["contentSize", "contentOffset", "contentInset", "scrollEnabled", "bounces",
                             "alwaysBounceVertical", "alwaysBounceHorizontal", "delaysContentTouches",
                             "canCancelContentTouches", "cancelsControlTouches", "decelerationRate",
                             "scrollSlop", "contentTouchDelay", "scrollableDirections"]

    /// Reads every scroll key present.
    static func readScrollKeys(_ r: inout ObjectReader, kind: NodeKind, hasLayout: Bool) throws(FormatError) -> NodeDescription.ScrollKeys {
        var keys = NodeDescription.ScrollKeys()
        if let size = try r.numbers("contentSize", names: ["width", "height"]) {
            guard size[0] >= 0, size[1] >= 0 else {
                throw r.fail("contentSize", "width and height must not be negative, got \(ObjectReader.format(size[0])) × \(ObjectReader.format(size[1]))")
            }
            keys.contentSize = Size(width: size[0], height: size[1])
        }
        if let offset = try r.numbers("contentOffset", names: ["x", "y"]) {
            keys.contentOffset = Point(x: offset[0], y: offset[1])
        }
        if let inset = try r.numbers("contentInset", names: ["top", "left", "bottom", "right"]) {
            keys.contentInset = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        }
        keys.scrollEnabled = try r.bool("scrollEnabled")
        keys.bounces = try r.bool("bounces")
        keys.alwaysBounceVertical = try r.bool("alwaysBounceVertical")
        keys.alwaysBounceHorizontal = try r.bool("alwaysBounceHorizontal")
        keys.delaysContentTouches = try r.bool("delaysContentTouches")
        keys.canCancelContentTouches = try r.bool("canCancelContentTouches")
        keys.cancelsControlTouches = try r.bool("cancelsControlTouches")
        if let rate = r.raw("decelerationRate") {
            switch rate.value {
            case .string("normal"): keys.decelerationRate = ScrollNode.normalDecelerationRate
            case .string("fast"): keys.decelerationRate = ScrollNode.fastDecelerationRate
            case .number(let n) where n > 0 && n < 1: keys.decelerationRate = n
            case .number(let n):
                throw r.fail("decelerationRate", "must be between 0 and 1 (exclusive) per ms, got \(ObjectReader.format(n))")
            default:
                throw r.fail("decelerationRate", "expected a number or \"normal\" or \"fast\", got \(rate.typeName)")
            }
        }
        keys.scrollSlop = try r.number("scrollSlop", in: 0...Double.greatestFiniteMagnitude)
        keys.contentTouchDelay = try r.number("contentTouchDelay", in: 0...Double.greatestFiniteMagnitude)
        // Only content the layout sizes has directions to grow along (behaviour.md §15.2).
        if let directions = try r.keyword("scrollableDirections", ScrollableDirections.self) {
            if kind == .list { throw r.fail("scrollableDirections", "a list's rows give its content size; remove it") }
            if !hasLayout {
                throw r.fail("scrollableDirections", "only a scroll node with 'layout' sizes its content by it; add 'layout' or remove this key")
            }
            if keys.contentSize != nil {
                throw r.fail("scrollableDirections", "'contentSize' is given, so the layout does not size the content; remove one of them")
            }
            keys.scrollableDirections = directions
        }
        return keys
    }
}
