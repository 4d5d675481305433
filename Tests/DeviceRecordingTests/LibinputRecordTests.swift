import Foundation
import DeviceRecording
import NodeCore
import Testing

/// Converts `text` as the file `name` with `options`.
func convert(_ text: String, _ name: String = "touch.yml", _ options: RecordingOptions = RecordingOptions()) throws -> [TimedInputEvent] {
    try DeviceRecording.convert(Array(text.utf8), file: name, options: options)
}

/// The error converting `text` gives (as its one line).
func conversionError(_ text: String, _ name: String = "touch.yml", _ options: RecordingOptions = RecordingOptions()) -> String? {
    do {
        _ = try DeviceRecording.convert(Array(text.utf8), file: name, options: options)
        return nil
    } catch {
        return error.description
    }
}

func at(_ t: Double, _ event: InputEvent) -> TimedInputEvent { TimedInputEvent(time: t, event: event) }
func down(_ t: Double, _ id: Int, _ x: Double, _ y: Double) -> TimedInputEvent { at(t, .touchDown(id: id, location: Point(x: x, y: y))) }
func motion(_ t: Double, _ id: Int, _ x: Double, _ y: Double) -> TimedInputEvent { at(t, .touchMotion(id: id, location: Point(x: x, y: y))) }
func up(_ t: Double, _ id: Int) -> TimedInputEvent { at(t, .touchUp(id: id)) }
func frame(_ t: Double) -> TimedInputEvent { at(t, .touchFrame) }

let window = RecordingOptions(size: Size(width: 800, height: 400))

@Test func libinputRecordingIsRecognizedByContent() {
    #expect(DeviceRecording.format(of: Array(Recordings.multitouch.utf8)) == .libinputRecord)
    #expect(DeviceRecording.format(of: Array("# EVEMU 1.3\nN: x\n".utf8)) == .evemu)
    #expect(DeviceRecording.format(of: Array("\n{\"t\":0,\"type\":\"touch.frame\"}\n".utf8)) == nil)
}

@Test func protocolBSlotsBecomeSeatSlotTouchesFramePerReport() throws {
    let events = try convert(Recordings.multitouch, "touch.yml", window)
    #expect(events == [
        down(0, 0, 80, 160), down(0, 1, 400, 200), frame(0),
        // Slot 0 repeated its X: no motion for it; slot 1 moved.
        motion(16, 1, 408, 200), frame(16),
        // Lifted and a new finger in slot 0 in one frame: the up, then the down taking the freed id.
        up(33, 0), down(33, 0, 240, 80), frame(33),
        // The pressure-only report at 50 ms changes no touch: nothing.
        up(1000, 0), up(1000, 1), frame(1000),
    ])
}

@Test func withoutSizeOneDeviceUnitIsOnePoint() throws {
    let events = try convert(Recordings.multitouch)
    #expect(events.first == down(0, 0, 100, 200))
}

@Test func calibrationAndRotationMapAsLibinputDoes() throws {
    // One touch at device (250, 100) of 1000 × 500 units: normalized (0.25, 0.2), window 800 × 400.
    let text = Recordings.header + Recordings.libinputDevice(name: "Panel")
        + Recordings.frame(0, 0, [(3, 57, 1), (3, 53, 250), (3, 54, 100)])
    func first(_ calibration: [Double], _ rotation: Int) throws -> InputEvent? {
        try convert(text, "t.yml", RecordingOptions(size: Size(width: 800, height: 400), calibration: calibration, rotation: rotation)).first?.event
    }
    let identity = RecordingOptions.identity
    #expect(try first(identity, 0) == .touchDown(id: 0, location: Point(x: 200, y: 80)))
    // 90° clockwise: (1 − y, x) = (0.8, 0.25).
    #expect(try first(identity, 90) == .touchDown(id: 0, location: Point(x: 640, y: 100)))
    // 180°: (1 − x, 1 − y) = (0.75, 0.8).
    #expect(try first(identity, 180) == .touchDown(id: 0, location: Point(x: 600, y: 320)))
    // 270°: (y, 1 − x) = (0.2, 0.75).
    #expect(try first(identity, 270) == .touchDown(id: 0, location: Point(x: 160, y: 300)))
    // Calibration 0.5,0,0.25,0,2,-0.1: (0.5·0.25 + 0.25, 2·0.2 − 0.1) = (0.375, 0.3).
    let calibration = [0.5, 0, 0.25, 0, 2, -0.1]
    #expect(try first(calibration, 0) == .touchDown(id: 0, location: Point(x: 300, y: 120)))
    // Calibration first, then the rotation: 90° of (0.375, 0.3) is (0.7, 0.375).
    #expect(try first(calibration, 90) == .touchDown(id: 0, location: Point(x: 560, y: 150)))
}

