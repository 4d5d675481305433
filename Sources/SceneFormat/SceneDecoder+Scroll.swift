import NodeCore

/// The scene keys of `kind: "scroll"` (SPEC §9), kept apart so that kinds built on
/// `ScrollNode` (lists) read the same keys the same way.
extension SceneDecoder {
    static let scrollKeys = ["contentSize", "contentOffset", "contentInset", "scrollEnabled", "bounces",
                             "alwaysBounceVertical", "alwaysBounceHorizontal", "delaysContentTouches",
                             "canCancelContentTouches", "cancelsControlTouches", "decelerationRate",
                             "scrollSlop", "contentTouchDelay"]

    /// Reads every scroll key present into `scroll`.
    static func readScrollKeys(_ r: inout ObjectReader, into scroll: ScrollNode) throws(FormatError) {
        if let size = try r.numbers("contentSize", names: ["width", "height"]) {
            guard size[0] >= 0, size[1] >= 0 else {
                throw r.fail("contentSize", "width and height must not be negative, got \(ObjectReader.format(size[0])) × \(ObjectReader.format(size[1]))")
            }
            scroll.contentSize = Size(width: size[0], height: size[1])
        }
        if let offset = try r.numbers("contentOffset", names: ["x", "y"]) {
            scroll.contentOffset = Point(x: offset[0], y: offset[1])
        }
        if let inset = try r.numbers("contentInset", names: ["top", "left", "bottom", "right"]) {
            scroll.contentInset = EdgeInsets(top: inset[0], left: inset[1], bottom: inset[2], right: inset[3])
        }
        if let enabled = try r.bool("scrollEnabled") { scroll.isScrollEnabled = enabled }
        if let bounces = try r.bool("bounces") { scroll.bounces = bounces }
        if let always = try r.bool("alwaysBounceVertical") { scroll.alwaysBounceVertical = always }
        if let always = try r.bool("alwaysBounceHorizontal") { scroll.alwaysBounceHorizontal = always }
        if let delays = try r.bool("delaysContentTouches") { scroll.delaysContentTouches = delays }
        if let cancels = try r.bool("canCancelContentTouches") { scroll.canCancelContentTouches = cancels }
        if let cancels = try r.bool("cancelsControlTouches") { scroll.cancelsControlTouches = cancels }
        if let rate = r.raw("decelerationRate") {
            switch rate.value {
            case .string("normal"): scroll.decelerationRate = ScrollNode.normalDecelerationRate
            case .string("fast"): scroll.decelerationRate = ScrollNode.fastDecelerationRate
            case .number(let n) where n > 0 && n < 1: scroll.decelerationRate = n
            case .number(let n):
                throw r.fail("decelerationRate", "must be between 0 and 1 (exclusive) per ms, got \(ObjectReader.format(n))")
            default:
                throw r.fail("decelerationRate", "expected a number or \"normal\" or \"fast\", got \(rate.typeName)")
            }
        }
        if let slop = try r.number("scrollSlop", in: 0...Double.greatestFiniteMagnitude) { scroll.scrollSlop = slop }
        if let delay = try r.number("contentTouchDelay", in: 0...Double.greatestFiniteMagnitude) {
            scroll.contentTouchDelay = delay
        }
    }
}
