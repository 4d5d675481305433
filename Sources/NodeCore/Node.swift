import Synchronization

/// The minimum alpha at which a node still receives touches (UIKit's 0.01; exactly 0.01 is hittable).
public let minimumHittableAlpha = 0.01

/// A rectangle in a tree: geometry, hit testing with a per-node slop, and paint properties.
///
/// The properties read on every hit test are marked `@exclusivity(unchecked)`: the
/// runtime exclusivity check on each read cost more than the hit test itself (see
/// `Benchmarks/NodeCoreBenchmarks`). NodeCore never holds an `inout` access to them
/// across a call, so there is nothing for the check to catch.
///
/// Subclass and override `pointInside(_:)` for irregular shapes, or the touch
/// methods of `Responder` to consume touches.
open class Node: Responder {
    /// A name, unique within a scene; used by the event log and scene files.
    public final var name: String

    /// Position and size in the supernode's coordinates.
    public final var frame: Rect {
        get { storedFrame }
        set {
            invalidateSubtree()
            let oldValue = storedFrame
            storedFrame = newValue
            // A container resized from outside its layout lays its children out again (behaviour.md §15).
            if layout != nil, !layoutState.isApplying, newValue.size != oldValue.size { setNeedsLayout() }
            // A list shows the rows of its new size (ListNode+SelfSizing.swift).
            if let scroll = asScrollNode, newValue.size != oldValue.size { scroll.sizeDidChange(from: oldValue.size) }
            invalidateSubtreeExtent()
            supernode?.wideChildIndex = nil
            invalidateSubtree()
        }
    }
    /// `frame`'s value; written directly only by `moveSubnodes(by:_:)`.
    @exclusivity(unchecked) private final var storedFrame: Rect

    /// Insets applied to `bounds` to get the touchable `slopRect`; negative values grow it.
    @exclusivity(unchecked) public final var hitTestSlop: EdgeInsets = .zero {
        willSet { invalidateSubtree() }
        didSet {
            invalidateSubtreeExtent()
            supernode?.wideChildIndex = nil
            invalidateSubtree()
        }
    }

    /// How this node sits in a laid-out supernode (behaviour.md §15).
    public final var style = LayoutStyle() {
        didSet { if style != oldValue { styleDidChange(from: oldValue) } }
    }
    /// How this node lays out its subnodes; nil: they keep their frames (behaviour.md §15).
    public final var layout: FlexLayout? {
        didSet { if layout != oldValue { layoutDidChange(from: oldValue) } }
    }
    /// Space around the measured content of a leaf (a button's label), in points.
    public final var contentInsets: EdgeInsets = .zero {
        didSet { if contentInsets != oldValue { setNeedsLayout() } }
    }
    /// The layout engine's caches and flags for this node (Layout/LayoutState.swift).
    @exclusivity(unchecked) final var layoutState = LayoutState()
    /// `style.display == .none`: read on every hit test without copying the style.
    @exclusivity(unchecked) final var isDisplayNone = false

    /// A hidden node is neither painted nor hit.
    @exclusivity(unchecked) public final var isHidden = false {
        willSet { invalidateSubtree() }
        didSet {
            invalidateSubtree()
            // A hidden text field cannot go on editing (behaviour.md §16).
            if isHidden, let window, window.firstResponder != nil { window.endEditing(ifInside: self) }
        }
    }

    /// Opacity in 0...1; below `minimumHittableAlpha` the node is not hit.
    @exclusivity(unchecked) public final var alpha: Double = 1 {
        didSet {
            alpha = min(max(alpha.isNaN ? 0 : alpha, 0), 1)
            invalidateSubtree()
        }
    }

    /// When false the node and its whole subtree ignore touches.
    @exclusivity(unchecked) public final var isUserInteractionEnabled = true {
        didSet { invalidateSubtree() }
    }

    /// Clips the painting of subnodes to `bounds`. Never affects hit testing.
    public final var clipsToBounds = false {
        willSet { invalidateSubtree() }
        didSet {
            invalidateSubtreeExtent()
            invalidateSubtree()
        }
    }

    /// A touch area other than the slopRect (behaviour.md §7.1); nil: the slopRect.
    public final var hitShape: HitShape? {
        willSet { invalidateSubtree() }
        didSet {
            hasHitShape = hitShape != nil
            invalidateSubtreeExtent()
            supernode?.wideChildIndex = nil
            invalidateSubtree()
        }
    }
    /// `hitShape != nil`, read on every hit test without copying the shape.
    @exclusivity(unchecked) private final var hasHitShape = false

