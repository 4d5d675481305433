/// One side of a rectangle.
public enum Edge: String, CaseIterable, Hashable, Sendable {
    case top, left, bottom, right
}

/// A set of rectangle sides, listed in `Edge.allCases` order.
public struct Edges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = Edges(rawValue: 1 << 0)
    public static let left = Edges(rawValue: 1 << 1)
    public static let bottom = Edges(rawValue: 1 << 2)
    public static let right = Edges(rawValue: 1 << 3)
    public static let all: Edges = [.top, .left, .bottom, .right]

    public init(_ edge: Edge) {
        switch edge {
        case .top: self = .top
        case .left: self = .left
        case .bottom: self = .bottom
        case .right: self = .right
        }
    }

    public func contains(_ edge: Edge) -> Bool { contains(Edges(edge)) }

    /// The sides in the set, top, left, bottom, right.
    public var members: [Edge] { Edge.allCases.filter { contains($0) } }

    /// `top, left`, or `none`.
    public var description: String {
        isEmpty ? "none" : members.map(\.rawValue).joined(separator: ", ")
    }
}

/// Where a control can be touched, and how much of that the debug overlay shows (behaviour.md §5).
///
/// All rects are in window coordinates (points):
/// - `slopRect`: the control's own `slopRect`;
/// - `tappable`: `slopRect` ∩ the slopRect of every ancestor — exactly where
///   `hitTest` can reach the control, ignoring siblings on top of it;
/// - `drawn`: `tappable` ∩ the bounds of every ancestor that clips to bounds.
///
/// `limitedEdges` are the sides where an ancestor's slopRect cut the control's own
/// slopRect; `clippedEdges` the sides where a clipping ancestor cut `drawn` short of
/// `tappable` (all four when nothing of the tappable area is left in view).
public struct TappableArea {
    public let control: ControlNode
    public let slopRect: Rect
    public let tappable: Rect
    public let drawn: Rect
    public let limitedEdges: Edges
    public let clippedEdges: Edges
    /// For each limited side, the ancestor whose slopRect set that side (the nearest on a tie).
    public let limitingAncestors: [Edge: Node]
    /// For each clipped side, the clipping ancestor whose bounds set that side (the nearest on a tie).
    public let clippingAncestors: [Edge: Node]

    /// Whether a touch can reach the control anywhere.
    public var isReachable: Bool { !tappable.isEmpty }
    /// Whether any of the tappable area is inside every clipping ancestor.
    public var isInView: Bool { !drawn.isEmpty }

    /// The tappable area of `control` in its tree, or nil when the control or any
    /// ancestor is not hittable (hidden, not interactive, alpha below
    /// `minimumHittableAlpha`, or a disabled control): such a control gets no overlay.
    public init?(of control: ControlNode) {
        var chain: [Node] = []
        var node: Node? = control
        while let n = node {
            chain.append(n)
            node = n.supernode
        }
        var walk = AncestorWalk()
        for ancestor in chain.dropFirst().reversed() {
            guard ancestor.isHittable else { return nil }
            walk = walk.entering(ancestor)
        }
        guard control.isHittable else { return nil }
        self.init(control: control, walk: walk)
    }

    /// The tappable areas of every hittable control of `window`, in hit-test order from
    /// back to front (depth first, parents before children): the overlay's paint order.
    public static func all(in window: Window) -> [TappableArea] {
        all(inTree: window.root)
    }

    /// Like `all(in:)` for a tree whose root sits at its frame origin in window coordinates.
    public static func all(inTree root: Node) -> [TappableArea] {
        var result: [TappableArea] = []
        collect(root, AncestorWalk(), cull: nil, into: &result)
        return result
    }

    /// Like `all(in:)`, but only the areas whose `drawn` rect intersects `rect` (window
    /// coordinates). Subtrees whose ancestors' slop and clipping keep every descendant's
    /// drawn area outside `rect` are not visited, so a small damaged area is cheap.
    public static func all(in window: Window, intersecting rect: Rect) -> [TappableArea] {
        var result: [TappableArea] = []
        collect(window.root, AncestorWalk(), cull: Box(rect), into: &result)
        return result
    }

    private static func collect(_ node: Node, _ walk: AncestorWalk, cull: Box?, into result: inout [TappableArea]) {
        guard node.isHittable else { return }
        if let control = node as? ControlNode {
            let area = TappableArea(control: control, walk: walk)
            if cull.map({ !Box(area.drawn).intersecting($0).isEmpty }) ?? true { result.append(area) }
        }
        guard !node.subnodes.isEmpty else { return }
        let inner = walk.entering(node)
        // Every descendant's drawn area lies inside the ancestors' slop and clip.
        if let cull, inner.slop.intersecting(inner.clip).intersecting(cull).isEmpty { return }
        for child in node.subnodes { collect(child, inner, cull: cull, into: &result) }
    }

