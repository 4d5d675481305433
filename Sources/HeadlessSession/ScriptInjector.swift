import Glibc
public import NodeCore
import SceneFormat
public import WestonControl

/// Plays input-script events into a headless weston through the harness module,
/// so they reach the client as real seat input (surface = output coordinates
/// under kiosk-shell).
public struct ScriptInjector {
    public let weston: HeadlessWeston

    public init(weston: HeadlessWeston) {
        self.weston = weston
    }

    /// Linux evdev codes of the keys a script can inject, by their keysym names in the
    /// harness's US international layout (`HeadlessWeston.keymap`): letters, digits, the
    /// editing keys and its two unshifted dead keys (behaviour.md §16, §19).
    public static let evdevKeyCodes: [String: Int] = {
        var codes: [String: Int] = ["Escape": 1, "BackSpace": 14, "Tab": 15, "Return": 28, "space": 57,
                                    "dead_acute": 40, "dead_grave": 41,
                                    "Home": 102, "Up": 103, "Left": 105, "Right": 106, "End": 107, "Down": 108,
                                    "Delete": 111, "Shift_L": 42, "Control_L": 29]
        for (row, first) in [("1234567890", 2), ("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] {
            for (offset, key) in row.enumerated() { codes[String(key)] = first + offset }
        }
        return codes
    }()

    /// Injects one event, stamped `at` (nanoseconds on weston's `CLOCK_MONOTONIC`; nil: now);
    /// keys outside `evdevKeyCodes` are bad input.
    public func inject(_ event: InputEvent, at time: UInt64? = nil) throws(HarnessError) {
        switch event {
        case let .touchDown(id, p): _ = try weston.touchDown(id: Int32(id), x: p.x, y: p.y, at: time)
        case let .touchMotion(id, p): _ = try weston.touchMotion(id: Int32(id), x: p.x, y: p.y, at: time)
        case let .touchUp(id): _ = try weston.touchUp(id: Int32(id), at: time)
        case .touchFrame: _ = try weston.touchFrame(at: time)
        case .touchCancel:
            // wl_touch.cancel carries no time, and a client stamps it with its latest input's: a
            // key with no symbol (KEY_RESERVED), stamped with the cancel's time, goes first.
            _ = try weston.key(Self.timeOnlyKey, pressed: true, at: time)
            _ = try weston.key(Self.timeOnlyKey, pressed: false, at: time)
            _ = try weston.touchCancel()
        case let .pointerMotion(p): _ = try weston.pointerMotion(x: p.x, y: p.y, at: time)
        case let .pointerButton(button, pressed):
            let harnessButton: HeadlessWeston.PointerButton
            switch button {
            case .left: harnessButton = .left
            case .right: harnessButton = .right
            case .middle: harnessButton = .middle
            }
            _ = try weston.pointerButton(harnessButton, pressed: pressed, at: time)
        case .pointerLeave:
            // No surface to leave to under kiosk-shell: move the pointer off the output.
            _ = try weston.pointerMotion(x: -1, y: -1, at: time)
        case let .pointerAxis(axis, value, source):
            _ = try weston.pointerAxis(Self.harnessAxis(axis), value: value,
                                       source: HeadlessWeston.ScrollSource(rawValue: source.rawValue), at: time)
        case let .pointerAxisStop(axis):
            _ = try weston.pointerAxisStop(Self.harnessAxis(axis), source: .finger, at: time)
        case let .key(name, pressed, modifiers):
            guard let code = Self.evdevKeyCodes[name] else {
                throw .invalidArgument("no evdev code known for key '\(name)'")
            }
            guard modifiers.isEmpty else {
                throw .invalidArgument("key '\(name)': modifiers are injected as keys of their own (Shift_L, Control_L)")
            }
            _ = try weston.key(code, pressed: pressed, at: time)
        case .keyRepeat, .textPreedit, .textCommit, .textDelete, .textPaste:
            // weston 10 offers no text-input-v3 to an input method, repeat_info is its own, and
            // a paste's text comes from its clipboard (the harness's `selection-set`).
            throw .invalidArgument("\(InputScript.encode(TimedInputEvent(time: 0, event: event))) cannot be injected into weston")
        }
    }

    /// evdev `KEY_RESERVED`: no symbol in any keymap, so a client takes only its time.
    static let timeOnlyKey = 0

    private static func harnessAxis(_ axis: Axis) -> HeadlessWeston.ScrollAxis {
        axis == .vertical ? .vertical : .horizontal
    }

    /// Injects `events` paced by their `t`, each stamped with its planned time (the first
    /// event's injection plus its `t` offset): the client sees the script's exact gaps even
    /// when an injection is late, so its log's times are the script's (behaviour.md §19).
    /// Returns the stamps of the script's clock, for what is injected after it.
    @discardableResult
    public func play(_ events: [TimedInputEvent]) throws(HarnessError) -> Stamps {
        let start = ContinuousClock.now
        let origin = events.first?.time ?? 0
        let base = events.isEmpty ? 0 : try weston.monotonicTime()
        for event in events {
            let offset = Int64(((event.time - origin) * 1000).rounded())
            Self.wait(until: start + .microseconds(offset))
            try inject(event.event, at: base + UInt64(max(0, offset)) * 1000)
        }
        return Stamps(origin: origin, base: base)
    }

    /// Weston's time of each moment on a played script's clock.
    public struct Stamps: Sendable {
        /// The script's first `t`, stamped `base` (nanoseconds on weston's `CLOCK_MONOTONIC`).
        let origin: Double
        let base: UInt64

        /// The stamp of the first whole millisecond after the first event at or after `time`
        /// (milliseconds on the script's clock): a client counts whole milliseconds between
        /// stamps, so it reaches `time` there, not a fraction short of it.
        public func stamp(_ time: Double) -> UInt64 {
            base + UInt64(max(0, (time - origin).rounded(.up))) * 1_000_000
        }
    }

    /// Moves the client's clock to `stamp` with a key that has no symbol: the timers due by
    /// then fire on the client's own clock, before anything injected after it, however far
    /// this process or the client lag behind (behaviour.md §19).
    public func advanceClock(to stamp: UInt64) throws(HarnessError) {
        _ = try weston.key(Self.timeOnlyKey, pressed: true, at: stamp)
        _ = try weston.key(Self.timeOnlyKey, pressed: false, at: stamp)
    }

    /// Blocks the calling thread until `instant` (the pace of a script, not a wait for anything).
    static func wait(until instant: ContinuousClock.Instant) {
        while ContinuousClock.now < instant {
            let left = ContinuousClock.now.duration(to: instant).components
            var pause = timespec(tv_sec: Int(left.seconds), tv_nsec: Int(left.attoseconds / 1_000_000_000))
            nanosleep(&pause, nil)
        }
    }
}
