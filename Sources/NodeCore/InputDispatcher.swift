/// Turns seat input into window touches with the rules of behaviour.md §3.3. Touches come as
/// whole frames (`handle(_:at:)` with a `TouchFrame`): the live seat's, or an input script's
/// lines grouped by the same `TouchFrameAssembler`, so replay checks exactly what runs on a
/// device. A cancel cancels every finger in the order they began; the left pointer button
/// acts as the touch `pointer`.
public final class InputDispatcher {
    public let window: Window
    /// Called for key events, with the time in milliseconds.
    public var onKey: ((_ key: String, _ pressed: Bool, _ time: Double) -> Void)?

    /// An input script's touch lines, grouped into frames as the seat groups its events.
    private var lines = TouchFrameAssembler()
    private var pointerLocation: Point?
    private var pointerPressed = false

    public init(window: Window) {
        self.window = window
    }

    /// Ids of the fingers an input script has down (applied or waiting for their frame), in
    /// the order they began.
    public var activeFingerIDs: [Int] { lines.activeIDs }

    /// Applies one whole touch frame at `time`, the time of what closed it (the frame, the
    /// last up or the cancel). The clock advances to each change's time and then to `time`
    /// first, as it does line by line, so that timers due in between fire before the touches.
    public func handle(_ frame: TouchFrame, at time: Double) {
        if !frame.isCancel {
            for change in frame.changes { window.clock.advance(to: change.time) }
        }
        window.clock.advance(to: time)
        apply(frame, at: time)
    }

    /// Cancels every finger's touch, in the order they began (the pointer is left alone), and
    /// drops the script's touch lines still waiting for their frame.
    public func cancelTouches(at time: Double) {
        _ = lines.cancel()
        window.cancelAllTouches(kind: .touch, time: time)
    }

    /// Feeds one event, as an input script's line holds it: touch lines become frames.
    public func handle(_ event: InputEvent, at time: Double) {
        // Timers and animations due before this event happen first (behaviour.md §9.5).
        window.clock.advance(to: time)
        switch event {
        case .touchDown(let id, let location):
            lines.down(id: id, location: location, time: time)
        case .touchMotion(let id, let location):
            lines.motion(id: id, location: location, time: time)
        case .touchUp(let id):
            applyLines(lines.up(id: id, time: time), at: time)
        case .touchFrame:
            applyLines(lines.frame(), at: time)
        case .touchCancel:
            cancelTouches(at: time)
        case .pointerMotion(let location):
            pointerLocation = location
            if pointerPressed { window.touchMoved(.pointer, to: location, time: time) }
        case .pointerButton(let button, let pressed):
            guard button == .left else { return }
            if pressed, !pointerPressed, let location = pointerLocation {
                pointerPressed = true
                window.touchDown(.pointer, kind: .pointer, at: location, time: time)
            } else if !pressed, pointerPressed {
                pointerPressed = false
                window.touchUp(.pointer, time: time)
            }
        case .pointerLeave:
            pointerLocation = nil
            if pointerPressed {
                pointerPressed = false
                window.touchCancel(.pointer, time: time)
            }
        case .pointerAxis(let axis, let value, let source):
            guard let location = pointerLocation else { return }
            window.scroll(axis, by: value, source: source, at: location, time: time)
        case .pointerAxisStop(let axis):
            window.stopAxisScrolling(axis, time: time)
        case .key(let key, let pressed, let modifiers):
            // A field that edits takes every key (behaviour.md §16); the rest are the window's.
            let taken = pressed ? window.keyPressed(key, modifiers: modifiers, time: time) : window.keyReleased(key, time: time)
            if !taken { onKey?(key, pressed, time) }
        case .keyRepeat(let rate, let delay):
            window.keyRepeat = KeyRepeat(rate: rate, delay: Double(delay))
        case .textPreedit(let text, let cursor):
            window.textPreedit(text, cursor: cursor, time: time)
        case .textCommit(let text):
            window.textCommit(text, time: time)
        case .textDelete(let before, let after):
            window.textDelete(before: before, after: after, time: time)
        case .textPaste(let text):
            window.textPaste(text, time: time)
        }
    }

    /// Feeds one timed event.
    public func handle(_ event: TimedInputEvent) {
        handle(event.event, at: event.time)
    }

    /// Applies the touch lines still waiting for a frame (the end of an input script).
    public func finish() {
        applyLines(lines.frame(), at: window.clock.now)
        // A key still held when the script ends repeats no further.
        window.stopKeyRepeat()
    }

    /// Applies a frame the script's lines closed (the clock is at its time already) and gives
    /// its storage back, so that steady frames allocate nothing.
    private func applyLines(_ closed: consuming TouchFrame?, at time: Double) {
        guard var frame = consume closed else { return }
        apply(frame, at: time)
        lines.recycle(&frame)
    }

    private func apply(_ frame: TouchFrame, at time: Double) {
        guard !frame.isCancel else { return cancelTouches(at: time) }
        for change in frame.changes {
            switch change.phase {
            case .began:
                window.touchDown(.finger(change.id), kind: .touch, at: change.location, time: change.time)
            case .moved:
                window.touchMoved(.finger(change.id), to: change.location, time: change.time)
            case .ended:
                window.touchUp(.finger(change.id), time: change.time)
            case .stationary, .cancelled:
                break
            }
        }
    }
}
