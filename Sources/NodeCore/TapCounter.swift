/// Counts repeated taps: a down continues the previous touch's count when it binds to
/// the same node, starts soon enough after that touch ended, and lands close enough.
public struct TapCounter: Sendable {
    /// The longest gap, in milliseconds, from the previous touch's end to the next down.
    public static let defaultMaximumInterval: Double = 350
    /// The farthest distance, in points, between the two touches' down locations.
    public static let defaultMaximumDistance: Double = 40

    public var maximumInterval: Double
    public var maximumDistance: Double

    private struct Previous {
        /// The node's `serial`, never another node's: an `ObjectIdentifier` would match a new
        /// node at a freed node's address, and a weak reference would give every tapped node a
        /// refcount side table (the slow path on each of its retains and releases ever after).
        let node: UInt64?
        let kind: TouchKind
        let endTime: Double
        let downLocation: Point
        let tapCount: Int
    }
    private var previous: Previous?

    public init(maximumInterval: Double = defaultMaximumInterval,
                maximumDistance: Double = defaultMaximumDistance) {
        self.maximumInterval = maximumInterval
        self.maximumDistance = maximumDistance
    }

    /// The tap count for a touch going down now (both limits inclusive).
    public func tapCount(node: Node?, kind: TouchKind, location: Point, time: Double) -> Int {
        guard let p = previous, let node, p.node == node.serial, p.kind == kind,
              time - p.endTime <= maximumInterval, time >= p.endTime,
              p.downLocation.distance(to: location) <= maximumDistance
        else { return 1 }
        return p.tapCount + 1
    }

    /// Remembers a touch that ended normally.
    public mutating func touchEnded(_ touch: Touch) {
        previous = Previous(node: touch.node?.serial, kind: touch.kind,
                            endTime: touch.timestamp, downLocation: touch.downLocation,
                            tapCount: touch.tapCount)
    }

    /// Forgets the previous touch when its node is in `subtree`, a detached subtree about
    /// to serve as other nodes (a list row's reuse): the nodes it stood for are gone, and
    /// a new node never continues their sequence.
    public mutating func forgetNodes(in subtree: Node) {
        guard let serial = previous?.node else { return }
        var holds = false
        subtree.forEachInSubtree { holds = holds || $0.serial == serial }
        if holds { previous = nil }
    }

    /// A cancelled touch breaks any tap sequence.
    public mutating func reset() { previous = nil }
}
