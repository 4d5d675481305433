/// How logical points map to buffer pixels for one surface.
public enum SurfaceScale: Hashable, Sendable {
    /// `wl_surface.set_buffer_scale(n)`: the largest scale of the outputs the surface is on.
    case integer(Int32)
    /// fractional-scale-v1 `preferred_scale` (in 120ths), shown through a viewport.
    case fractional(scale120: UInt32)

    /// Points → pixels factor.
    public var factor: Double {
        switch self {
        case let .integer(n): Double(n)
        case let .fractional(scale120): Double(scale120) / 120
        }
    }

    /// Buffer pixels for a size in whole points (fractional sizes round half up, as the
    /// protocol advises).
    public func bufferSize(for logical: Size) -> PixelSize {
        let width = Int(logical.width), height = Int(logical.height)
        return switch self {
        case let .integer(n):
            PixelSize(width: width * Int(n), height: height * Int(n))
        case let .fractional(scale120):
            PixelSize(width: (width * Int(scale120) + 60) / 120, height: (height * Int(scale120) + 60) / 120)
        }
    }

    /// The scale to use given what the compositor told us: fractional when offered and a
    /// viewport exists, else the largest integer scale among `outputScales` (1 when none),
    /// kept within `limits` (in 120ths; an integer scale within the whole numbers in it).
    /// A fractional scale that is a whole number stays fractional: the viewport is set
    /// either way, and switching kinds would cost a redraw for nothing.
    public static func resolve(preferredScale120: UInt32?, canUseViewport: Bool, outputScales: [Int32],
                               limits: ClosedRange<Int> = 120...480) -> SurfaceScale {
        if let preferredScale120, preferredScale120 > 0, canUseViewport {
            let clamped = min(max(Int(preferredScale120), limits.lowerBound), limits.upperBound)
            return .fractional(scale120: UInt32(clamped))
        }
        let wholeLimits = max(1, (limits.lowerBound + 119) / 120)...max(1, limits.upperBound / 120)
        let wanted = Int(max(1, outputScales.max() ?? 1))
        return .integer(Int32(min(max(wanted, wholeLimits.lowerBound), wholeLimits.upperBound)))
    }

    /// The scale in 120ths (`.integer(2)` is 240).
    public var scale120: Int {
        switch self {
        case let .integer(n): Int(n) * 120
        case let .fractional(scale120): Int(scale120)
        }
    }
}
