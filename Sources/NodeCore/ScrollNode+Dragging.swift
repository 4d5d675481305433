/// A drag in progress: its touches (the earliest still down leads) and where the
/// following began, as a raw offset before the rubber band.
final class ScrollDrag {
    var touches: [Touch]
    /// The raw offset when the leading touch was at `startLocation`.
    var rawStart: Point
    var startLocation: Point
    /// The raw offset now.
    var raw: Point

    init(touch: Touch, raw: Point) {
        touches = [touch]
        rawStart = raw
        startLocation = touch.location
        self.raw = raw
    }
}

extension ScrollNode {
    /// `touch` passed the slop and this node takes it: a new drag (stopping an animation
    /// first), or one more touch of the drag in progress.
    final func beginDrag(with touch: Touch, at time: Double) {
        if let drag {
            drag.touches.append(touch)
            return
        }
        if isDecelerating { stopAnimation(at: time) }
        drag = ScrollDrag(touch: touch, raw: rawOffset(showing: contentOffset))
        notify(.began, time: time, touch: touch.id)
        invalidateSelf()
    }

    /// A touch that began on this dragging node joins the drag.
    final func addDragTouch(_ touch: Touch) {
        drag?.touches.append(touch)
    }

    /// The leading touch moved: the offset follows it one to one on every axis that can
    /// scroll, counted from where the drag began, with the rubber band past an edge.
    final func dragTouchMoved(_ touch: Touch, at time: Double) {
        guard let drag, drag.touches.first === touch else { return }
        var offset = contentOffset
        for axis in Axis.allCases where canScroll(on: axis) {
            drag.raw[axis] = drag.rawStart[axis] - (touch.location[axis] - drag.startLocation[axis])
            offset[axis] = ScrollPhysics.dragged(drag.raw[axis], range: restingRange(on: axis),
                                                 dimension: frame.size[axis], bounces: bounces)
        }
        guard offset != contentOffset else { return }
        contentOffset = offset
        notify(.scrolled, time: time, touch: touch.id)
    }

    /// A touch of the drag lifted (`velocity` is its finger velocity) or was cancelled
    /// (zero velocity). The next earliest touch takes over without a jump; after the
    /// last one the node decelerates, bounces back, or rests.
    final func dragTouchEnded(_ touch: Touch, velocity: Point, at time: Double) {
        guard let drag, let index = drag.touches.firstIndex(where: { $0 === touch }) else { return }
        drag.touches.remove(at: index)
        if let next = drag.touches.first {
            if index == 0 {
                drag.rawStart = drag.raw
                drag.startLocation = next.location
            }
            return
        }
        self.drag = nil
        lift(touch, velocity: velocity, at: time)
        invalidateSelf()
    }

    /// After the last touch of a drag: per axis, back to the edge when beyond it (or a
    /// snap when within `bounceEndDistance`), else a deceleration at the content's
    /// velocity (the finger's, reversed) when fast enough.
    private func lift(_ touch: Touch, velocity: Point, at time: Double) {
        var motions = AxisMotions()
        var snapped = contentOffset
        for axis in Axis.allCases where canScroll(on: axis) {
            let offset = contentOffset[axis]
            let range = restingRange(on: axis)
            if offset < range.lowerBound || offset > range.upperBound {
                let edge = offset < range.lowerBound ? range.lowerBound : range.upperBound
                if let bounce = AxisMotion.bounce(from: offset, to: edge, at: time) {
                    motions[axis] = bounce
                } else {
                    snapped[axis] = edge
                }
            } else {
                motions[axis] = AxisMotion.deceleration(from: offset, velocity: -velocity[axis], rate: decelerationRate,
                                                        range: range, at: time)
            }
        }
        if snapped != contentOffset {
            contentOffset = snapped
            notify(.scrolled, time: time, touch: touch.id)
        }
        notify(.ended(decelerates: !motions.isEmpty), time: time, touch: touch.id)
        if !motions.isEmpty { animate(motions, at: time) }
        let content = Point(x: -velocity.x, y: -velocity.y)
        didEndDragging(velocity: content, targetOffset: animation?.offset(at: .infinity, from: contentOffset) ?? contentOffset,
                       at: time)
    }

    /// The raw drag offset that shows as `offset` (the rubber band undone), so that a
    /// drag caught beyond an edge starts without a jump.
    private func rawOffset(showing offset: Point) -> Point {
        var raw = offset
        guard bounces else { return raw }
        for axis in Axis.allCases {
            let range = restingRange(on: axis)
            let d = frame.size[axis]
            if offset[axis] < range.lowerBound {
                raw[axis] = range.lowerBound - ScrollPhysics.overshoot(showing: range.lowerBound - offset[axis], dimension: d)
            } else if offset[axis] > range.upperBound {
                raw[axis] = range.upperBound + ScrollPhysics.overshoot(showing: offset[axis] - range.upperBound, dimension: d)
            }
        }
        return raw
    }
}
