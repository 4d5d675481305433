/// A length of the layout (behaviour.md §15): points, a percent of the container's
/// content box on that axis, or `auto` (sized by content, or, for an inset, unset).
public enum LayoutDimension: Hashable, Sendable {
    case auto
    case points(Double)
    case percent(Double)

    /// The length in points against `base` (the percent's 100 %), or nil when it is `auto`
    /// or a percent of an indefinite base.
    @inline(__always)
    func resolved(against base: Double?) -> Double? {
        switch self {
        case .auto: return nil
        case .points(let value): return value
        case .percent(let value): return base.map { $0 * value / 100 }
        }
    }

    /// Whether this is `auto`.
    public var isAuto: Bool { self == .auto }

    /// Whether this is a percent (resolved against a container's size).
    @inline(__always)
    var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }
}

extension LayoutDimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .points(value) }
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}

/// Four lengths, one per side, in the order of the scene files' arrays: top, left,
/// bottom, right. Margins (a side may be `auto`, which takes free space as in CSS).
public struct LayoutEdges: Hashable, Sendable {
    public var top: LayoutDimension
    public var left: LayoutDimension
    public var bottom: LayoutDimension
    public var right: LayoutDimension

    public init(top: LayoutDimension, left: LayoutDimension, bottom: LayoutDimension, right: LayoutDimension) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same length on every side.
    public init(all value: LayoutDimension) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = LayoutEdges(all: .points(0))
}

/// A range of sizes a node is offered (Texture's ASSizeRange): its layout's size lies
/// within `min`...`max`; an infinite `max` side is unbounded.
public struct SizeRange: Hashable, Sendable {
    public var min: Size
    public var max: Size

    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// Exactly `size`.
    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// From zero to unbounded on both axes.
    public static let unconstrained = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
}
