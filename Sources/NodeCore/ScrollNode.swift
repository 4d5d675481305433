/// A node whose content scrolls, with UIScrollView's touch model (behaviour.md §9): its bounds
/// origin is `contentOffset`, so its subnodes (the content, in content coordinates)
/// are hit, converted and painted where they are on screen. A touch on the content
/// is watched by the scroll nodes above it; past `scrollSlop` one of them may drag,
/// and after a lift it decelerates or bounces back as a pure function of time on the
/// window's `Clock`.
///
/// Subclass and override `touchesShouldCancel(in:)` to change which content touches
/// a drag takes over.
open class ScrollNode: Node, ClockAnimation {
    /// How far, in points, a touch moves from its down location before a drag can begin.
    public static let defaultScrollSlop = 10.0
    /// How long, in milliseconds, the content waits for a touch's down (`delaysContentTouches`).
    public static let defaultContentTouchDelay = 150.0
    /// UIKit's normal deceleration rate, per millisecond.
    public static let normalDecelerationRate = 0.998
    /// UIKit's fast deceleration rate, per millisecond.
    public static let fastDecelerationRate = 0.99

    private var explicitContentSize: Size?

    /// The axes a node with `layout` and no `contentSize` set scrolls its laid-out content
    /// along (behaviour.md §15.2, Texture's `scrollableDirections`); vertical by default.
    public final var scrollableDirections = ScrollableDirections.vertical {
        didSet { if scrollableDirections != oldValue { setNeedsLayout() } }
    }

    /// Whether the content size comes from the layout: the node has `layout` and no `contentSize` was set.
    final var sizesContentByLayout: Bool { layout != nil && explicitContentSize == nil }

    /// The content size the last layout pass gave (FlexEngine+ScrollContent.swift).
    final var contentSizeFromLayout: Size? {
        didSet {
            guard contentSizeFromLayout != oldValue else { return }
            if showsScrollIndicators { invalidateSelf() }
            // Content that shrank under a resting node leaves no blank beyond its end.
            if !isDragging, !isDecelerating { contentOffset = restingOffset }
        }
    }

    /// The size of the scrollable content: as set, else the layout's when the node has
    /// `layout`, else the node's own size.
    public final var contentSize: Size {
        get { explicitContentSize ?? (layout != nil ? contentSizeFromLayout : nil) ?? frame.size }
        set {
            explicitContentSize = newValue
            // Only the scroll indicators depend on it, and they show only while scrolling:
            // rows a list adds out of view repaint nothing.
            if showsScrollIndicators { invalidateSelf() }
        }
    }

    /// The point of the content shown at the node's top-left corner: the origin of
    /// `bounds`. Setting it moves the content on screen at once.
    public final var contentOffset: Point {
        get { boundsOrigin }
        set {
            guard newValue != boundsOrigin else { return }
            let old = boundsOrigin
            invalidateSubtree()
            boundsOrigin = newValue
            invalidateSubtree()
            contentOffsetDidChange(from: old)
        }
    }

    /// Extra scrollable room around the content; widens the resting range.
    public final var contentInset: EdgeInsets = .zero { didSet { invalidateSelf() } }
    /// When false the node neither drags nor takes axis events, and a drag or
    /// animation in progress stops where it is, inside the resting range.
    public final var isScrollEnabled = true {
        didSet { if !isScrollEnabled, oldValue { stopScrolling() } }
    }
    /// Whether a drag can pull the content past an edge (rubber band) and let it bounce back.
    public final var bounces = true
    /// Lets a drag move vertically (with the rubber band) even when the content fits.
    public final var alwaysBounceVertical = false
    /// Lets a drag move horizontally (with the rubber band) even when the content fits.
    public final var alwaysBounceHorizontal = false
    /// Whether the content sees a touch's down only after `contentTouchDelay` (or its end).
    public final var delaysContentTouches = true
    /// Whether a drag may take over a touch the content already has.
    public final var canCancelContentTouches = true
    /// Makes the default `touchesShouldCancel(in:)` true for controls too (scene key
    /// `cancelsControlTouches`).
    public final var cancelsControlTouches = false
    /// Deceleration per millisecond after a lift (`normalDecelerationRate` or `fastDecelerationRate`).
    public final var decelerationRate = ScrollNode.normalDecelerationRate
    /// See `defaultScrollSlop`.
    public final var scrollSlop = ScrollNode.defaultScrollSlop
    /// See `defaultContentTouchDelay`.
    public final var contentTouchDelay = ScrollNode.defaultContentTouchDelay

