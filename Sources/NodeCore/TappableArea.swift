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
///
/// When the control or an ancestor has an irregular `pointInside` (an override or a
/// `hitShape`), `shape` samples the real area (behaviour.md §5.3) and the rects above are
/// its bounding boxes on the audit's grid.
public struct TappableArea {
    public let control: ControlNode
    public let slopRect: Rect
    /// The sampled area when the control or an ancestor is irregular; nil on the exact
    /// rectangle path.
    public let shape: TappableShape?
    /// The rectangle computation: exact without a shape, an upper bound with one
    /// (hit-test extents in place of slopRects).
    private let rectangle: Geometry

    // Each reads one field, so the rectangle path copies no dictionaries.
    public var tappable: Rect { shape?.geometry.tappable ?? rectangle.tappable }
    public var drawn: Rect { shape?.geometry.drawn ?? rectangle.drawn }
    public var limitedEdges: Edges { shape?.geometry.limitedEdges ?? rectangle.limitedEdges }
    public var clippedEdges: Edges { shape?.geometry.clippedEdges ?? rectangle.clippedEdges }
    /// For each limited side, the ancestor whose slopRect set that side (the nearest on a tie).
    public var limitingAncestors: [Edge: Node] { shape?.geometry.limitingAncestors ?? rectangle.limitingAncestors }
    /// For each clipped side, the clipping ancestor whose bounds set that side (the nearest on a tie).
    public var clippingAncestors: [Edge: Node] { shape?.geometry.clippingAncestors ?? rectangle.clippingAncestors }
    /// A rect that holds every drawn pixel, computed without sampling (`drawn` itself
    /// on the rectangle path): what the overlay culls with.
    public var drawnBound: Rect { rectangle.drawn }

    /// Whether a touch can reach the control anywhere.
    public var isReachable: Bool { !tappable.isEmpty }
    /// Whether any of the tappable area is inside every clipping ancestor.
    public var isInView: Bool { !drawn.isEmpty }

    /// The tappable area of `control` in its tree, or nil when the control or any
    /// ancestor is not hittable (hidden, not interactive, alpha below
    /// `minimumHittableAlpha`, or a disabled control): such a control gets no overlay.
    public init?(of control: ControlNode) {
        self.init(of: control, boundsOrigins: [:])
    }

    /// The tappable area with some ancestors' bounds origins (scroll offsets) replaced
    /// by `boundsOrigins`, keyed by the ancestor's identity (see `scrolledIntoView(_:)`).
    init?(of control: ControlNode, boundsOrigins: [ObjectIdentifier: Point]) {
        var chain: [Node] = []
        var node: Node? = control
        while let n = node {
            chain.append(n)
            node = n.supernode
        }
        var walk = AncestorWalk()
        for ancestor in chain.dropFirst().reversed() {
            guard ancestor.isHittable else { return nil }
            walk = walk.entering(ancestor, boundsOrigin: boundsOrigins[ObjectIdentifier(ancestor)] ?? ancestor.boundsOrigin)
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

    /// Like `all(in:)`, but only the areas whose `drawnBound` intersects `rect` (window
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
            if cull.map({ !Box(area.drawnBound).intersecting($0).isEmpty }) ?? true { result.append(area) }
        }
        guard !node.subnodes.isEmpty else { return }
        let inner = walk.entering(node)
        // Every descendant's drawn area lies inside the ancestors' slop and clip.
        guard let cull else {
            for child in node.subnodes { collect(child, inner, cull: nil, into: &result) }
            return
        }
        if inner.slop.intersecting(inner.clip).intersecting(cull).isEmpty { return }
        // ... and inside its subtree extent: among many subnodes only those meeting `cull` are visited.
        let local = Rect(minX: cull.minX - inner.origin.x - 1, minY: cull.minY - inner.origin.y - 1,
                         maxX: cull.maxX - inner.origin.x + 1, maxY: cull.maxY - inner.origin.y + 1)
        node.forEachSubnode(mayMeet: local) { collect($0, inner, cull: cull, into: &result) }
    }

