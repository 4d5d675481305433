/// Buffer pixels per point, in steps of 1/120 (the unit of `wp_fractional_scale_v1`):
/// 1, 1.25, 1.5, 2, 2.5 ... (behaviour.md §6). Stored as a whole number of 120ths, so that
/// point-to-pixel conversions are exact wherever the protocol's arithmetic is.
public struct RenderScale: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Steps per pixel-per-point: a scale is `units / denominator`.
    public static let denominator = 120

    /// The scale in 120ths (120 = 1×, 180 = 1.5×).
    public let units: Int

    /// The scale `units / 120`.
    public init(units: Int) { self.units = units }

    /// A whole-number scale.
    public init(_ integer: Int) { units = integer * Self.denominator }

    /// The scale `factor` when it is a whole number of 120ths (within floating-point
    /// noise), else nil: 1.5 and 1.25 are scales, 1.33 is not (4/3 is 160/120).
    public init?(exactly factor: Double) {
        let u = factor * Double(Self.denominator)
        guard u.isFinite, abs(u) < 1e9 else { return nil }
        let rounded = u.rounded()
        guard abs(u - rounded) < 1e-6 else { return nil }
        units = Int(rounded)
    }

    /// A scale written as a decimal (`1.5`, `2`) or a fraction (`3/2`, `160/120`); nil when
    /// the text is neither or the value is not a whole number of 120ths.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]), d > 0 else { return nil }
            let (scaled, overflow) = n.multipliedReportingOverflow(by: Self.denominator)
            guard !overflow, scaled % d == 0 else { return nil }
            self.init(units: scaled / d)
        } else {
            guard let value = Double(text) else { return nil }
            self.init(exactly: value)
        }
    }

    public init(integerLiteral value: Int) { self.init(value) }

    /// Rounds to the nearest 120th; use `init?(exactly:)` for values that must be exact.
    public init(floatLiteral value: Double) { units = Int((value * Double(Self.denominator)).rounded()) }

    /// Pixels per point as a floating-point factor.
    public var factor: Double { Double(units) / Double(Self.denominator) }

    /// Whether a point is a whole number of pixels (1×, 2×, 3×, 4×).
    public var isIntegral: Bool { units % Self.denominator == 0 }

    /// `points` in buffer pixels, unrounded: `points × units / 120`. Multiplying by the
    /// integer first keeps exact halves exact, so rounding agrees with the protocol's.
    @inline(__always) public func pixels(_ points: Double) -> Double {
        points * Double(units) / Double(Self.denominator)
    }

    /// `pixels` in points.
    @inline(__always) public func points(_ pixels: Double) -> Double {
        pixels * Double(Self.denominator) / Double(units)
    }

    /// How many whole pixels a line `width` points wide takes (a border, an overlay band):
    /// at least one pixel for any positive width, else the scaled width rounded down, as
    /// CSS snaps border widths. Lines stay a whole number of pixels at every scale, so they
    /// are never blurred and equal widths look equal on every side. Zero for a width ≤ 0.
    public func lineWidth(_ width: Double) -> Int {
        guard width > 0, width.isFinite else { return 0 }
        // Slightly above the floor so that 2 × 1.75 = 3.4999999… still counts as 3.5.
        let scaled = pixels(width) + 1e-9
        return max(1, Int(min(scaled, 1_000_000_000).rounded(.down)))
    }

    public static func < (a: RenderScale, b: RenderScale) -> Bool { a.units < b.units }

    /// `1.5`, `2`, or `1.3333333333333333` for 160/120.
    public var description: String {
        isIntegral ? "\(units / Self.denominator)" : "\(factor)"
    }
}

extension Double {
    /// The scale's pixels-per-point factor.
    public init(_ scale: RenderScale) { self = scale.factor }
}
