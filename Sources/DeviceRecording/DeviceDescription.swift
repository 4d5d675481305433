/// One device of a recording as its header describes it: what it can report.
struct DeviceDescription {
    /// The device's place in the file, from 0 (`--device N`).
    var index: Int
    /// The line the device's description starts on.
    var line: Int
    var name = ""
    var keys: Set<Int> = []
    var axes: Set<Int> = []
    var properties: Set<Int> = []
    /// `[min, max]` per axis code.
    var ranges: [Int: (min: Int, max: Int)] = [:]

    /// How the touches of a touchscreen are reported.
    enum TouchProtocol { case slots, singleTouch }

    /// What the device is, for choosing one and for the message when none fits.
    enum Kind {
        case touchscreen(TouchProtocol)
        /// Touch axes, but a touchpad: `INPUT_PROP_POINTER`, or `BTN_TOOL_FINGER` on an indirect device.
        case touchpad(reason: String)
        /// `ABS_MT_POSITION_*` without `ABS_MT_SLOT` and no single-touch axes.
        case protocolA
        case noTouch
    }

    var kind: Kind {
        let multitouch = axes.contains(Evdev.mtPositionX) && axes.contains(Evdev.mtPositionY)
        let singleTouch = axes.contains(Evdev.absX) && axes.contains(Evdev.absY) && keys.contains(Evdev.touch)
        guard multitouch || singleTouch else { return .noTouch }
        if properties.contains(Evdev.propPointer) { return .touchpad(reason: "INPUT_PROP_POINTER") }
        // udev's rule: a direct device with BTN_TOOL_FINGER is still a touchscreen.
        if keys.contains(Evdev.toolFinger), !properties.contains(Evdev.propDirect) {
            return .touchpad(reason: "BTN_TOOL_FINGER")
        }
        if multitouch, axes.contains(Evdev.mtSlot) { return .touchscreen(.slots) }
        return singleTouch ? .touchscreen(.singleTouch) : .protocolA
    }

    var isTouchscreen: Bool {
        if case .touchscreen = kind { return true }
        return false
    }

    /// `device 1 'Name'`, as messages name it.
    var label: String { "device \(index) '\(name)'" }

    /// What the device is, for the message of a recording with no touchscreen.
    var summary: String {
        switch kind {
        case .touchscreen: "\(label) is a touchscreen"
        case .touchpad(let reason): "\(label) is a touchpad (\(reason))"
        case .protocolA: "\(label) reports multitouch protocol A (ABS_MT_POSITION_X/Y without ABS_MT_SLOT), which is not supported"
        case .noTouch: "\(label) has no touch axes (neither ABS_MT_POSITION_X/Y nor ABS_X/Y with BTN_TOUCH)"
        }
    }
}
