/// Owns a node tree and dispatches touches into it: hit test at down, then
/// delivery along the responder chain from the bound node until consumed.
open class Window: Responder {
    /// The application object, next responder after the window.
    public let application: Application

    /// The root of the tree; replacing it cancels touches bound into the old tree's controls.
    public final var root: Node {
        willSet { if root.hostWindow === self { root.hostWindow = nil } }
        didSet {
            root.hostWindow = self
            structureVersion &+= 1
            imageStructureVersion &+= 1
            if oldValue !== root { oldValue.forEachInSubtree { $0.didLeaveTree() } }
            recordInvalidation(.area(Rect(origin: .zero, size: size)))
        }
    }

    /// Changes whenever the tree gains or loses nodes (an insert or removal anywhere in it,
    /// a new root), and only then: lets a painter keep what it found by walking the tree
    /// (the scroll nodes) until the tree changes.
    public internal(set) final var structureVersion = 0
    /// Changes whenever image nodes join or leave the tree (a subtree with one inserted or
    /// removed, a new root), and only then: what is kept of the tree's images holds until it does.
    public internal(set) final var imageStructureVersion = 0
    /// What self-sizing list rows are measured with: the last layout pass's measurer; nil
    /// before the first pass (ListNode+SelfSizing.swift).
    final var rowMeasurement: RowMeasurement?

    /// Window size in points.
    public final var size: Size {
        didSet { recordInvalidation(.area(Rect(origin: .zero, size: size))) }
    }

    /// Paints the tappable-area overlay over everything when true.
    public final var showsTappableAreas = false {
        didSet { if showsTappableAreas != oldValue { recordInvalidation(.area(Rect(origin: .zero, size: size))) } }
    }

    public final var tapCounter = TapCounter()

    /// The time source of this window's timers and animations (content-touch delay,
    /// deceleration, bounce). Every input method advances it to the input's time first.
    public final let clock = Clock()

    /// The text field that keys and input methods edit, if any (behaviour.md §16).
    public internal(set) final var firstResponder: TextFieldNode?
    /// Caret geometry of shaped text (Render's text engine); nil: uniform widths.
    public final var textFieldMetrics: TextFieldMetrics?
    /// Where copy, cut and paste go.
    public final var clipboard: Clipboard = LocalClipboard()
    /// Turns key presses into typed text, compose sequences included.
    public final var keyTranslator: KeyTranslator = PlainKeyTranslator()
    /// When a held key types again.
    public final var keyRepeat = KeyRepeat.standard
    /// The key repeating now: its name and the timer of its next repeat.
    final var repeatingKey: (name: String, timer: Clock.TimerID)?
    /// The metrics of a window that has none.
    static let uniformTextFieldMetrics = UniformTextFieldMetrics()

    /// Touchpad scrolls in progress, per axis (see `Window+AxisScrolling.swift`).
    final var fingerScrolls: [Axis: FingerScroll] = [:]

    /// Active touches in the order they began.
    public final var activeTouches: [Touch] { touches.values }
    /// The active touches by id, in begin order: O(1) lookup however many are down.
    private final var touches = OrderedTable<TouchID, Touch>()

    private final var invalidations: [Invalidation] = []
    /// Whether changes are recorded for repainting (`takeInvalidations`). A replay that paints
    /// nothing between events turns it off, so that changes (a list's rows coming and going
    /// above all) skip working out what to repaint; turned on again, everything is damaged.
    public final var recordsInvalidations = true {
        didSet { if recordsInvalidations, !oldValue { recordInvalidation(.area(Rect(origin: .zero, size: size))) } }
    }

    public init(root: Node, size: Size, application: Application = Application()) {
        self.root = root
        self.size = size
        self.application = application
        super.init()
        root.hostWindow = self
    }

    deinit {
        if root.hostWindowLink.names(self) { root.hostWindow = nil }
        // A touch still down holds its node and its pan (which holds scroll nodes), and a
        // control or scroll node using it holds the touch: the touch lets go of its side so
        // the tree and the touches are freed with the window (behaviour.md §3.1).
        for touch in touches.values {
            touch.node = nil
            touch.pan = nil
            touch.trackingControl = nil
        }
        // A running animation and the clock hold each other (a scroll node's animation
        // keeps the clock, the clock the node) until it ends: the clock lets go of both.
        clock.removeAll()
    }

    open override var nextResponder: Responder? { application }

    /// The frontmost hittable node at `point` (window coordinates), or nil.
    public final func hitTest(_ point: Point) -> Node? {
        let origin = root.frame.origin
        let inner = root.boundsOrigin
        return root.hitTest(Point(x: point.x - origin.x + inner.x, y: point.y - origin.y + inner.y))
    }