    /// The drag in progress, if any.
    var drag: ScrollDrag?
    /// The deceleration or bounce in progress, if any.
    var animation: ScrollAnimation?
    /// Each held in a struct, so calling one takes no reabstraction thunk (unoptimized builds
    /// would allocate one per call).
    private var observers: [ScrollObserver] = []

    /// A scroll node clips to its bounds by default.
    public override init(name: String, frame: Rect = .zero) {
        super.init(name: name, frame: frame)
        isScrollNode = true
        clipsToBounds = true
    }

    /// Whether a drag that begins after the content got `node`'s touch takes the touch
    /// over (cancelling it in the content). UIKit's default: false for a control
    /// (unless `cancelsControlTouches`), true for anything else.
    open func touchesShouldCancel(in node: Node) -> Bool {
        cancelsControlTouches || !(node is ControlNode)
    }

    /// The offsets where the content rests on `axis`:
    /// `[-inset.leading, max(-inset.leading, contentSize + inset.trailing - size)]`.
    public final func restingRange(on axis: Axis) -> ClosedRange<Double> {
        let low = -contentInset.leading(axis)
        let high = contentSize[axis] + contentInset.trailing(axis) - frame.size[axis]
        return low...max(low, high)
    }

    /// Whether `axis` can scroll: its resting range is more than one value, or it always bounces.
    public final func canScroll(on axis: Axis) -> Bool {
        let range = restingRange(on: axis)
        return range.lowerBound < range.upperBound
            || (axis == .vertical ? alwaysBounceVertical : alwaysBounceHorizontal)
    }

    /// Whether either axis can scroll.
    public final var canScroll: Bool { canScroll(on: .vertical) || canScroll(on: .horizontal) }

    /// `contentOffset` moved into the resting range on every axis.
    public final var restingOffset: Point {
        var offset = contentOffset
        for axis in Axis.allCases {
            let range = restingRange(on: axis)
            offset[axis] = min(max(offset[axis], range.lowerBound), range.upperBound)
        }
        return offset
    }

    /// Whether a touch drags the content now.
    public final var isDragging: Bool { drag != nil }
    /// Whether a deceleration or bounce is running.
    public final var isDecelerating: Bool { animation != nil }
    /// Whether scroll indicators show: while dragging, decelerating or bouncing.
    public final var showsScrollIndicators: Bool { isDragging || isDecelerating }

    /// Registers `handler` for every scroll event of this node, in order of registration.
    public final func addScrollObserver(_ handler: @escaping (ScrollNode, ScrollEvent) -> Void) {
        observers.append(ScrollObserver(handler: handler))
    }

    /// Reports `kind` at `time` to the observers, with the current offset.
    final func notify(_ kind: ScrollEvent.Kind, time: Double, touch: TouchID?) {
        let event = ScrollEvent(kind: kind, time: time, touch: touch, offset: contentOffset)
        for observer in observers { observer.handler(self, event) }
        didReport(event)
    }

    /// Called after every offset change, for subclasses that lay content out by the
    /// visible area (lists).
    func contentOffsetDidChange(from old: Point) {}

    /// Called after the node's size changed, for subclasses that lay content out by it (lists).
    func sizeDidChange(from old: Size) {}

    /// Called after the observers heard `event` (lists check for batch fetching here,
    /// so their log lines follow the scroll lines).
    func didReport(_ event: ScrollEvent) {}

    /// Called at a drag's lift, after `scrollEnded`: the content's velocity (points per
    /// ms) and the offset where the deceleration or bounce that follows will end.
    func didEndDragging(velocity: Point, targetOffset: Point, at time: Double) {}

    open override func didLeaveTree() {
        super.didLeaveTree()
        // Nothing outside the tree can move it any more.
        drag = nil
        if let animation {
            animation.clock.cancel(animation.timer)
            animation.clock.remove(self)
            self.animation = nil
        }
    }

    /// Ends a drag or animation in progress, leaving the content in the resting range.
    private func stopScrolling() {
        let time = window?.clock.now ?? 0
        if let drag {
            self.drag = nil
            contentOffset = restingOffset
            notify(.ended(decelerates: false), time: time, touch: drag.touches.first?.id)
            invalidateSelf()
        }
        if isDecelerating {
            stopAnimation(at: time)
            contentOffset = restingOffset
        }
    }

    public final func clockDidAdvance(to time: Double) {
        guard let animation else { return }
        contentOffset = animation.offset(at: time, from: contentOffset)
    }
}

/// A scroll observer (`ScrollNode.addScrollObserver`).
private struct ScrollObserver {
    let handler: (ScrollNode, ScrollEvent) -> Void
}
