import NodeCore

/// Reads an evemu recording (`evemu-record`, `evemu-describe`): the device lines `N:` name,
/// `P:` property bytes, `B:` code bitmasks per type, `A:` axis ranges, then `E: sec.usec
/// type code value` events (type and code in hexadecimal). Comments start with `#`.
/// One device per file.
struct EvemuReader {
    private var selection: DeviceSelection
    private let file: String
    /// Bytes of the `P:` lines so far, and of each type's `B:` lines.
    private var propertyBytes = 0
    private var bitmaskBytes: [Int: Int] = [:]
    private var sawEvents = false

    init(file: String, options: RecordingOptions, byteCount: Int) {
        self.file = file
        selection = DeviceSelection(file: file, options: options, byteCount: byteCount)
    }

    static func convert(_ bytes: UnsafeBufferPointer<UInt8>, file: String, options: RecordingOptions) throws(RecordingError) -> [TimedInputEvent] {
        var reader = EvemuReader(file: file, options: options, byteCount: bytes.count)
        let lines = try forEachLine(bytes) { (start, end, number) throws(RecordingError) in
            try reader.read(ByteCursor(bytes, from: start, to: end), number: number)
        }
        return try reader.selection.finish(lastLine: lines)
    }

    private mutating func read(_ line: ByteCursor, number: Int) throws(RecordingError) {
        var c = line
        c.skipSpaces()
        guard let tag = c.peek, tag != UInt8(ascii: "#") else { return }
        let start = c.index
        guard c.index + 1 < c.end, c.base[c.index + 1] == UInt8(ascii: ":") else { throw malformed(line, number, "a line 'X: ...'") }
        c.index += 2
        switch tag {
        case UInt8(ascii: "E"):
            try event(c, whole: line, start: start, number: number)
        case UInt8(ascii: "N"):
            guard !sawEvents else { throw malformed(line, number, "events after the device description, not another device") }
            try selection.beginDevice(line: number)
            propertyBytes = 0
            bitmaskBytes = [:]
            let name = LibinputRecordReader.scalar(c)
            selection.describe { $0.name = name }
        case UInt8(ascii: "P"):
            try ensureDevice(number)
            var bits: [Int] = []
            while !c.atLineEnd() {
                guard let byte = c.hex(), byte < 256 else { throw malformed(line, number, "property bytes in hexadecimal") }
                for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(propertyBytes * 8 + bit) }
                propertyBytes += 1
            }
            selection.describe { $0.properties.formUnion(bits) }
        case UInt8(ascii: "B"):
            try ensureDevice(number)
            guard let type = c.hex() else { throw malformed(line, number, "'B: type bytes...' in hexadecimal") }
            var offset = bitmaskBytes[type, default: 0]
            var codes: [Int] = []
            while !c.atLineEnd() {
                guard let byte = c.hex(), byte < 256 else { throw malformed(line, number, "'B: type bytes...' in hexadecimal") }
                for bit in 0..<8 where byte & (1 << bit) != 0 { codes.append(offset * 8 + bit) }
                offset += 1
            }
            bitmaskBytes[type] = offset
            if type == Int(Evdev.keyType) { selection.describe { $0.keys.formUnion(codes) } }
            if type == Int(Evdev.absType) { selection.describe { $0.axes.formUnion(codes) } }
        case UInt8(ascii: "A"):
            try ensureDevice(number)
            guard let code = c.hex(), let low = c.integer(), let high = c.integer(),
                  let lo = Int(exactly: low), let hi = Int(exactly: high), abs(lo) <= Int(Int32.max), abs(hi) <= Int(Int32.max)
            else { throw malformed(line, number, "'A: axis min max fuzz flat [resolution]'") }
            selection.describe {
                $0.ranges[code] = (lo, hi)
                $0.axes.insert(code)
            }
        default:
            break  // I: ids, L: LEDs, S: switches, and anything newer
        }
    }

    private func ensureDevice(_ number: Int) throws(RecordingError) {
        guard !selection.devices.isEmpty else {
            throw RecordingError(file: file, line: number, message: "device lines before the device's name (N:)")
        }
    }

    private mutating func event(_ line: ByteCursor, whole: ByteCursor, start: Int, number: Int) throws(RecordingError) {
        if !sawEvents {
            sawEvents = true
            guard !selection.devices.isEmpty else {
                throw RecordingError(file: file, line: number, message: "events without a device description (N:, B:, A: lines); "
                                     + "older evemu recordings keep it in a separate .desc file: put its lines first")
            }
            try selection.decide()
        }
        var c = line
        var fail: RecordingError {
            RecordingError(file: file, line: number, message: "expected an event 'E: sec.usec type code value', found '\(whole.text(from: start))'")
        }
        guard let sec = c.integer(), sec >= 0, sec < 1 << 40, c.peek == UInt8(ascii: ".") else { throw fail }
        c.index += 1
        var usec: Int64 = 0, digits = 0
        while let byte = c.peek, byte &- 0x30 < 10 {
            if digits < 6 { usec = usec * 10 + Int64(byte &- 0x30) }
            digits += 1
            c.index += 1
        }
        guard digits > 0 else { throw fail }
        for _ in digits..<max(digits, 6) { usec *= 10 }
        guard let type = c.hex(), type <= 0xFFFF, let code = c.hex(), code <= 0xFFFF,
              let value = c.integer(), let value32 = Int32(exactly: value), c.atLineEnd() else { throw fail }
        guard selection.wantsEvents else { return }
        try selection.feed(time: sec * 1_000_000 + usec, type: UInt16(type), code: UInt16(code), value: value32, line: number)
    }

    private func malformed(_ line: ByteCursor, _ number: Int, _ what: String) -> RecordingError {
        RecordingError(file: file, line: number, message: "expected \(what), found '\(line.text(from: line.index))'")
    }
}
