/// How the content is shown for the space the compositor gives it (behaviour.md §14): at
/// that size when it is at least the minimum; otherwise scaled down uniformly, by the factor
/// that fits the minimum into the space, and laid out at the space divided by that factor, so
/// the surface covers the whole space (no band outside it) and no part of the content is cut
/// off out of reach. Input arrives in shown coordinates and is mapped back to the content's.
public struct ContentFit: Hashable, Sendable {
    /// The size the content is laid out and painted at, in whole points.
    public let logicalSize: Size
    /// The size it is shown at (the surface's size), in whole points; at most `logicalSize`.
    public let displayedSize: Size

    /// `available` and `minimum` are in whole points. `canScale` false (no `wp_viewporter`):
    /// the content keeps its minimum size and the window is larger than asked.
    public init(available: Size, minimum: Size?, canScale: Bool = true) {
        let available = Size(width: max(1, available.width), height: max(1, available.height))
        guard let minimum, available.width < minimum.width || available.height < minimum.height else {
            logicalSize = available
            displayedSize = available
            return
        }
        guard canScale else {
            logicalSize = Size(width: max(available.width, minimum.width), height: max(available.height, minimum.height))
            displayedSize = logicalSize
            return
        }
        // The tighter side is laid out at the minimum and fills its space exactly; the other
        // side is laid out at its space over the same factor (whole points, rounded down, never
        // below its minimum), so the shown content fills both sides.
        displayedSize = available
        if available.width * minimum.height <= available.height * minimum.width {
            logicalSize = Size(width: minimum.width,
                               height: max(minimum.height, (available.height * minimum.width / available.width).rounded(.down)))
        } else {
            logicalSize = Size(width: max(minimum.width, (available.width * minimum.height / available.height).rounded(.down)),
                               height: minimum.height)
        }
    }

    /// True when the content is shown smaller than it is laid out.
    public var isScaledDown: Bool { displayedSize != logicalSize }

    /// The scale, in 120ths, to paint the content at on a surface of scale `surfaceScale120`
    /// so that its pixels are the ones shown (no shrinking by the compositor): that scale
    /// times the factor the content is shown at, min(shown / laid out) over both sides,
    /// rounded down to a 120th, at least `minimum120`. The painted content is then at most
    /// the shown size × the surface scale, and less than a pixel short of it per 120th lost.
    public func paintScale120(surfaceScale120: Int, minimum120: Int = 30) -> Int {
        guard isScaledDown else { return surfaceScale120 }
        let byWidth = Double(surfaceScale120) * displayedSize.width / logicalSize.width
        let byHeight = Double(surfaceScale120) * displayedSize.height / logicalSize.height
        return max(minimum120, Int(min(byWidth, byHeight).rounded(.down)))
    }

    /// A shown point in the content's coordinates.
    public func contentPoint(_ point: Point) -> Point {
        guard isScaledDown else { return point }
        return Point(x: point.x * logicalSize.width / displayedSize.width, y: point.y * logicalSize.height / displayedSize.height)
    }

    /// A scroll distance along `axis` in shown points, in the content's: the content under
    /// the pointer moves by what the compositor says, as under a finger.
    public func contentDistance(_ value: Double, along axis: PointerEvent.Axis) -> Double {
        guard isScaledDown else { return value }
        return switch axis {
        case .vertical: value * logicalSize.height / displayedSize.height
        case .horizontal: value * logicalSize.width / displayedSize.width
        }
    }

    /// Maps each pointer event's location and scroll distance to the content's.
    func mapToContent(_ events: inout [PointerEvent]) {
        guard isScaledDown else { return }
        mapToContent(&events, \.location)
        for index in events.indices {
            if case .axis(let axis, let value, let source, let value120) = events[index].action {
                events[index].action = .axis(axis, value: contentDistance(value, along: axis), source: source, value120: value120)
            }
        }
    }

    /// A rectangle of the content where it is shown (the inverse of `contentPoint`).
    public func shownRect(_ rect: Rect) -> Rect {
        guard isScaledDown else { return rect }
        let x = displayedSize.width / logicalSize.width
        let y = displayedSize.height / logicalSize.height
        return Rect(x: rect.minX * x, y: rect.minY * y, width: rect.width * x, height: rect.height * y)
    }

    /// Maps the shown `location` of each event to the content's (nothing to do, and no
    /// copy made, unless the content is scaled down).
    func mapToContent<Event>(_ events: inout [Event], _ location: WritableKeyPath<Event, Point>) {
        guard isScaledDown else { return }
        for index in events.indices { events[index][keyPath: location] = contentPoint(events[index][keyPath: location]) }
    }
}