    /// Fill color of the bounds.
    public final var backgroundColor: Color = .clear { didSet { invalidateSelf() } }
    /// The color painted behind the node's content now: `backgroundColor`, or for a
    /// control the color of its current state.
    public var currentBackgroundColor: Color { backgroundColor }
    /// Border stroke color, painted inside the bounds.
    public final var borderColor: Color = .clear { didSet { invalidateSelf() } }
    /// Border width in points, painted inside the bounds.
    public final var borderWidth: Double = 0 { didSet { invalidateSelf() } }
    /// Optional text centered in the node.
    public final var label: String? {
        didSet {
            invalidateSelf()
            if label != oldValue { setNeedsLayout() }
        }
    }
    /// Color of `label`; a control may give other colors per state (`currentLabelColor`).
    public final var labelColor: Color = .black { didSet { invalidateSelf() } }
    /// Size of `label` in points (behaviour.md §6).
    public final var labelFontSize: Double = Node.defaultLabelFontSize {
        didSet {
            invalidateSelf()
            if labelFontSize != oldValue { setNeedsLayout() }
        }
    }
    /// The label size a node starts with, in points.
    public static let defaultLabelFontSize = 14.0
    /// The color `label` is painted in now: `labelColor`, or for a control the label
    /// color of its current state.
    public var currentLabelColor: Color { labelColor }

    /// Ordered children; the last one is frontmost.
    @exclusivity(unchecked) public internal(set) final var subnodes: [Node] = []
    /// The parent, if any. It behaves as a weak reference but is stored unretained
    /// (`TreeLink`): a parent clears its children's `supernode` when it detaches them and in
    /// its `deinit`, so the pointer never dangles. A `weak` reference would give every
    /// parent a refcount side table, which made each retain on the hit-test path take
    /// the runtime's slow path. Debug builds trap on a read that would dangle.
    public internal(set) final var supernode: Node? {
        @inline(__always) get { supernodeLink.target }
        @inline(__always) set { supernodeLink.target = newValue }
    }
    @exclusivity(unchecked) final var supernodeLink = TreeLink<Node>()
    /// The origin of `bounds`: zero for a plain node; a scroll node's content offset
    /// (behaviour.md §1, §9.1). Hit testing, conversion, tappable areas and painting all add it
    /// when they step from a node into its subnodes.
    @exclusivity(unchecked) public internal(set) final var boundsOrigin: Point = .zero {
        didSet { boundsOriginDidChange() }
    }
    /// True for `ScrollNode`s: the touch path is searched for them on every down, and a
    /// flag is cheaper than a dynamic cast on each ancestor.
    package internal(set) final var isScrollNode = false
    /// True for `ControlNode`s, for the same reason: rows entering and leaving a list look
    /// up their ancestors for tracking controls.
    final var isControlNode = false
    /// True for `ImageNode`s: rows entering and leaving a list are checked for images
    /// (`Window.imageStructureVersion`).
    final var isImageNode = false
    /// Set on a window's root node only. Not `weak` (every invalidation reads it): the
    /// window clears it when it lets go of the root, on replacement and in its `deinit`.
    final var hostWindow: Window? {
        @inline(__always) get { hostWindowLink.target }
        @inline(__always) set { hostWindowLink.target = newValue }
    }
    final var hostWindowLink = TreeLink<Window>()
    /// `subtreeExtent` while valid; nil once this node or a descendant changed geometry
    /// (see Node+SubtreeExtent.swift). Valid only if every descendant's is valid.
    @exclusivity(unchecked) final var cachedSubtreeExtent: Rect?
    /// The grid over the subnodes used by `hitTest` when they are many (WideChildIndex.swift);
    /// nil until needed and after any change to a subnode's hit extent or to the subnodes.
    @exclusivity(unchecked) final var wideChildIndex: WideChildIndex?
    /// Hit tests that walked every subnode since `wideChildIndex` was last built.
    @exclusivity(unchecked) final var wideWalks = 0
    /// The grid over the subnodes' subtree extents used by painting (Node+PaintCandidates.swift);
    /// nil until needed and whenever a subnode's extent changes. A scroll (a new bounds origin)
    /// keeps it: the subnodes' extents in this node's coordinates did not change.
    @exclusivity(unchecked) final var widePaintIndex: WideChildIndex?
    /// Damaged repaints that walked every subnode since `widePaintIndex` was last built.
    @exclusivity(unchecked) final var widePaintWalks = 0
    #if DEBUG
    /// Subnodes visited by walks over this node's subnodes (TreeEdges.swift): tests pin
    /// that a scroll frame visits the few it shows, not all of them. Debug builds only.
    @exclusivity(unchecked) final var subnodeVisits = 0
    #endif

