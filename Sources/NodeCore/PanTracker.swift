/// What the scroll nodes on a touch's path know about it (behaviour.md §9.2).
final class TouchPan {
    /// Whether the content (the bound node and its responder chain) has the touch.
    enum Content {
        /// Held back by `delaysContentTouches`: it gets the down later, or never.
        case pending
        case delivered
        /// A scroll node has it; the content never sees it (again).
        case withheld
    }

    /// The enabled scroll nodes among the bound node and its ancestors, innermost first.
    let watchers: [ScrollNode]
    var content: Content
    /// True until the touch passes the slop (or joins a drag at its down).
    var isDeciding = true
    var delayTimer: Clock.TimerID?
    /// Motion samples of the last `ScrollPhysics.velocityWindow` ms, for the lift velocity.
    var samples: [MotionSample] = []
    /// The scroll node this touch drags (or belongs to, as a later touch of its drag).
    var dragNode: ScrollNode?

    init(watchers: [ScrollNode], content: Content) {
        self.watchers = watchers
        self.content = content
        // Room for the window at input rates up to 1.2 kHz, made at the down: motions then
        // never grow the array (how far a growth reaches depends on the heap's block sizes).
        samples.reserveCapacity(128)
    }

    /// The enabled scroll nodes among `node` and its ancestors, innermost first.
    static func watchers(of node: Node) -> [ScrollNode] {
        var result: [ScrollNode] = []
        node.forEachAncestor(includingSelf: true) { n in
            if let scroll = n.asScrollNode, scroll.isScrollEnabled { result.append(scroll) }
            return true
        }
        return result
    }
}

/// The pan: how a window shares touches between scroll nodes and their content.
extension Window {
    /// Delivers a new touch's down: to the content at once, later (content delay), or
    /// never (it joins a dragging node, or it caught a decelerating one).
    final func beginTouch(_ touch: Touch, at time: Double) {
        guard let node = touch.node else { return }
        let watchers = TouchPan.watchers(of: node)
        guard !watchers.isEmpty else {
            node.touchBegan(touch)
            return
        }
        if let dragging = watchers.first(where: \.isDragging) {
            let pan = TouchPan(watchers: watchers, content: .withheld)
            pan.isDeciding = false
            pan.dragNode = dragging
            touch.pan = pan
            dragging.addDragTouch(touch)
            return
        }
        var caught = false
        for scroll in watchers where scroll.isDecelerating {
            scroll.stopAnimation(at: time)
            caught = true
        }
        if caught {
            touch.pan = TouchPan(watchers: watchers, content: .withheld)
            return
        }
        if let delaying = watchers.first(where: { $0.delaysContentTouches && $0.canScroll }) {
            let pan = TouchPan(watchers: watchers, content: .pending)
            touch.pan = pan
            pan.delayTimer = clock.schedule(at: time + delaying.contentTouchDelay) { [unowned self] deadline in
                contentDelayExpired(for: touch, at: deadline)
            }
            return
        }
        touch.pan = TouchPan(watchers: watchers, content: .delivered)
        node.touchBegan(touch)
    }

    /// A watched touch moved: it drags, decides at the slop, or reaches the content.
    final func moveWatchedTouch(_ touch: Touch, _ pan: TouchPan, at time: Double) {
        pan.samples.removeAll { time - $0.time > ScrollPhysics.velocityWindow }
        pan.samples.append(MotionSample(time: time, location: touch.location))
        if let drag = pan.dragNode {
            drag.dragTouchMoved(touch, at: time)
            return
        }
        if pan.isDeciding, let slop = pan.watchers.map(\.scrollSlop).min(),
           touch.location.distance(to: touch.downLocation) > slop {
            pan.isDeciding = false
            // A touch the content had not seen gets there (if at all) as a down only.
            let wasPending = pan.content == .pending
            if decideDrag(touch, pan, at: time) || wasPending { return }
        }
        if pan.content == .delivered { touch.node?.touchMoved(touch) }
    }

    /// The touch passed the slop: the drag goes to the innermost watcher that can
    /// scroll along the movement's axis, taking the touch from the content when it
    /// may. Returns whether a drag took the touch.
    private func decideDrag(_ touch: Touch, _ pan: TouchPan, at time: Double) -> Bool {
        let dx = abs(touch.location.x - touch.downLocation.x), dy = abs(touch.location.y - touch.downLocation.y)
        let axis: Axis = dx > dy ? .horizontal : .vertical
        let target = pan.watchers.first { scroll in
            scroll.isScrollEnabled && scroll.window === self && scroll.canScroll(on: axis)
                && touch.node.map(scroll.isAncestor(of:)) == true
        }
        guard let target else {
            if pan.content == .pending { deliverPendingDown(touch, pan, at: time) }
            return false
        }
        switch pan.content {
        case .delivered:
            guard target.canCancelContentTouches, let node = touch.node, target.touchesShouldCancel(in: node) else {
                return false
            }
            pan.content = .withheld
            let phase = touch.phase
            touch.phase = .cancelled
            tapCounter.reset()
            node.touchCancelled(touch)
            touch.trackingControl?.touchFinishedElsewhere(touch)
            touch.phase = phase
        case .pending:
            cancelDelay(pan)
            pan.content = .withheld
        case .withheld:
            break
        }
        pan.dragNode = target
        target.beginDrag(with: touch, at: time)
        return true
    }

    /// The content delay expired with the touch still down and undecided: the content
    /// gets the down now, at the touch's location now.
    private func contentDelayExpired(for touch: Touch, at time: Double) {
        guard let pan = touch.pan, pan.content == .pending else { return }
        pan.delayTimer = nil
        deliverPendingDown(touch, pan, at: time)
    }

    private func deliverPendingDown(_ touch: Touch, _ pan: TouchPan, at time: Double) {
        cancelDelay(pan)
        pan.content = .delivered
        let phase = touch.phase
        touch.phase = .began
        touch.timestamp = time
        touch.node?.touchBegan(touch)
        if touch.phase == .began { touch.phase = phase }
    }

    private func cancelDelay(_ pan: TouchPan) {
        if let timer = pan.delayTimer { clock.cancel(timer) }
        pan.delayTimer = nil
    }

    /// A watched touch lifted. Returns whether the content should get its end as usual.
    final func endWatchedTouch(_ touch: Touch, _ pan: TouchPan, at time: Double) -> Bool {
        cancelDelay(pan)
        if let drag = pan.dragNode {
            drag.dragTouchEnded(touch, velocity: ScrollPhysics.liftVelocity(of: pan.samples, at: time), at: time)
            return false
        }
        switch pan.content {
        case .delivered:
            return true
        case .withheld:
            return false
        case .pending:
            // A tap within the delay: the down at its first location, then the up at
            // its last, both at the up's time.
            let last = touch.location
            touch.location = touch.downLocation
            touch.previousLocation = touch.downLocation
            deliverPendingDown(touch, pan, at: time)
            touch.previousLocation = touch.location
            touch.location = last
            return true
        }
    }

    /// A watched touch was cancelled. Returns whether the content should get the cancel.
    final func cancelWatchedTouch(_ touch: Touch, _ pan: TouchPan, at time: Double) -> Bool {
        cancelDelay(pan)
        if let drag = pan.dragNode {
            drag.dragTouchEnded(touch, velocity: .zero, at: time)
            return false
        }
        return pan.content == .delivered
    }
}