    /// The part of this area and `other`'s that both reach, as a bounding box (exact on
    /// the rectangle path, on the audit's grid with a shape); empty when they share nothing.
    public func overlap(with other: TappableArea) -> Rect {
        let box = tappable.intersection(other.tappable)
        guard !box.isEmpty, shape != nil || other.shape != nil else { return box }
        let s = TappableShape.auditScale
        var low = (x: Int.max, y: Int.max), high = (x: Int.min, y: Int.min)
        forEachSharedRow(with: other, in: box) { py, spans in
            low = (min(low.x, spans[0].lowerBound), min(low.y, py))
            high = (max(high.x, spans[spans.count - 1].upperBound), max(high.y, py + 1))
            return true
        }
        guard low.x < high.x else { return .zero }
        return Rect(minX: Double(low.x) / s, minY: Double(low.y) / s, maxX: Double(high.x) / s, maxY: Double(high.y) / s)
    }

    /// Whether this area and `other` share a point (on the audit's grid when a shape is
    /// involved); stops at the first shared row.
    func sharesPoint(with other: TappableArea) -> Bool {
        let box = tappable.intersection(other.tappable)
        guard !box.isEmpty, shape != nil || other.shape != nil else { return !box.isEmpty }
        var found = false
        forEachSharedRow(with: other, in: box) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with each audit-grid row of `box` (window points) and the pixel spans
    /// of that row tappable in both areas, for rows where they share any, until it returns
    /// false: the cost follows the rows, not the box's area.
    private func forEachSharedRow(with other: TappableArea, in box: Rect, _ body: (Int, [Range<Int>]) -> Bool) {
        let s = TappableShape.auditScale
        // A box whose edges cross (an empty intersection) has no rows and no columns.
        let left = TappableShape.pixel(box.minX * s, .down), top = TappableShape.pixel(box.minY * s, .down)
        let columns = left ..< max(left, TappableShape.pixel(box.maxX * s, .up))
        for py in top ..< max(top, TappableShape.pixel(box.maxY * s, .up)) {
            let shared = RowSpans.intersection(tappableSpans(ofRow: py, within: columns),
                                               other.tappableSpans(ofRow: py, within: columns))
            if !shared.isEmpty, !body(py, shared) { return }
        }
    }

    /// The pixels of audit-grid row `py` in `columns` from which a touch reaches the control,
    /// siblings ignored.
    private func tappableSpans(ofRow py: Int, within columns: Range<Int>) -> [Range<Int>] {
        guard !columns.isEmpty else { return [] }
        if let shape {
            return RowSpans.intersection(shape.auditMask.spans(ofRow: py, holding: .tappable), [columns])
        }
        let s = TappableShape.auditScale
        return RowTester(rect: tappable).spans(y: (Double(py) + 0.5) / s, scale: s, within: [columns])
    }

    private init(control: ControlNode, walk: AncestorWalk) {
        self.control = control
        let origin = Point(x: walk.origin.x + control.frame.minX - control.boundsOrigin.x,
                           y: walk.origin.y + control.frame.minY - control.boundsOrigin.y)
        let own = control.slopRect.offsetBy(dx: origin.x, dy: origin.y)
        slopRect = own
        let irregular = !walk.isRectangular || !control.hitTestsBySlopRect
        let extent = irregular ? control.hitTestExtent.offsetBy(dx: origin.x, dy: origin.y) : own
        rectangle = Geometry(own: extent, walk: walk)
        if irregular {
            let clip = walk.clip.isUnbounded ? nil : walk.clip.rect
            shape = TappableShape(control: control, clip: clip,
                                  extent: extent,
                                  slopSetters: walk.slopSetters, clipSetters: walk.clipSetters)
        } else {
            shape = nil
        }
    }
}

/// The rects and sides of a tappable area (see `TappableArea`).
struct Geometry {
    var tappable: Rect
    var drawn: Rect
    var limitedEdges: Edges = []
    var clippedEdges: Edges = []
    var limitingAncestors: [Edge: Node] = [:]
    var clippingAncestors: [Edge: Node] = [:]

    init(tappable: Rect, drawn: Rect) {
        self.tappable = tappable
        self.drawn = drawn
    }

