import NodeCore
import WaylandClient

/// Seat input → `InputDispatcher`: the Wayland adapter's touch frames go to the dispatcher
/// whole and its other events one by one, on the session's clock, each recorded first as
/// the lines an input script holds (so a recording replays to the identical event log).
final class SeatInput {
    let dispatcher: InputDispatcher
    private(set) var clock: SeatClock
    private let recorder: InputRecorder?
    /// Records the input of the screen being exported, if any (behaviour.md §19.1).
    private let exporter: SceneExporter?
    /// Sees every event right after it was dispatched (the HUD, `App.onInput`).
    var onEvent: ((InputEvent, Double) -> Void)?
    /// The frame being dispatched, on the session's clock (its storage reused frame to frame).
    private var frame = TouchFrame()

    /// `firstInputTime`: see `AppOptions.firstInputTime`.
    init(dispatcher: InputDispatcher, recorder: InputRecorder?, exporter: SceneExporter? = nil, firstInputTime: Double? = nil) {
        self.dispatcher = dispatcher
        clock = SeatClock(firstInputTime: firstInputTime)
        self.recorder = recorder
        self.exporter = exporter
    }

    /// Session time of the latest input event, in milliseconds.
    var now: Double { clock.latest }

    /// Session time now, estimated from the latest input (for timers and frames only); nil
    /// while the session waits for its first input (`SeatClock.estimatedNow`).
    var estimatedNow: Double? { clock.estimatedNow }

    /// One `wl_touch.frame`'s changes (or a cancel), dispatched whole on the session's clock:
    /// recorded first as the input script's lines that replay into the same frame (the changes,
    /// then the frame or the cancel that closes them); contact shapes go to `markers` and `hud`.
    func handle(_ batch: TouchBatch, markers: inout TouchMarkerTracker, hud: PointerLocationOverlay) {
        // No line is stamped before the window's clock (see `feed`); stamps never go back.
        let now = dispatcher.window.clock.now
        var time = max(clock.latest, now)
        if batch.frame.isCancel {
            record(.touchCancel, at: time)
            dispatcher.handle(batch.frame, at: time)
            onEvent?(.touchCancel, time)
            return
        }
        frame.changes.removeAll(keepingCapacity: true)
        for var change in batch.frame.changes {
            time = max(clock.milliseconds(UInt32(exactly: change.time) ?? 0), now)
            change.time = time
            if change.phase == .began || change.phase == .moved {
                markers.setShape(of: change.id, major: change.shape?.major, minor: change.shape?.minor,
                                 orientation: change.orientation)
            }
            frame.changes.append(change)
            record(InputEvent(change), at: time)
        }
        record(.touchFrame, at: time)
        dispatcher.handle(frame, at: time)
        for change in frame.changes {
            onEvent?(InputEvent(change), change.time)
            if change.phase == .began || change.phase == .moved {
                hud.setContact(of: change.id, major: change.shape?.major, minor: change.shape?.minor,
                               orientation: change.orientation)
            }
        }
        onEvent?(.touchFrame, time)
    }

    /// One `wl_pointer.frame`'s events; the left button acts as a touch (behaviour.md §3.3).
    func handle(_ batch: PointerBatch) {
        for event in batch.events {
            let time = clock.milliseconds(event.time)
            let location = event.location
            switch event.action {
            case .enter, .motion:
                feed(.pointerMotion(location: location), at: time)
            case .leave:
                feed(.pointerLeave, at: time)
            case let .button(code, pressed):
                guard let button = PointerButton(evdevCode: code) else { continue }
                feed(.pointerButton(button, pressed: pressed), at: time)
            case let .axis(axis, value, source, value120):
                feed(.pointerAxis(Axis(axis), value: value, source: AxisSource(source, wheelSteps: value120)), at: time)
            case let .axisStop(axis, _):
                feed(.pointerAxisStop(Axis(axis)), at: time)
            }
        }
    }

    /// A key press or release (repeats are not input events). A key with no symbol in the
    /// keymap (keysym 0, `NoSymbol`) is no input: only its time moves the session clock, as a
    /// live run stamps a `touch.cancel`'s time with one (behaviour.md §19).
    func handle(_ event: KeyEvent) {
        guard event.state != .repeated else { return }
        let time = clock.milliseconds(event.time)
        guard event.keysym != 0, !event.keysymName.isEmpty else { return }
        // The compositor's repeat_info, recorded before the first key it applies to, so that a
        // replay repeats held keys as this session did (behaviour.md §16).
        let timing = KeyRepeat(rate: Int(event.repeatRate), delay: Double(event.repeatDelay))
        if timing != dispatcher.window.keyRepeat {
            feed(.keyRepeat(rate: timing.rate, delay: Int(timing.delay)), at: time)
        }
        feed(.key(event.keysymName, pressed: event.state == .pressed, modifiers: KeyModifierSet(event.modifiers)), at: time)
    }

    /// The clipboard's text for a paste, at the latest input's time (behaviour.md §16.7).
    func handlePaste(_ text: String) {
        feed(.textPaste(text), at: clock.latest)
    }

    /// An input method's edits (`TextInputBridge.events`): text-input events carry no
    /// timestamp, so they take the session's time now, in whole milliseconds as recorded.
    func handle(inputMethod events: [InputEvent]) {
        let time = (clock.estimatedNow ?? clock.latest).rounded(.down)
        for event in events { feed(event, at: time) }
    }

    /// Records `event`, then dispatches it. An event stamped before a deadline the window's
    /// clock already passed (it arrived after the content-touch delay fired, say) takes
    /// effect, and is recorded, at the clock's time: replay then sees what ran.
    private func feed(_ event: InputEvent, at stamped: Double) {
        let time = max(stamped, dispatcher.window.clock.now)
        record(event, at: time)
        dispatcher.handle(event, at: time)
        onEvent?(event, time)
    }

    /// Writes `event` to the recording and the screen export, if any.
    private func record(_ event: InputEvent, at time: Double) {
        recorder?.record(TimedInputEvent(time: time, event: event))
        exporter?.record(TimedInputEvent(time: time, event: event))
    }
}

extension PointerButton {
    /// The button for a Linux evdev code (BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112).
    init?(evdevCode: UInt32) {
        switch evdevCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: return nil
        }
    }
}

extension KeyModifierSet {
    /// The modifiers a text field reads, from the seat's (Caps Lock is in the keysym already).
    init(_ modifiers: KeyModifiers) {
        self = []
        if modifiers.contains(.shift) { insert(.shift) }
        if modifiers.contains(.control) { insert(.ctrl) }
        if modifiers.contains(.alt) { insert(.alt) }
        if modifiers.contains(.logo) { insert(.logo) }
    }
}

extension Axis {
    init(_ axis: PointerEvent.Axis) {
        self = axis == .vertical ? .vertical : .horizontal
    }
}

extension AxisSource {
    /// The core's source for a seat's: a tilted wheel is a wheel; without a source (seats
    /// before version 5, or a compositor that sends none) wheel steps mean a wheel, and
    /// anything else a continuous device, which scrolls at once like a wheel.
    init(_ source: PointerEvent.AxisSource?, wheelSteps: Int32?) {
        switch source {
        case .wheel?, .wheelTilt?: self = .wheel
        case .finger?: self = .finger
        case .continuous?: self = .continuous
        case nil: self = wheelSteps == nil ? .continuous : .wheel
        }
    }
}
