/// The few evdev constants a touchscreen recording needs (linux/input-event-codes.h).
enum Evdev {
    /// `EV_SYN`, `EV_KEY`, `EV_ABS`.
    static let synType: UInt16 = 0, keyType: UInt16 = 1, absType: UInt16 = 3
    /// `SYN_REPORT` and `SYN_DROPPED`.
    static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    /// `BTN_TOOL_FINGER` (0x145) and `BTN_TOUCH` (0x14a).
    static let toolFinger = 0x145, touch = 0x14a
    /// `ABS_X`, `ABS_Y`.
    static let absX = 0x00, absY = 0x01
    /// `ABS_MT_SLOT`, `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`, `ABS_MT_TRACKING_ID`.
    static let mtSlot = 0x2f, mtPositionX = 0x35, mtPositionY = 0x36, mtTrackingID = 0x39
    /// `INPUT_PROP_POINTER` and `INPUT_PROP_DIRECT`.
    static let propPointer = 0, propDirect = 1

    /// The name of an axis code this module talks about, for messages.
    static func absName(_ code: Int) -> String {
        switch code {
        case absX: "ABS_X"
        case absY: "ABS_Y"
        case mtSlot: "ABS_MT_SLOT"
        case mtPositionX: "ABS_MT_POSITION_X"
        case mtPositionY: "ABS_MT_POSITION_Y"
        default: "ABS \(code)"
        }
    }
}
