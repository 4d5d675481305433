/// One optional motion per axis; each axis moves on its own.
struct AxisMotions {
    var horizontal: AxisMotion?
    var vertical: AxisMotion?

    subscript(axis: Axis) -> AxisMotion? {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }

    var isEmpty: Bool { horizontal == nil && vertical == nil }

    /// The instant the last axis ends.
    var end: Double { max(horizontal?.end ?? -.infinity, vertical?.end ?? -.infinity) }
}

/// A deceleration or bounce in progress on the window's clock, ending at `motions.end`.
struct ScrollAnimation {
    var motions: AxisMotions
    let clock: Clock
    let timer: Clock.TimerID

    /// The offset at `time`: each moving axis on its own formula, the others unchanged.
    func offset(at time: Double, from current: Point) -> Point {
        var offset = current
        for axis in Axis.allCases {
            if let motion = motions[axis] { offset[axis] = motion.offset(at: time) }
        }
        return offset
    }
}

extension ScrollNode {
    /// Starts `motions` (merged with any running on other axes), ending exactly at the
    /// last axis's end instant with `scrollStopped`.
    final func animate(_ motions: AxisMotions, at time: Double) {
        guard let clock = window?.clock else { return }
        var merged = motions
        if let running = animation {
            clock.cancel(running.timer)
            for axis in Axis.allCases where merged[axis] == nil { merged[axis] = running.motions[axis] }
        }
        let timer = clock.schedule(at: merged.end) { [unowned self] end in finishAnimation(at: end) }
        animation = ScrollAnimation(motions: merged, clock: clock, timer: timer)
        clock.add(self)
        invalidateSelf()
    }

    /// The animation reached its end instant: the final offset exactly, then `scrollStopped`.
    private func finishAnimation(at time: Double) {
        guard let animation else { return }
        contentOffset = animation.offset(at: .infinity, from: contentOffset)
        endAnimation(animation)
        notify(.stopped, time: time, touch: nil)
    }

    /// Stops the animation where it is at `time` (a touch caught it), with `scrollStopped`.
    final func stopAnimation(at time: Double) {
        guard let animation else { return }
        contentOffset = animation.offset(at: time, from: contentOffset)
        animation.clock.cancel(animation.timer)
        endAnimation(animation)
        notify(.stopped, time: time, touch: nil)
    }

    private func endAnimation(_ animation: ScrollAnimation) {
        animation.clock.remove(self)
        self.animation = nil
        invalidateSelf()
    }

    // MARK: Pointer axis events

    /// A wheel, continuous or touchpad axis event: the offset moves by `value` at once,
    /// clamped to the resting range; `scrolled` when it moved.
    final func scroll(_ axis: Axis, by value: Double, at time: Double) {
        if isDecelerating { stopAnimation(at: time) }
        let range = restingRange(on: axis)
        var offset = contentOffset
        offset[axis] = min(max(offset[axis] + value, range.lowerBound), range.upperBound)
        guard offset != contentOffset else { return }
        contentOffset = offset
        notify(.scrolled, time: time, touch: nil)
    }

    /// The touchpad lifted (`axis_stop`) with `velocity` points per ms along `axis`.
    final func decelerate(_ axis: Axis, velocity: Double, at time: Double) {
        guard !isDragging, canScroll(on: axis) else { return }
        var motions = AxisMotions()
        motions[axis] = AxisMotion.deceleration(from: contentOffset[axis], velocity: velocity, rate: decelerationRate,
                                                range: restingRange(on: axis), at: time)
        if !motions.isEmpty { animate(motions, at: time) }
    }
}
