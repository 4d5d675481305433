import Glibc
import NodeCore

/// Reads the YAML that `libinput record` writes: the subset it emits (block mappings and
/// sequences by indentation, flow lists of integers, `#` comments), not YAML at large.
/// Of each device it keeps the name, codes, absinfo and properties, and its `evdev` events;
/// everything else (system, udev, quirks, `libinput` event lines) is skipped.
struct LibinputRecordReader {
    /// What a line's key (or sequence item) is, as far as this reader cares.
    enum Key: Equatable {
        case item, devices, node, evdev, name, codes, absinfo, properties, events, number, other
    }

    private struct Frame {
        var indent: Int
        var key: Key
        /// The key's value when it is a number (`codes` and `absinfo` entries).
        var number = 0
    }

    private var stack: [Frame] = []
    /// The column of the event lines just read (`    - [...]`): the next line there that
    /// starts with `- [` is another event of the same list, read without the stack.
    private var eventColumn = -1
    /// The time of the last event line, and its text from `[` to the second comma.
    private var lastTime: (sec: Int64, usec: Int64) = (0, 0)
    private var lastTimeBytes: (bytes: (UInt64, UInt64, UInt64, UInt64), length: Int) = ((0, 0, 0, 0), 0)
    private var selection: DeviceSelection
    private let file: String

    init(file: String, options: RecordingOptions, byteCount: Int) {
        self.file = file
        selection = DeviceSelection(file: file, options: options, byteCount: byteCount)
    }

    static func convert(_ bytes: UnsafeBufferPointer<UInt8>, file: String, options: RecordingOptions) throws(RecordingError) -> [TimedInputEvent] {
        var reader = LibinputRecordReader(file: file, options: options, byteCount: bytes.count)
        let lines = try forEachLine(bytes) { (start, end, number) throws(RecordingError) in
            try reader.read(ByteCursor(bytes, from: start, to: end), line: number)
        }
        return try reader.selection.finish(lastLine: lines)
    }

    private mutating func read(_ line: ByteCursor, line number: Int) throws(RecordingError) {
        var cursor = line
        cursor.skipSpaces()
        guard let first = cursor.peek, first != UInt8(ascii: "#") else { return }
        let column = cursor.index - line.index
        // The hot path: another event line of the list being read (the stack stays as it is).
        if column == eventColumn, first == UInt8(ascii: "-"), cursor.index + 2 < cursor.end,
           cursor.base[cursor.index + 1] == 0x20, cursor.base[cursor.index + 2] == UInt8(ascii: "[") {
            cursor.index += 2
            return try event(cursor, whole: line, number: number)
        }
        eventColumn = -1
        if first == UInt8(ascii: "-"), cursor.index + 1 >= cursor.end || cursor.base[cursor.index + 1] == 0x20 {
            while let top = stack.last, top.indent > column || (top.indent == column && top.key == .item) { stack.removeLast() }
            stack.append(Frame(indent: column, key: .item))
            cursor.index += 1
            cursor.skipSpaces()
            guard !cursor.atEnd else { return }
            if cursor.peek == UInt8(ascii: "[") {
                if isEventList {
                    eventColumn = column
                    try event(cursor, whole: line, number: number)
                }
                return
            }
            if cursor.peek == UInt8(ascii: "{") || cursor.peek == UInt8(ascii: "#") { return }
            try mappingEntry(cursor, column: cursor.index - line.index, whole: line, number: number)
        } else {
            while let top = stack.last, top.indent >= column { stack.removeLast() }
            try mappingEntry(cursor, column: column, whole: line, number: number)
        }
    }

    /// `[devices, item, events, item, evdev, item]`: the current line is an evdev event.
    private var isEventList: Bool {
        let n = stack.count
        return n == 6 && stack[0].key == .devices && stack[2].key == .events && stack[4].key == .evdev
    }

    /// A `key: value` or `key:` line whose key starts at `column`.
    private mutating func mappingEntry(_ line: ByteCursor, column: Int, whole: ByteCursor, number: Int) throws(RecordingError) {
        var cursor = line
        let keyStart = cursor.index
        while let byte = cursor.peek, byte != UInt8(ascii: ":") { cursor.index += 1 }
        guard !cursor.atEnd else { return }  // a plain scalar item (udev properties, quirks)
        let (key, value) = classify(UnsafeBufferPointer(start: cursor.base + keyStart, count: cursor.index - keyStart))
        cursor.index += 1
        stack.append(Frame(indent: column, key: key, number: value))
        let path = stack.map(\.key)
        switch path {
        case [.devices, .item, .node]:
            try selection.beginDevice(line: number)
        case [.devices, .item, .events]:
            try selection.decide()
        case [.devices, .item, .evdev, .name]:
            let name = Self.scalar(cursor)
            selection.describe { $0.name = name }
        case [.devices, .item, .evdev, .properties]:
            let list = try integers(cursor, whole: whole, number: number, what: "a list of properties")
            selection.describe { $0.properties.formUnion(list) }
        default:
            guard path.count == 5, path[0] == .devices, path[2] == .evdev, path[4] == .number else { return }
            let code = stack[4].number
            if path[3] == .codes {
                let list = try integers(cursor, whole: whole, number: number, what: "a list of event codes")
                if code == Int(Evdev.keyType) { selection.describe { $0.keys.formUnion(list) } }
                if code == Int(Evdev.absType) { selection.describe { $0.axes.formUnion(list) } }
            } else if path[3] == .absinfo {
                let info = try integers(cursor, whole: whole, number: number, what: "absinfo [min, max, fuzz, flat, resolution] for axis \(code)")
                guard info.count >= 2 else {
                    throw RecordingError(file: file, line: number,
                                         message: "expected absinfo [min, max, fuzz, flat, resolution] for axis \(code), found '\(whole.text(from: whole.index))'")
                }
                selection.describe {
                    $0.ranges[code] = (info[0], info[1])
                    $0.axes.insert(code)
                }
            }
        }
    }

