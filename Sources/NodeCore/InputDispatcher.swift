/// Turns raw seat events into window touches with the rules of behaviour.md §3.3: touch
/// events are held until `touchFrame`; an up that leaves no finger active applies
/// at once (weston ≤ 10 sends no frame after the last up); cancel drops the batch
/// and cancels every finger in the order they began; the left pointer button acts
/// as the touch `pointer`; unknown ids are ignored. The live session and replay
/// both feed this, so replay checks exactly what runs on a device.
public final class InputDispatcher {
    public let window: Window
    /// Called for key events, with the time in milliseconds.
    public var onKey: ((_ key: String, _ pressed: Bool, _ time: Double) -> Void)?

    private var pending: [TimedInputEvent] = []
    /// The batch being applied (see `applyPending`).
    private var applying: [TimedInputEvent] = []
    /// Fingers that are down, counting downs still held in `pending`, in begin order.
    private var fingers = OrderedTable<Int, Void>()
    private var pointerLocation: Point?
    private var pointerPressed = false

    public init(window: Window) {
        self.window = window
    }

    /// Ids of fingers currently down (applied or pending), in the order they began.
    public var activeFingerIDs: [Int] { fingers.keys }

    /// Feeds one event.
    public func handle(_ event: InputEvent, at time: Double) {
        // Timers and animations due before this event happen first (behaviour.md §9.5).
        window.clock.advance(to: time)
        switch event {
        case .touchDown(let id, _):
            guard !fingers.contains(id) else { return }
            fingers.append((), for: id)
            pending.append(TimedInputEvent(time: time, event: event))
        case .touchMotion(let id, _):
            guard fingers.contains(id) else { return }
            pending.append(TimedInputEvent(time: time, event: event))
        case .touchUp(let id):
            guard fingers.remove(id) != nil else { return }
            pending.append(TimedInputEvent(time: time, event: event))
            if fingers.isEmpty { applyPending() }
        case .touchFrame:
            applyPending()
        case .touchCancel:
            pending.removeAll()
            fingers.removeAll()
            window.cancelAllTouches(kind: .touch, time: time)
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

    /// Applies touch events still waiting for a frame (end of an input script).
    public func finish() {
        applyPending()
        // A key still held when the script ends repeats no further.
        window.stopKeyRepeat()
    }

    private func applyPending() {
        // Swap buffers rather than copy: events fed while these apply queue up in the
        // other one, and neither needs a new allocation once both have grown.
        swap(&pending, &applying)
        defer { applying.removeAll(keepingCapacity: true) }
        for item in applying {
            switch item.event {
            case .touchDown(let id, let location):
                window.touchDown(.finger(id), kind: .touch, at: location, time: item.time)
            case .touchMotion(let id, let location):
                window.touchMoved(.finger(id), to: location, time: item.time)
            case .touchUp(let id):
                window.touchUp(.finger(id), time: item.time)
            default:
                break
            }
        }
    }
}