    private init(control: ControlNode, walk: AncestorWalk) {
        self.control = control
        let origin = Point(x: walk.origin.x + control.frame.minX - control.boundsOrigin.x,
                           y: walk.origin.y + control.frame.minY - control.boundsOrigin.y)
        let own = control.slopRect.offsetBy(dx: origin.x, dy: origin.y)
        slopRect = own

        let tap = walk.slop.intersecting(Box(own))
        tappable = tap.rect
        guard !tap.isEmpty else {
            drawn = tap.rect
            limitedEdges = []
            clippedEdges = []
            limitingAncestors = [:]
            clippingAncestors = [:]
            return
        }
        var limited: Edges = []
        var limiting: [Edge: Node] = [:]
        for edge in Edge.allCases where tap.isInside(Box(own), on: edge) {
            limited.insert(Edges(edge))
            limiting[edge] = walk.slopSetters[edge]
        }
        limitedEdges = limited
        limitingAncestors = limiting

        let shown = walk.clip.intersecting(tap)
        drawn = shown.rect
        var clipped: Edges = []
        var clipping: [Edge: Node] = [:]
        if shown.isEmpty {
            clipped = .all
        } else {
            for edge in Edge.allCases where shown.isInside(tap, on: edge) {
                clipped.insert(Edges(edge))
                clipping[edge] = walk.clipSetters[edge]
            }
        }
        clippedEdges = clipped
        clippingAncestors = clipping
    }
}

/// What the ancestors of a node contribute to its tappable area, accumulated root first.
private struct AncestorWalk {
    /// Window position of the coordinate origin of the next node's supernode.
    var origin = Point.zero
    /// Intersection of the ancestors' slopRects (window coordinates); unbounded at the root.
    var slop = Box.unbounded
    /// Intersection of the bounds of the clipping ancestors; unbounded when none clips.
    var clip = Box.unbounded
    var slopSetters: [Edge: Node] = [:]
    var clipSetters: [Edge: Node] = [:]

    /// The walk as seen by the subnodes of `node`, a subnode of the current position.
    func entering(_ node: Node) -> AncestorWalk {
        var next = self
        next.origin = Point(x: origin.x + node.frame.minX - node.boundsOrigin.x,
                            y: origin.y + node.frame.minY - node.boundsOrigin.y)
        let ownSlop = Box(node.slopRect.offsetBy(dx: next.origin.x, dy: next.origin.y))
        next.slop = slop.narrowed(by: ownSlop, setter: node, setters: &next.slopSetters)
        if node.clipsToBounds {
            let bounds = Box(node.bounds.offsetBy(dx: next.origin.x, dy: next.origin.y))
            next.clip = clip.narrowed(by: bounds, setter: node, setters: &next.clipSetters)
        }
        return next
    }
}

/// A rectangle by its edges; may be unbounded or inverted (empty) while intersecting.
private struct Box {
    var minX, minY, maxX, maxY: Double

    static let unbounded = Box(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(_ rect: Rect) {
        self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
    }

    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// The box as a `Rect`; an empty box becomes a zero-sized rect at its min corner.
    var rect: Rect {
        isEmpty ? Rect(x: minX, y: minY, width: 0, height: 0) : Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    func intersecting(_ other: Box) -> Box {
        Box(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
            maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// Whether this box's `edge` lies strictly inside `outer`'s.
    func isInside(_ outer: Box, on edge: Edge) -> Bool {
        switch edge {
        case .top: return minY > outer.minY
        case .left: return minX > outer.minX
        case .bottom: return maxY < outer.maxY
        case .right: return maxX < outer.maxX
        }
    }

    /// The intersection with `other`, recording `setter` for every edge that `other`
    /// sets or ties (so the nearest ancestor is named on a tie).
    func narrowed(by other: Box, setter: Node, setters: inout [Edge: Node]) -> Box {
        var result = self
        if other.minY >= minY { result.minY = other.minY; setters[.top] = setter }
        if other.minX >= minX { result.minX = other.minX; setters[.left] = setter }
        if other.maxY <= maxY { result.maxY = other.maxY; setters[.bottom] = setter }
        if other.maxX <= maxX { result.maxX = other.maxX; setters[.right] = setter }
        return result
    }
}
