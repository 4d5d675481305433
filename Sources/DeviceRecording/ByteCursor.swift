import Glibc

/// Reads a file's lines and the numbers in them in place (recordings run to hundreds of
/// megabytes: no line becomes a String on the event path).
struct ByteCursor {
    let base: UnsafePointer<UInt8>
    var index: Int
    let end: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        index = start
        self.end = end
    }

    var atEnd: Bool { index >= end }
    var peek: UInt8? { index < end ? base[index] : nil }

    mutating func skipSpaces() {
        while index < end, base[index] == 0x20 || base[index] == 0x09 { index += 1 }
    }

    /// Consumes `byte` (after spaces) when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpaces()
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    /// A decimal integer after spaces: optional `-`, 1 to 18 digits.
    mutating func integer() -> Int64? {
        skipSpaces()
        var negative = false
        if index < end, base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value: Int64 = 0
        while index < end, base[index] &- 0x30 < 10, index - start < 18 {
            value = value * 10 + Int64(base[index] &- 0x30)
            index += 1
        }
        guard index > start, index >= end || base[index] &- 0x30 >= 10 else { return nil }
        return negative ? -value : value
    }

    /// `count` decimal integers separated by `separator` and closed by `close` (spaces
    /// allowed around each), into `values`; false when the text is anything else. The
    /// event lines' parser: one tight loop, no overflow traps (at most 18 digits a number).
    mutating func integerList(_ count: Int, separator: UInt8, close: UInt8, into values: UnsafeMutablePointer<Int64>) -> Bool {
        var i = index
        for field in 0..<count {
            while i < end, base[i] == 0x20 { i += 1 }
            var negative = false
            if i < end, base[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            let digitsStart = i
            var value: Int64 = 0
            while i < end {
                let digit = base[i] &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                i += 1
            }
            guard i > digitsStart, i - digitsStart <= 18 else { return false }
            while i < end, base[i] == 0x20 { i += 1 }
            guard i < end, base[i] == (field == count - 1 ? close : separator) else { return false }
            i += 1
            values[field] = negative ? -value : value
        }
        index = i
        return true
    }

    /// A hexadecimal integer after spaces (no `0x`), 1 to 15 digits.
    mutating func hex() -> Int? {
        skipSpaces()
        let start = index
        var value = 0
        while index < end, index - start < 15, let digit = Self.hexDigit(base[index]) {
            value = value << 4 | digit
            index += 1
        }
        guard index > start, index >= end || Self.hexDigit(base[index]) == nil else { return nil }
        return value
    }

    static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// True when only spaces, or a `#` comment, remain.
    mutating func atLineEnd() -> Bool {
        skipSpaces()
        return index >= end || base[index] == UInt8(ascii: "#")
    }

    /// The rest of the line as text (for messages), at most 80 bytes, control bytes shown as `?`.
    func text(from start: Int) -> String {
        var start = start
        while start < end, base[start] == 0x20 || base[start] == 0x09 { start += 1 }
        let stop = min(end, start + 80)
        var bytes = Array(UnsafeBufferPointer(start: base + start, count: max(0, stop - start)))
        for i in bytes.indices where bytes[i] < 0x20 || bytes[i] == 0x7F { bytes[i] = UInt8(ascii: "?") }
        while bytes.last == 0x20 || bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self) + (end > stop ? "…" : "")
    }
}

/// Calls `body` with each line's start and end (without the newline) and its 1-based number.
func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>,
                 _ body: (_ start: Int, _ end: Int, _ number: Int) throws(RecordingError) -> Void) throws(RecordingError) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var start = 0, number = 0
    while start < bytes.count {
        var end = bytes.count
        if let newline = memchr(base + start, 0x0A, bytes.count - start) {
            end = UnsafeRawPointer(base).distance(to: newline)
        }
        number += 1
        var lineEnd = end
        if lineEnd > start, base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        try body(start, lineEnd, number)
        start = end + 1
    }
    return number
}
