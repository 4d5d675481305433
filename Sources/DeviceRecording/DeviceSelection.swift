import NodeCore

/// Chooses the device a recording's touches come from (the first touchscreen, or
/// `--device N`) as each device's description ends, and feeds only its events on.
struct DeviceSelection {
    let file: String
    let options: RecordingOptions
    private(set) var devices: [DeviceDescription] = []
    private var converter: TouchConverter?
    /// The index of the device being read and whether its events are converted.
    private var decided = true
    private var feeding = false

    /// Room for this many events is made at once: a recording's size over 64 bytes (an
    /// event line is longer, and at most one script event comes of each).
    private let capacity: Int

    init(file: String, options: RecordingOptions, byteCount: Int) {
        self.file = file
        self.options = options
        capacity = max(1024, byteCount / 64)
    }

    /// A new device's description starts at `line`; the one before it is decided.
    mutating func beginDevice(line: Int) throws(RecordingError) {
        try decide()
        devices.append(DeviceDescription(index: devices.count, line: line))
        decided = false
        feeding = false
    }

    /// Edits the description of the device being read.
    mutating func describe(_ edit: (inout DeviceDescription) -> Void) {
        guard !devices.isEmpty else { return }
        edit(&devices[devices.count - 1])
    }

    /// The current device's description is complete (its events follow): is it the one?
    mutating func decide() throws(RecordingError) {
        guard !decided, let device = devices.last else { return }
        decided = true
        guard converter == nil else { return }
        if let wanted = options.device {
            guard wanted == device.index else { return }
            guard case .touchscreen(let kind) = device.kind else {
                throw RecordingError(file: file, line: device.line, message: "--device \(wanted): \(device.summary), not a touchscreen")
            }
            converter = try TouchConverter(device: device, protocol: kind, options: options, file: file, capacity: capacity)
        } else if case .touchscreen(let kind) = device.kind {
            converter = try TouchConverter(device: device, protocol: kind, options: options, file: file, capacity: capacity)
        } else {
            return
        }
        feeding = true
    }

    /// Whether events read now belong to the chosen device.
    var wantsEvents: Bool { feeding }

    mutating func feed(time: Int64, type: UInt16, code: UInt16, value: Int32, line: Int) throws(RecordingError) {
        // A class: the call reaches it without copying it out of the optional.
        try converter!.feed(time: time, type: type, code: code, value: value, line: line)
    }

    /// The converted events, or why there are none to convert.
    mutating func finish(lastLine: Int) throws(RecordingError) -> [TimedInputEvent] {
        try decide()
        feeding = false
        if let converter { return try converter.finish(lastLine: lastLine) }
        guard let first = devices.first else {
            throw RecordingError(file: file, line: max(lastLine, 1), message: "no device in the recording (the file ends at line \(lastLine))")
        }
        if let wanted = options.device {
            throw RecordingError(file: file, line: first.line,
                                 message: "--device \(wanted): the recording has \(devices.count) device\(devices.count == 1 ? "" : "s") (0...\(devices.count - 1))")
        }
        throw RecordingError(file: file, line: first.line,
                             message: "no touchscreen in the recording: " + devices.map(\.summary).joined(separator: "; "))
    }
}
