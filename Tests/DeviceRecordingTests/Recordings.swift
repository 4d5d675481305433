/// Small recordings written by hand for the tests, in the layouts the tools write.
enum Recordings {
    /// A `libinput record` header and one device description (`- node:` ... up to `events:`).
    static func libinputDevice(node: String = "/dev/input/event5", name: String, keys: String = "[330]",
                               axes: String = "[0, 1, 47, 53, 54, 57]", properties: String = "[1]",
                               absinfo: String? = nil) -> String {
        let ranges = absinfo ?? """
              0: [0, 999, 0, 0, 10]
              1: [0, 499, 0, 0, 10]
              47: [0, 9, 0, 0, 0]
              53: [0, 999, 0, 0, 10]
              54: [0, 499, 0, 0, 10]
              57: [0, 65535, 0, 0, 0]
        """
        return """
        - node: \(node)
          evdev:
            # Name: \(name)
            # ID: bus 0x18 vendor 0x4f3 product 0x2a1c version 0x100
            # Supported Events:
            # Event type 0 (EV_SYN)
            name: "\(name)"
            id: [24, 1267, 10780, 256]
            codes:
              0: [0, 1, 2, 3, 4] # EV_SYN
              1: \(keys) # EV_KEY
              3: \(axes) # EV_ABS
            absinfo:
        \(ranges)
            properties: \(properties)
          udev:
            properties:
            - ID_INPUT=1
            - ID_PATH=pci-0000:00:15.1-platform-i2c_designware.1
          quirks:
          - AttrSizeHint=32x32
          events:

        """
    }

    static let header = """
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0-13-amd64"
      dmi: "dmi:bvnLENOVO:bvrN2HET:svnLENOVO:"
    devices:

    """

    /// One `- evdev:` frame of events `[sec, usec, type, code, value]`, SYN_REPORT added.
    static func frame(_ sec: Int, _ usec: Int, _ events: [(Int, Int, Int)]) -> String {
        var text = "  - evdev:\n"
        for (type, code, value) in events + [(0, 0, 0)] {
            text += "    - [\(pad(sec, 3)), \(pad(usec, 6)), \(pad(type, 3)), \(pad(code, 3)), \(pad(value, 7))] # event\n"
        }
        return text
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    /// A touchscreen (X 0...999, Y 0...499, 10 slots) with: two fingers down; slot 1 moves
    /// while slot 0 repeats its X; slot 0 lifts and a new finger lands in it in one frame;
    /// a pressure-only frame; both lift.
    static let multitouch = header + libinputDevice(name: "ELAN Touchscreen") + [
        frame(0, 0, [(3, 47, 0), (3, 57, 10), (3, 53, 100), (3, 54, 200), (3, 47, 1), (3, 57, 11), (3, 53, 500), (3, 54, 250)]),
        frame(0, 16500, [(3, 47, 0), (3, 53, 100), (3, 47, 1), (3, 53, 510)]),
        "                               # Touch device in neutral state\n",
        frame(0, 33999, [(3, 47, 0), (3, 57, -1), (3, 57, 12), (3, 53, 300), (3, 54, 100)]),
        "  - libinput:\n    - {time: 0.034000, type: TOUCH_UP, slot: 0, seat_slot: 0}\n",
        frame(0, 50000, [(3, 58, 40)]),
        frame(1, 999, [(3, 47, 0), (3, 57, -1), (3, 47, 1), (3, 57, -1)]),
    ].joined()
}