@Test func recordingWithTwoDevicesUsesTheFirstTouchscreenUnlessDeviceIsGiven() throws {
    let touchpad = Recordings.libinputDevice(node: "/dev/input/event3", name: "Synaptics TM3053", keys: "[272, 325, 330]",
                                             properties: "[0, 2]")
        + Recordings.frame(0, 0, [(3, 57, 7), (3, 53, 10), (3, 54, 10)])
    let screen = Recordings.libinputDevice(node: "/dev/input/event9", name: "ELAN Touchscreen")
        + Recordings.frame(2, 500_000, [(3, 57, 3), (3, 53, 500), (3, 54, 250)])
        + Recordings.frame(2, 510_000, [(3, 53, 510)])
    let text = Recordings.header.replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2") + touchpad + screen
    // Times from the converted device's first event.
    #expect(try convert(text, "two.yml", window) == [down(0, 0, 400, 200), frame(0), motion(10, 0, 408, 200), frame(10)])
    #expect(try convert(text, "two.yml", RecordingOptions(size: Size(width: 800, height: 400), device: 1)).count == 4)
    #expect(conversionError(text, "two.yml", RecordingOptions(device: 0))
        == "two.yml:11: --device 0: device 0 'Synaptics TM3053' is a touchpad (INPUT_PROP_POINTER), not a touchscreen")
    #expect(conversionError(text, "two.yml", RecordingOptions(device: 2)) == "two.yml:11: --device 2: the recording has 2 devices (0...1)")
}

@Test func recordingWithoutTouchscreenNamesWhatItFound() {
    let text = Recordings.header
        + Recordings.libinputDevice(name: "Synaptics TM3053", keys: "[272, 325, 330]", properties: "[2]")
        + Recordings.libinputDevice(name: "AT Translated Set 2 keyboard", keys: "[1, 2, 3]", axes: "[]", absinfo: "")
    #expect(conversionError(text, "pad.yml") == "pad.yml:11: no touchscreen in the recording: "
        + "device 0 'Synaptics TM3053' is a touchpad (BTN_TOOL_FINGER); "
        + "device 1 'AT Translated Set 2 keyboard' has no touch axes (neither ABS_MT_POSITION_X/Y nor ABS_X/Y with BTN_TOUCH)")
}

@Test func touchscreenWithoutMultitouchRangeIsAnError() {
    let ranges = """
          0: [0, 999, 0, 0, 10]
          1: [0, 499, 0, 0, 10]
          47: [0, 9, 0, 0, 0]
          54: [0, 499, 0, 0, 10]
    """
    let text = Recordings.header + Recordings.libinputDevice(name: "Odd Panel", absinfo: ranges)
        + Recordings.frame(0, 0, [(3, 57, 1)])
    #expect(conversionError(text, "odd.yml")
        == "odd.yml:11: device 0 'Odd Panel': ABS_MT_POSITION_X has no range (no absinfo for axis 53)")
}

@Test func truncatedRecordingsNameTheLine() {
    let whole = Recordings.header + Recordings.libinputDevice(name: "Panel")
        + Recordings.frame(0, 0, [(3, 57, 1), (3, 53, 250), (3, 54, 100)])
    var lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // the empty string after the final newline
    let syn = lines.count
    // Cut inside the last line.
    let cutLine = lines[..<(syn - 1)].joined(separator: "\n") + "\n" + String(lines[syn - 1].prefix(18))
    #expect(conversionError(cutLine, "cut.yml") == "cut.yml:\(syn): expected an event [sec, usec, type, code, value], found '- [  0,      0'")
    // Cut at a line end before the frame's SYN_REPORT.
    let cutFrame = lines[..<(syn - 1)].joined(separator: "\n") + "\n"
    #expect(conversionError(cutFrame, "cut.yml")
        == "cut.yml:\(syn - 3): truncated recording: the events from this line to the end (line \(syn - 1)) have no SYN_REPORT")
    // Cut inside the header: no device at all.
    #expect(conversionError("version: 1\nndevices: 1\nlibinput:\n", "cut.yml") == "cut.yml:3: no device in the recording (the file ends at line 3)")
}
