/// One `wl_touch.frame`'s touch changes (or a cancel), grouped by `TouchFrameAssembler`,
/// and the surface they are on. Times are the compositor's, in milliseconds.
public struct TouchBatch: Hashable, Sendable {
    public var frame: TouchFrame
    /// The `wl_surface` object id the touches are on.
    public var surfaceID: UInt32

    public init(frame: TouchFrame, surfaceID: UInt32) {
        self.frame = frame
        self.surfaceID = surfaceID
    }
}

/// What a pointer did.
public enum PointerAction: Hashable, Sendable {
    case enter
    case leave
    case motion
    /// Linux evdev code (BTN_LEFT = 0x110).
    case button(code: UInt32, pressed: Bool)
    /// Scroll by `value` surface points along `axis`. `source` is the frame's
    /// `axis_source` (nil when the compositor sent none); `value120` the wheel distance in
    /// 1/120 steps (`axis_value120`, or `axis_discrete` × 120 on seats before version 8).
    case axis(PointerEvent.Axis, value: Double, source: PointerEvent.AxisSource?, value120: Int32?)
    /// The scroll sequence on `axis` ended (`axis_stop`: e.g. the fingers left a touchpad),
    /// where kinetic scrolling may start.
    case axisStop(PointerEvent.Axis, source: PointerEvent.AxisSource?)
}

/// One pointer event, as a value.
public struct PointerEvent: Hashable, Sendable {
    /// A `wl_pointer` scroll axis (nested: NodeCore has scroll axes of its own).
    public enum Axis: Hashable, Sendable {
        case vertical, horizontal
    }

    /// How the scroll was made (`wl_pointer.axis_source`).
    public enum AxisSource: Hashable, Sendable {
        /// A mouse wheel rotation, in discrete steps.
        case wheel
        /// Fingers on a touchpad; an `axisStop` follows when they lift.
        case finger
        /// A continuous device that is not a finger (e.g. button-held scrolling).
        case continuous
        /// A sideways tilt of a wheel.
        case wheelTilt
    }

    public var action: PointerAction
    public var location: Point
    public var time: UInt32

    public init(action: PointerAction, location: Point, time: UInt32) {
        self.action = action
        self.location = location
        self.time = time
    }
}

/// Pointer events of one `wl_pointer.frame` (or single events on seats older than version 5).
public struct PointerBatch: Hashable, Sendable {
    public var events: [PointerEvent]
    public var surfaceID: UInt32
}

/// Keyboard modifier state (xkbcommon names).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let logo = KeyModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
}

/// One key press, repeat or release, as a value.
public struct KeyEvent: Hashable, Sendable {
    public enum State: Hashable, Sendable { case pressed, repeated, released }
    /// Linux evdev key code (the protocol value, not +8).
    public var keycode: UInt32
    /// xkb keysym for the key in the current layout and modifiers.
    public var keysym: UInt32
    /// The keysym's xkb name (`d`, `D`, `Escape`), for key bindings that read like the keys.
    public var keysymName: String
    /// Text the key produces (empty for non-text keys).
    public var text: String
    public var state: State
    public var modifiers: KeyModifiers
    public var time: UInt32
    /// The keyboard's `repeat_info` when the key came: repeats per second (0: none) and the
    /// delay before the first, in milliseconds.
    public var repeatRate: Int32 = 25
    public var repeatDelay: Int32 = 600
    /// The serial of the `wl_keyboard.key` event (a repeat carries its press's): what a
    /// request made for this key names, such as a copy's `set_selection`.
    public var serial: UInt32 = 0
}
