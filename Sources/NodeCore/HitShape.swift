/// A touch area other than the slopRect that a node can take without subclassing
/// (scene key `shape`, behaviour.md §7.1). Its `pointInside` then answers from the shape.
public enum HitShape: Hashable, Sendable {
    /// The ellipse inscribed in the node's slopRect.
    case ellipse
    /// The union of these rects, in the node's own coordinates. They may reach past its
    /// bounds; its slop does not apply to them.
    case bands([Rect])

    /// Whether the shape of a node with `slopRect` contains `point` (node coordinates).
    public func contains(_ point: Point, slopRect: Rect) -> Bool {
        switch self {
        case .ellipse:
            guard !slopRect.isEmpty else { return false }
            let dx = (point.x - slopRect.midX) / (slopRect.width / 2)
            let dy = (point.y - slopRect.midY) / (slopRect.height / 2)
            return dx * dx + dy * dy < 1
        case let .bands(rects):
            for rect in rects where rect.contains(point) { return true }
            return false
        }
    }

    /// A rect outside of which the shape contains no point.
    public func extent(slopRect: Rect) -> Rect {
        switch self {
        case .ellipse:
            return slopRect
        case let .bands(rects):
            return rects.reduce(Rect.zero) { $0.union($1) }
        }
    }
}

extension Node {
    /// The NodeCore classes whose `pointInside` is the base one. Swift cannot tell whether
    /// a class overrides a method, so every other class counts as possibly irregular: its
    /// tappable area is sampled (behaviour.md §5.3), which gives the same pixels when it
    /// does not override.
    static let classesWithBasePointInside: Set<ObjectIdentifier> = [
        ObjectIdentifier(Node.self), ObjectIdentifier(ControlNode.self), ObjectIdentifier(ButtonNode.self),
        ObjectIdentifier(ToggleNode.self), ObjectIdentifier(SliderNode.self), ObjectIdentifier(ScrollNode.self),
        ObjectIdentifier(ListNode.self),
    ]

    /// Whether `pointInside` is exactly `slopRect.contains`: no `hitShape`, and a class
    /// known not to override it. Such nodes take the exact rectangle path of the
    /// overlay and the audit.
    public final var hitTestsBySlopRect: Bool {
        guard hitShape == nil else { return false }
        // An image node hit-tests by its slopRect unless it hit-tests by alpha.
        if let image = ifExactly(ImageNode.self) { return !image.hitTestAlpha }
        return Node.classesWithBasePointInside.contains(ObjectIdentifier(type(of: self)))
    }
}