    /// Whether an active touch is bound to `subtree` or a node inside it.
    public final func hasTouch(boundInto subtree: Node) -> Bool {
        touches.contains { touch in touch.node.map(subtree.isAncestor(of:)) ?? false }
    }

    /// The active touch with `id`, if any.
    public final func touch(withID id: TouchID) -> Touch? {
        touches[id]
    }

    // MARK: Dispatch

    /// A touch goes down at `location` (window points). A down for an id that is
    /// already active is ignored. Returns the new touch.
    @discardableResult
    public final func touchDown(_ id: TouchID, kind: TouchKind = .touch, at location: Point, time: Double) -> Touch? {
        clock.advance(to: time)
        guard touch(withID: id) == nil else { return nil }
        let node = hitTest(location)
        let count = tapCounter.tapCount(node: node, kind: kind, location: location, time: time)
        let touch = Touch(id: id, kind: kind, location: location, timestamp: time, tapCount: count, node: node)
        touches.append(touch, for: id)
        beginTouch(touch, at: time)
        return touch
    }

    /// An active touch moves; unknown ids are ignored.
    public final func touchMoved(_ id: TouchID, to location: Point, time: Double) {
        clock.advance(to: time)
        guard let touch = touch(withID: id) else { return }
        touch.previousLocation = touch.location
        touch.location = location
        touch.timestamp = time
        touch.phase = .moved
        if let pan = touch.pan {
            moveWatchedTouch(touch, pan, at: time)
            return
        }
        touch.node?.touchMoved(touch)
    }

    /// An active touch lifts; unknown ids are ignored.
    public final func touchUp(_ id: TouchID, time: Double) {
        clock.advance(to: time)
        guard let touch = touches.remove(id) else { return }
        touch.timestamp = time
        if let pan = touch.pan {
            let reachesContent = endWatchedTouch(touch, pan, at: time)
            touch.pan = nil
            guard reachesContent else {
                touch.previousLocation = touch.location
                touch.phase = .ended
                tapCounter.reset()
                return
            }
        }
        touch.previousLocation = touch.location
        touch.phase = .ended
        tapCounter.touchEnded(touch)
        touch.node?.touchEnded(touch)
        touch.trackingControl?.touchFinishedElsewhere(touch)
    }

    /// Cancels one active touch; unknown ids are ignored.
    public final func touchCancel(_ id: TouchID, time: Double) {
        clock.advance(to: time)
        guard let touch = touches.remove(id) else { return }
        cancel(touch, time: time)
    }

    /// Cancels every active touch of `kind` (all touches when nil), in the order they began.
    public final func cancelAllTouches(kind: TouchKind? = nil, time: Double) {
        clock.advance(to: time)
        let cancelled = touches.values.filter { kind == nil || $0.kind == kind }
        for touch in cancelled { touches.remove(touch.id) }
        for touch in cancelled { cancel(touch, time: time) }
    }

    private func cancel(_ touch: Touch, time: Double) {
        touch.previousLocation = touch.location
        touch.timestamp = time
        touch.phase = .cancelled
        tapCounter.reset()
        if let pan = touch.pan {
            touch.pan = nil
            guard cancelWatchedTouch(touch, pan, at: time) else { return }
        }
        touch.node?.touchCancelled(touch)
        touch.trackingControl?.touchFinishedElsewhere(touch)
    }

    // MARK: Invalidation

    /// Records a repaint need; the renderer collects them with `takeInvalidations()`.
    /// Past `maximumPendingInvalidations` the list collapses into one whole-window area.
    public final func recordInvalidation(_ invalidation: Invalidation) {
        guard recordsInvalidations else { return }
        if invalidations.count >= Window.maximumPendingInvalidations {
            invalidations = [.area(Rect(origin: .zero, size: size))]
            return
        }
        invalidations.append(invalidation)
    }

    /// How many invalidations are kept before they collapse into a full repaint.
    public static let maximumPendingInvalidations = 256

    /// Returns and clears everything invalidated since the last call.
    public final func takeInvalidations() -> [Invalidation] {
        var taken: [Invalidation] = []
        takeInvalidations { taken.append($0) }
        return taken
    }

    /// Passes each invalidation since the last call to `body` and clears them, keeping
    /// the list's storage (the renderer drains it once per input event).
    public final func takeInvalidations(_ body: (Invalidation) -> Void) {
        for invalidation in invalidations { body(invalidation) }
        invalidations.removeAll(keepingCapacity: true)
    }
}
