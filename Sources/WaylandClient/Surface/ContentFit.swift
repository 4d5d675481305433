/// How the content is shown for the space the compositor gives it (behaviour.md §14): at
/// that size when it is at least the minimum; otherwise laid out at the minimum (per side)
/// and shown scaled down, uniformly, to fit, so no part of it is cut off out of reach.
/// Input arrives in shown coordinates and is mapped back to the content's.
public struct ContentFit: Hashable, Sendable {
    /// The size the content is laid out and painted at, in points.
    public let logicalSize: LogicalSize
    /// The size it is shown at (the surface's size), in points; at most `logicalSize`.
    public let displayedSize: LogicalSize

    /// `canScale` false (no `wp_viewporter`): the content keeps its minimum size and the
    /// window is larger than asked.
    public init(available: LogicalSize, minimum: LogicalSize?, canScale: Bool = true) {
        let available = LogicalSize(width: max(1, available.width), height: max(1, available.height))
        guard let minimum, available.width < minimum.width || available.height < minimum.height else {
            logicalSize = available
            displayedSize = available
            return
        }
        let logical = LogicalSize(width: max(available.width, minimum.width), height: max(available.height, minimum.height))
        logicalSize = logical
        guard canScale else {
            displayedSize = logical
            return
        }
        // The tighter side fills its space exactly; the other is scaled by the same factor,
        // in whole numbers (no floating-point rounding below the space).
        if available.width * logical.height <= available.height * logical.width {
            displayedSize = LogicalSize(width: available.width,
                                        height: max(1, logical.height * available.width / logical.width))
        } else {
            displayedSize = LogicalSize(width: max(1, logical.width * available.height / logical.height),
                                        height: available.height)
        }
    }

    /// True when the content is shown smaller than it is laid out.
    public var isScaledDown: Bool { displayedSize != logicalSize }

    /// A shown point in the content's coordinates.
    public func contentPoint(_ point: Point) -> Point {
        guard isScaledDown else { return point }
        return Point(x: point.x * Double(logicalSize.width) / Double(displayedSize.width),
                            y: point.y * Double(logicalSize.height) / Double(displayedSize.height))
    }

    /// Maps the shown `location` of each event to the content's (nothing to do, and no
    /// copy made, unless the content is scaled down).
    func mapToContent<Event>(_ events: inout [Event], _ location: WritableKeyPath<Event, Point>) {
        guard isScaledDown else { return }
        for index in events.indices { events[index][keyPath: location] = contentPoint(events[index][keyPath: location]) }
    }
}
