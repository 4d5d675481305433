#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formulas of behaviour.md §9.3 as pure functions of time: rubber band, deceleration and
/// bounce-back, with the exact instants at which an animation ends.
public enum ScrollPhysics {
    /// Deceleration ends when the speed falls below this, in points per millisecond.
    public static let minimumVelocity = 0.01
    /// A bounce ends when the offset is within this many points of the edge.
    public static let bounceEndDistance = 0.5
    /// The bounce-back time constant τ, in milliseconds.
    public static let bounceTimeConstant = 50.0
    /// The rubber band's stiffness: overshoot x shows as `(1 - 1 / (x * c / d + 1)) * d`.
    public static let rubberBandCoefficient = 0.55
    /// Lift velocity looks at the motion of this many milliseconds before the lift.
    public static let velocityWindow = 100.0

    /// How far an overshoot of `overshoot` points (≥ 0) shows past the edge while
    /// dragging, for a node `dimension` points long on that axis.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The overshoot that `rubberBand` shows as `shown` (its inverse); an overshoot
    /// shown at or past `dimension` cannot come from the band and is taken as it is.
    public static func overshoot(showing shown: Double, dimension: Double) -> Double {
        guard dimension > 0, shown < dimension else { return shown }
        return shown * dimension / (rubberBandCoefficient * (dimension - shown))
    }

    /// What a raw drag offset shows as on one axis with resting range `range`: the
    /// rubber band beyond an edge when `bounces`, else the edge.
    public static func dragged(_ raw: Double, range: ClosedRange<Double>, dimension: Double, bounces: Bool) -> Double {
        if raw < range.lowerBound {
            return bounces ? range.lowerBound - rubberBand(range.lowerBound - raw, dimension: dimension) : range.lowerBound
        }
        if raw > range.upperBound {
            return bounces ? range.upperBound + rubberBand(raw - range.upperBound, dimension: dimension) : range.upperBound
        }
        return raw
    }

    /// A finger's velocity (points per ms) at a lift at `end`, from its motion samples:
    /// the displacement from the earliest to the latest sample of the last
    /// `velocityWindow` ms over their time span; zero when the latest is older than the
    /// window or there is no earlier sample in it.
    public static func liftVelocity(of samples: [MotionSample], at end: Double) -> Point {
        guard let last = samples.last, end - last.time <= velocityWindow,
              let first = samples.first(where: { end - $0.time <= velocityWindow }), last.time > first.time
        else { return .zero }
        let span = last.time - first.time
        return Point(x: (last.location.x - first.location.x) / span, y: (last.location.y - first.location.y) / span)
    }

    /// A touchpad's velocity (points per ms) at `axis_stop` at `end`, from its axis
    /// events `(time, value)`: over those of the last `velocityWindow` ms, the sum of
    /// the values except the earliest's over the time from the earliest to the last;
    /// zero with fewer than two.
    public static func axisVelocity(of events: [(time: Double, value: Double)], at end: Double) -> Double {
        let recent = events.filter { end - $0.time <= velocityWindow }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
        let moved = recent.dropFirst().reduce(0) { $0 + $1.value }
        return moved / (last.time - first.time)
    }
}

/// A touch location at an input time, for lift velocity.
public struct MotionSample: Hashable, Sendable {
    public var time: Double
    public var location: Point

    public init(time: Double, location: Point) {
        self.time = time
        self.location = location
    }
}

/// How one axis of a scroll node moves after a lift (or a touchpad's `axis_stop`):
/// a pure function of time from `start`, ending at `end` with `endOffset` exactly.
public struct AxisMotion: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `o0 + v0 * (rate^t - 1) / ln(rate)`.
        case deceleration(origin: Double, velocity: Double, rate: Double)
        /// `edge + excess * (1 + t/τ) * e^(-t/τ)`.
        case bounce(edge: Double, excess: Double)
    }

    public let kind: Kind
    /// When the motion started, ms.
    public let start: Double
    /// The exact instant it ends, ms.
    public let end: Double
    /// Where it ends.
    public let endOffset: Double

    /// The offset at `time` (clamped to the motion's span).
    public func offset(at time: Double) -> Double {
        if time >= end { return endOffset }
        let t = max(time - start, 0)
        switch kind {
        case let .deceleration(origin, velocity, rate):
            return origin + velocity * (pow(rate, t) - 1) / log(rate)
        case let .bounce(edge, excess):
            let u = t / ScrollPhysics.bounceTimeConstant
            return edge + excess * (1 + u) * exp(-u)
        }
    }

    /// A deceleration from `offset` at `velocity` (points per ms) with `rate` per ms,
    /// that stops at an edge of `range` it reaches; nil when it would not move (speed
    /// below `minimumVelocity`, or already at the edge it heads for).
    public static func deceleration(from offset: Double, velocity: Double, rate: Double,
                                    range: ClosedRange<Double>, at start: Double) -> AxisMotion? {
        let speed = abs(velocity)
        guard speed >= ScrollPhysics.minimumVelocity, rate > 0, rate < 1 else { return nil }
        let lnRate = log(rate)
        // |v0| * rate^t = minimumVelocity.
        var duration = log(ScrollPhysics.minimumVelocity / speed) / lnRate
        var endOffset = offset + velocity * (ScrollPhysics.minimumVelocity / speed - 1) / lnRate
        let edge = velocity > 0 ? range.upperBound : range.lowerBound
        // o0 + v0 (rate^t - 1) / ln(rate) = edge  ⇔  rate^t = 1 + (edge - o0) ln(rate) / v0.
        let q = 1 + (edge - offset) * lnRate / velocity
        if q > 0, q <= 1 {
            let reach = log(q) / lnRate
            if reach <= duration {
                duration = reach
                endOffset = edge
            }
        }
        guard duration > 0 else { return nil }
        return AxisMotion(kind: .deceleration(origin: offset, velocity: velocity, rate: rate),
                          start: start, end: start + duration, endOffset: endOffset)
    }

    /// The return from `offset` beyond `edge` to it; nil when within `bounceEndDistance`.
    public static func bounce(from offset: Double, to edge: Double, at start: Double) -> AxisMotion? {
        let excess = offset - edge
        guard abs(excess) > ScrollPhysics.bounceEndDistance else { return nil }
        let u = solveBounceEnd(ScrollPhysics.bounceEndDistance / abs(excess))
        return AxisMotion(kind: .bounce(edge: edge, excess: excess),
                          start: start, end: start + u * ScrollPhysics.bounceTimeConstant, endOffset: edge)
    }

    /// The u > 0 where `(1 + u) e^(-u) = c` (0 < c < 1), to the last bit: the function
    /// falls monotonically from 1, so bisection converges to adjacent doubles.
    static func solveBounceEnd(_ c: Double) -> Double {
        func g(_ u: Double) -> Double { (1 + u) * exp(-u) }
        var low = 0.0, high = 1.0
        while g(high) > c { high *= 2 }
        while true {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { return high }
            if g(mid) > c { low = mid } else { high = mid }
        }
    }
}