    /// The key, and its value when it is a number.
    private func classify(_ key: UnsafeBufferPointer<UInt8>) -> (Key, Int) {
        if let first = key.first, first &- 0x30 < 10 {
            var value = 0
            for byte in key {
                guard byte &- 0x30 < 10, value < 1 << 20 else { return (.other, 0) }
                value = value * 10 + Int(byte &- 0x30)
            }
            return (.number, value)
        }
        switch String(decoding: key, as: UTF8.self) {
        case "devices": return (.devices, 0)
        case "node": return (.node, 0)
        case "evdev": return (.evdev, 0)
        case "name": return (.name, 0)
        case "codes": return (.codes, 0)
        case "absinfo": return (.absinfo, 0)
        case "properties": return (.properties, 0)
        case "events": return (.events, 0)
        default: return (.other, 0)
        }
    }

    /// A scalar value: a double-quoted string up to its last quote, or plain text before a comment.
    static func scalar(_ line: ByteCursor) -> String {
        var cursor = line
        cursor.skipSpaces()
        var bytes = Array(UnsafeBufferPointer(start: cursor.base + cursor.index, count: cursor.end - cursor.index))
        if bytes.first == UInt8(ascii: "\""), let close = bytes.lastIndex(of: UInt8(ascii: "\"")), close > 0 {
            bytes = Array(bytes[1..<close])
        } else if let comment = bytes.firstIndex(of: UInt8(ascii: "#")) {
            bytes = Array(bytes[..<comment])
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A flow list of integers, `[1, 2, 3]`, then nothing but an optional comment.
    private func integers(_ line: ByteCursor, whole: ByteCursor, number: Int, what: String) throws(RecordingError) -> [Int] {
        var cursor = line
        var values: [Int] = []
        let fail = RecordingError(file: file, line: number, message: "expected \(what), found '\(whole.text(from: whole.index))'")
        guard cursor.take(UInt8(ascii: "[")) else { throw fail }
        if cursor.take(UInt8(ascii: "]")) { return values }
        repeat {
            guard let value = cursor.integer(), let small = Int(exactly: value), abs(small) <= Int(Int32.max) else { throw fail }
            values.append(small)
        } while cursor.take(UInt8(ascii: ","))
        guard cursor.take(UInt8(ascii: "]")), cursor.atLineEnd() else { throw fail }
        return values
    }

    /// `[sec, usec, type, code, value]` of the chosen device, fed on; others only checked.
    private mutating func event(_ line: ByteCursor, whole: ByteCursor, number: Int) throws(RecordingError) {
        var c = line
        c.index += 1
        // Every event of a frame has the frame's time: when this line starts with the same
        // bytes as the last one up to its second comma, that time is taken as it is.
        var fields: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        let timeStart = c.index
        let parsed = withUnsafeMutableBytes(of: &fields) { raw in
            let values = raw.baseAddress!.assumingMemoryBound(to: Int64.self)
            let length = lastTimeBytes.length
            if length > 0, c.end - c.index > length,
               withUnsafeBytes(of: lastTimeBytes.bytes, { memcmp(c.base + c.index, $0.baseAddress!, length) == 0 }) {
                c.index += length
                values[0] = lastTime.sec
                values[1] = lastTime.usec
            } else {
                guard c.integerList(2, separator: UInt8(ascii: ","), close: UInt8(ascii: ","), into: values) else { return false }
                lastTime = (values[0], values[1])
                let length = c.index - timeStart
                lastTimeBytes.length = length <= MemoryLayout.size(ofValue: lastTimeBytes.bytes) ? length : 0
                if lastTimeBytes.length > 0 {
                    withUnsafeMutableBytes(of: &lastTimeBytes.bytes) { _ = memcpy($0.baseAddress!, c.base + timeStart, length) }
                }
            }
            return c.integerList(3, separator: UInt8(ascii: ","), close: UInt8(ascii: "]"), into: values + 2)
        }
        let (sec, usec, type, code, value) = fields
        guard parsed, c.atLineEnd(),
              sec >= 0, usec >= 0, usec < 1_000_000, sec < 1 << 40, (0...0xFFFF).contains(type), (0...0xFFFF).contains(code),
              let value32 = Int32(exactly: value)
        else {
            throw RecordingError(file: file, line: number,
                                 message: "expected an event [sec, usec, type, code, value], found '\(whole.text(from: whole.index))'")
        }
        guard selection.wantsEvents else { return }
        try selection.feed(time: sec * 1_000_000 + usec, type: UInt16(type), code: UInt16(code), value: value32, line: number)
    }
}