    /// The rectangle computation for a control whose area is `own` (window coordinates).
    fileprivate init(own: Rect, walk: AncestorWalk) {
        let tap = walk.slop.intersecting(Box(own))
        tappable = tap.rect
        guard !tap.isEmpty else {
            drawn = tap.rect
            return
        }
        for edge in Edge.allCases where tap.isInside(Box(own), on: edge) {
            limitedEdges.insert(Edges(edge))
            limitingAncestors[edge] = walk.slopSetters[edge]
        }
        let shown = walk.clip.intersecting(tap)
        drawn = shown.rect
        if shown.isEmpty {
            clippedEdges = .all
        } else {
            for edge in Edge.allCases where shown.isInside(tap, on: edge) {
                clippedEdges.insert(Edges(edge))
                clippingAncestors[edge] = walk.clipSetters[edge]
            }
        }
    }

    /// The geometry of a sampled area: bounding boxes of its samples; a side is limited
    /// where the tappable box lies inside the box of the control's own shape, and clipped
    /// where the drawn box lies inside the tappable one.
    init(sampled mask: TappableMask, slopSetters: [Edge: Node], clipSetters: [Edge: Node]) {
        tappable = mask.bounds(of: .tappable)
        drawn = mask.bounds(of: [.tappable, .inView])
        guard !tappable.isEmpty else { return }
        let own = Box(mask.bounds(of: .own)), tap = Box(tappable)
        for edge in Edge.allCases where tap.isInside(own, on: edge) {
            limitedEdges.insert(Edges(edge))
            limitingAncestors[edge] = slopSetters[edge]
        }
        if drawn.isEmpty {
            clippedEdges = .all
        } else {
            for edge in Edge.allCases where Box(drawn).isInside(tap, on: edge) {
                clippedEdges.insert(Edges(edge))
                clippingAncestors[edge] = clipSetters[edge]
            }
        }
    }
}

/// What the ancestors of a node contribute to its tappable area, accumulated root first.
struct AncestorWalk {
    /// Window position of the coordinate origin of the next node's supernode.
    var origin = Point.zero
    /// Intersection of the ancestors' slopRects (window coordinates); unbounded at the root.
    var slop = Box.unbounded
    /// Intersection of the bounds of the clipping ancestors; unbounded when none clips.
    var clip = Box.unbounded
    var slopSetters: [Edge: Node] = [:]
    var clipSetters: [Edge: Node] = [:]
    /// Whether every ancestor so far tests touches by its slopRect alone.
    var isRectangular = true

    /// The walk as seen by the subnodes of `node`, a subnode of the current position,
    /// whose bounds origin is `boundsOrigin` (its own unless a scroll is assumed).
    func entering(_ node: Node, boundsOrigin: Point? = nil) -> AncestorWalk {
        var next = self
        let inner = boundsOrigin ?? node.boundsOrigin
        let bounds = Rect(origin: inner, size: node.frame.size)
        next.origin = Point(x: origin.x + node.frame.minX - inner.x, y: origin.y + node.frame.minY - inner.y)
        let rectangular = node.hitTestsBySlopRect
        // The node's own rects are at its own bounds origin: shift them to `inner`.
        let area = (rectangular ? node.slopRect : node.hitTestExtent)
            .offsetBy(dx: inner.x - node.boundsOrigin.x, dy: inner.y - node.boundsOrigin.y)
        let ownSlop = Box(area.offsetBy(dx: next.origin.x, dy: next.origin.y))
        next.isRectangular = isRectangular && rectangular
        next.slop = slop.narrowed(by: ownSlop, setter: node, setters: &next.slopSetters)
        if node.clipsToBounds {
            let bounds = Box(bounds.offsetBy(dx: next.origin.x, dy: next.origin.y))
            next.clip = clip.narrowed(by: bounds, setter: node, setters: &next.clipSetters)
        }
        return next
    }
}

/// A rectangle by its edges; may be unbounded or inverted (empty) while intersecting.
struct Box: Equatable {
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
    var isUnbounded: Bool { self == .unbounded }

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
