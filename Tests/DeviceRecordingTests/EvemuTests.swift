import Foundation
import DeviceRecording
import NodeCore
import Testing

/// A single-touch panel (ABS_X/ABS_Y with BTN_TOUCH, INPUT_PROP_DIRECT) as evemu-record writes it.
let singleTouchEvemu = """
# EVEMU 1.3
# Kernel: 6.1.0-13-amd64
# Input device name: "eGalax Single Touch"
N: eGalax Single Touch
I: 0003 0eef 0001 0100
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 03 03 00 00 00 00 00 00 00
A: 00 0 999 0 0 0
A: 01 0 499 0 0 0
################################
#      Waiting for events      #
################################
E: 1000.250000 0001 014a 0001	# EV_KEY / BTN_TOUCH             1
E: 1000.250000 0003 0000 0100	# EV_ABS / ABS_X                 100
E: 1000.250000 0003 0001 0200	# EV_ABS / ABS_Y                 200
E: 1000.250000 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
E: 1000.262345 0003 0000 0150
E: 1000.262345 0000 0000 0000
E: 1000.270000 0003 0001 0200
E: 1000.270000 0000 0000 0000
E: 1000.300000 0001 014a 0000
E: 1000.300000 0000 0000 0000

"""

@Test func singleTouchDeviceGivesOneTouch() throws {
    #expect(DeviceRecording.format(of: Array(singleTouchEvemu.utf8)) == .evemu)
    let events = try convert(singleTouchEvemu, "st.evemu", window)
    // Times truncated to whole milliseconds from the first event; Y written again unchanged: no motion.
    #expect(events == [down(0, 0, 80, 160), frame(0), motion(12, 0, 120, 160), frame(12), up(50, 0), frame(50)])
}

@Test func evemuMultitouchReadsHexCodesAndTimes() throws {
    let text = """
    N: Goodix Capacitive TouchScreen
    I: 0018 0416 038f 0100
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 60 02
    A: 2f 0 9 0 0 0
    A: 35 0 999 0 0 0
    A: 36 0 499 0 0 0
    A: 39 0 65535 0 0 0
    E: 0.000000 0003 002f 0000
    E: 0.000000 0003 0039 0042
    E: 0.000000 0003 0035 0500
    E: 0.000000 0003 0036 0250
    E: 0.000000 0000 0000 0000
    E: 0.008333 0003 0039 -001
    E: 0.008333 0000 0000 0000
    """
    #expect(try convert(text, "mt.evemu", window) == [down(0, 0, 400, 200), frame(0), up(8, 0), frame(8)])
}

@Test func evemuErrorsNameTheLine() {
    #expect(conversionError("E: 0.000000 0003 0039 0042\n", "bare.evemu")
        == "bare.evemu:1: events without a device description (N:, B:, A: lines); older evemu recordings keep it in a separate .desc file: put its lines first")
    let backwards = singleTouchEvemu.replacingOccurrences(of: "E: 1000.262345 0003 0000 0150", with: "E: 999.262345 0003 0000 0150")
    #expect(conversionError(backwards, "back.evemu") == "back.evemu:24: time 999.262345 goes backwards (previous event at 1000.250000)")
    let cut = singleTouchEvemu.replacingOccurrences(of: "E: 1000.300000 0000 0000 0000\n", with: "E: 1000.3")
    #expect(conversionError(cut, "cut.evemu") == "cut.evemu:29: expected an event 'E: sec.usec type code value', found 'E: 1000.3'")
}