    /// A number no other node of this process has: identity that outlives the node
    /// (`TapCounter` remembers a node that may be gone by its next touch).
    final let serial = Node.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)

    public init(name: String, frame: Rect = .zero) {
        self.name = name
        storedFrame = frame
        super.init()
    }

    deinit {
        for child in subnodes { child.supernode = nil }
    }

    /// `(boundsOrigin, frame.size)`: the node's own coordinate space; the origin is zero
    /// except for a scroll node, whose origin is its content offset (behaviour.md §1).
    public final var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// `bounds` inset by `hitTestSlop`: where the node accepts touches.
    public final var slopRect: Rect { bounds.inset(by: hitTestSlop) }

    /// The supernode, or the window for the root.
    open override var nextResponder: Responder? { supernode ?? hostWindow }

    /// Whether `point` (in this node's coordinates) is inside the touchable area.
    /// The default is `slopRect.contains(point)`, or the `hitShape` when set; override
    /// for irregular shapes (and `hitTestExtent` when the shape reaches past the slopRect).
    open func pointInside(_ point: Point) -> Bool {
        if hasHitShape, let hitShape { return hitShape.contains(point, slopRect: slopRect) }
        return slopRect.contains(point)
    }

    /// A rect (node coordinates) outside of which `pointInside` is always false: where the
    /// overlay and the audit sample an irregular area. The slopRect, or the `hitShape`'s extent.
    open var hitTestExtent: Rect {
        hitShape?.extent(slopRect: slopRect) ?? slopRect
    }

    /// Whether this node can receive touches at all (visible, interactive, opaque enough).
    open var isHittable: Bool {
        !isHidden && !isDisplayNone && isUserInteractionEnabled && alpha >= minimumHittableAlpha
    }

    /// The frontmost node of this subtree that accepts `point` (in this node's
    /// coordinates), or nil; a subnode is reached only through its ancestors' slopRects.
    open func hitTest(_ point: Point) -> Node? {
        guard isHittable, pointInside(point) else { return nil }
        // One read of the array: it keeps every child alive for the loop, so the
        // children need no retain of their own (`hitTest(_:_:at:)`).
        let children = subnodes
        if children.count >= WideChildIndex.minimumChildren { return hitTestWide(children, point) ?? self }
        return hitTestFrontmost(children, point) ?? self
    }

    /// The first node named `name` in this subtree, depth first.
    public final func node(named name: String) -> Node? {
        if self.name == name { return self }
        for child in subnodes {
            if let found = child.node(named: name) { return found }
        }
        return nil
    }

    /// Visits this node and its descendants, parents before children, back to front.
    /// No node is retained on the way: each level walks its own copy of `subnodes`, which
    /// holds its nodes whatever `body` does to the tree (`forEach(in:_:)`).
    public final func forEachInSubtree<Failure: Error>(_ body: (Node) throws(Failure) -> Void) throws(Failure) {
        try body(self)
        var failure: Failure?
        Node.forEachUnretained(in: subnodes) { child in
            guard failure == nil else { return }
            do throws(Failure) { try child.forEachInSubtree(body) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Called for every node of a subtree just after it left its tree (its root
    /// was removed from a supernode or replaced as a window's root).
    open func didLeaveTree() {}

    // MARK: Invalidation

    /// Reports that this node's own paint changed.
    public final func invalidateSelf() {
        window?.recordInvalidation(.node(self))
    }

    /// Reports that this node's geometry or visibility changed, affecting its subtree.
    final func invalidateSubtree() {
        guard let window, window.recordsInvalidations else { return }
        window.recordInvalidation(.area(subtreeExtentInWindow()))
    }
}

extension Node {
    /// Moves subnodes of this one by `delta` with one round of bookkeeping for them all
    /// instead of one per node: a list's rows shifted together when rows are added ahead of
    /// them cost a few stores each, not a walk up the tree each (behaviour.md §20.2).
    /// `forEachNode` hands every subnode to move to the function it is given, so the caller
    /// makes no array of them.
    final func moveSubnodes(by delta: Point, _ forEachNode: (_ move: (Node) -> Void) -> Void) {
        invalidateSubtree()
        forEachNode { node in
            node.storedFrame.origin.x += delta.x
            node.storedFrame.origin.y += delta.y
            node.cachedSubtreeExtent = nil
            node.widePaintIndex = nil
        }
        wideChildIndex = nil
        invalidateSubtreeExtent()
        invalidateSubtree()
    }
}
