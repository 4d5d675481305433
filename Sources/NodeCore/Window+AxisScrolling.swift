/// A touchpad scroll in progress on one axis: its node and recent axis events.
final class FingerScroll {
    let node: ScrollNode
    var events: [(time: Double, value: Double)] = []

    init(node: ScrollNode) {
        self.node = node
    }
}

/// Pointer axis events (behaviour.md §9.4): wheel, continuous and touchpad scrolling.
extension Window {
    /// The innermost enabled scroll node under `location` (window points) that can
    /// scroll on `axis`, if any.
    public final func scrollTarget(_ axis: Axis, at location: Point) -> ScrollNode? {
        var current = hitTest(location)
        while let node = current {
            if let scroll = node.asScrollNode, scroll.isScrollEnabled, scroll.canScroll(on: axis) { return scroll }
            current = node.supernode
        }
        return nil
    }

    /// Scrolls the `scrollTarget` under `location` by `value` points on `axis`, at once
    /// and clamped to its resting range. A node being dragged by a touch ignores it; a
    /// decelerating one stops first. Touchpad (`finger`) events are remembered for
    /// the velocity at `stopAxisScrolling`.
    public final func scroll(_ axis: Axis, by value: Double, source: AxisSource, at location: Point, time: Double) {
        clock.advance(to: time)
        guard let target = scrollTarget(axis, at: location), !target.isDragging else { return }
        if source == .finger {
            let state = fingerScrolls[axis].flatMap { $0.node === target ? $0 : nil } ?? FingerScroll(node: target)
            state.events.removeAll { time - $0.time > ScrollPhysics.velocityWindow }
            state.events.append((time, value))
            fingerScrolls[axis] = state
        }
        target.scroll(axis, by: value, at: time)
    }

    /// The touchpad's fingers lifted (`axis_stop`): the node they scrolled on `axis`
    /// decelerates with the velocity of the axis events of the last 100 ms.
    public final func stopAxisScrolling(_ axis: Axis, time: Double) {
        clock.advance(to: time)
        guard let state = fingerScrolls[axis] else { return }
        fingerScrolls[axis] = nil
        guard state.node.window === self, state.node.isScrollEnabled else { return }
        state.node.decelerate(axis, velocity: ScrollPhysics.axisVelocity(of: state.events, at: time), at: time)
    }
}
