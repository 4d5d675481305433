/// A strict RFC 8259 JSON parser over UTF-8 bytes that records line numbers and
/// rejects duplicate keys, non-finite numbers and trailing garbage.
///
/// It reads the bytes in place (no copy per document or per line), makes strings
/// without escapes in one step, and converts the usual decimal numbers (all digits
/// together at most 2^53, at most 22 after the point, no exponent) with one exact
/// division, which rounds exactly as the general conversion it falls back to.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// Nesting deeper than this is rejected instead of exhausting the stack.
    static let maximumDepth = 256

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one complete JSON document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try parse(buffer) }
    }

    /// Parses one complete JSON document held in `buffer`, which must stay valid for the call.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(document: buffer)
        let node = try parser.parseValue(depth: 0)
        try parser.endDocument()
        return node
    }

    /// A parser at the start of the document in `buffer` (past a byte order mark and
    /// whitespace), which must stay valid while the parser is used.
    init(document buffer: UnsafeBufferPointer<UInt8>) {
        self.init(buffer)
        skipByteOrderMark()
        skipWhitespace()
    }

    /// Rejects anything but whitespace after the document's value.
    mutating func endDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the JSON value") }
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        try checkDepth(depth)
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try parseObject(depth: depth)), line: startLine)
        case UInt8(ascii: "["): return JSONNode(value: .array(try parseArray(depth: depth)), line: startLine)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), line: startLine)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count,
              (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        var members: [JSONNode.Member] = []
        members.reserveCapacity(8)
        guard try beginObject() else { return members }
        repeat {
            let (key, keyLine) = try memberKey(after: members)
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, line: keyLine, value: value))
        } while try endMember()
        return members
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        var items: [JSONNode] = []
        items.reserveCapacity(4)
        guard try beginArray() else { return items }
        repeat {
            items.append(try parseValue(depth: depth + 1))
        } while try endItem()
        return items
    }

    // MARK: Reading a container piece by piece
    // What `parseObject` and `parseArray` are made of, for a reader that handles some
    // values itself (the scene decoder makes nodes as their objects end): the same
    // checks, messages and lines.

    /// The line the next value starts on (after whitespace, which the steps below skip).
    var currentLine: Int { line }

    /// Whether the next value starts with `byte` (`{` or `[`).
    func isAt(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// Rejects a value nested `depth` deep when that is too deep.
    func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        guard depth < JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
    }

    /// Consumes the `{` of an object; false when the object is empty (its `}` consumed too).
    mutating func beginObject() throws(JSONSyntaxError) -> Bool {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return false }
        return true
    }

    /// Reads a member's key and its `:`, rejecting a key already among `members`; the
    /// key's line comes with it. The value is next.
    mutating func memberKey(after members: [JSONNode.Member]) throws(JSONSyntaxError) -> (String, Int) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()), expected a key in quotes")
        }
        let keyLine = line
        let key = try parseString()
        // Lengths first: comparing unequal strings takes the standard library's slow path.
        let length = key.utf8.count
        if members.contains(where: { $0.key.utf8.count == length && $0.key == key }) {
            throw JSONSyntaxError(line: keyLine, message: "duplicate key '\(key)'")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeCurrent()) after key '\(key)', expected ':'")
        }
        index += 1
        skipWhitespace()
        return (key, keyLine)
    }

    /// After a member's value: true when another member follows (`,` consumed), false at
    /// the object's end (`}` consumed).
    mutating func endMember() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
        if bytes[index] == UInt8(ascii: ",") { index += 1; return true }
        if bytes[index] == UInt8(ascii: "}") { index += 1; return false }
        throw error("unexpected \(describeCurrent()), expected ',' or '}'")
    }

    /// Consumes the `[` of an array; false when the array is empty (its `]` consumed too).
    mutating func beginArray() throws(JSONSyntaxError) -> Bool {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return false }
        return true
    }

    /// After an item: true when another item follows (`,` and whitespace consumed),
    /// false at the array's end (`]` consumed).
    mutating func endItem() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
        if bytes[index] == UInt8(ascii: ",") { index += 1; skipWhitespace(); return true }
        if bytes[index] == UInt8(ascii: "]") { index += 1; return false }
        throw error("unexpected \(describeCurrent()), expected ',' or ']'")
    }

    /// Reads one whole value `depth` deep.
    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode { try parseValue(depth: depth) }

    // MARK: Reading a value of an expected type in place
    // For a reader that knows what it wants (the stream's plain nodes): nil when the value
    // is of another type or in a form not read here, and the caller reads it the general
    // way; malformed JSON throws as `value(depth:)` would. A scalar needs no depth check
    // from the caller only when it is less than `maximumDepth` deep.

    /// A member's key and its `:`, when the key is ASCII without escapes: its bytes, valid
    /// as long as the document. Duplicates are the caller's to find.
    mutating func plainKey() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard let key = plainString() else { return nil }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipWhitespace()
        return key
    }

    /// The bytes of the string next, when it is ASCII without escapes.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard isAt(UInt8(ascii: "\"")) else { return nil }
        var end = index + 1
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { index = end + 1 }
        return UnsafeBufferPointer(rebasing: bytes[index + 1 ..< end])
    }

    /// The string next, if the value is one.
    mutating func stringValue() throws(JSONSyntaxError) -> String? {
        isAt(UInt8(ascii: "\"")) ? try parseString() : nil
    }

    /// The number next, if the value is one.
    mutating func numberValue() throws(JSONSyntaxError) -> Double? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] &- UInt8(ascii: "0") < 10 else { return nil }
        return try parseNumber()
    }

    /// `true` or `false` next, if the value is one.
    mutating func boolValue() throws(JSONSyntaxError) -> Bool? {
        if isAt(UInt8(ascii: "t")) { try expectWord("true"); return true }
        if isAt(UInt8(ascii: "f")) { try expectWord("false"); return false }
        return nil
    }

    /// An array of exactly four numbers next (a frame, a slop), if the value is one.
    mutating func fourNumbers() throws(JSONSyntaxError) -> (Double, Double, Double, Double)? {
        guard isAt(UInt8(ascii: "[")), try beginArray() else { return nil }
        var values = (0.0, 0.0, 0.0, 0.0)
        for k in 0 ..< 4 {
            guard let n = try numberValue() else { return nil }
            switch k {
            case 0: values.0 = n
            case 1: values.1 = n
            case 2: values.2 = n
            default: values.3 = n
            }
            guard try endItem() == (k < 3) else { return nil }
        }
        return values
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Fast path: no escape before the closing quote, so the string is the bytes as they are.
        var end = index
        var highBits: UInt8 = 0
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
            highBits |= b
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if highBits < 0x80 {
                index = end + 1
                return String(decoding: text, as: UTF8.self)
            }
            guard let valid = String(validating: text, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            index = end + 1
            return valid
        }
        var scalars = String.UnicodeScalarView()
        var chunkStart = index
        func flush(_ parser: JSONParser, _ end: Int, into s: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
            guard end > chunkStart else { return }
            guard let text = String(validating: UnsafeBufferPointer(rebasing: parser.bytes[chunkStart..<end]), as: UTF8.self) else {
                throw parser.error("invalid UTF-8 in a string")
            }
            s.append(contentsOf: text.unicodeScalars)
        }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                try flush(self, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                try flush(self, index, into: &scalars)
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a string")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape in a string") }
                    scalars.append(scalar)
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
                chunkStart = index
                continue
            }
            index += 1
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape in a string")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Exact powers of ten, 10^0 ... 10^22 (every one is a Double without rounding).
    private static let exactPowersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        if let value = parseSimpleNumber() { return value }
        return try parseGeneralNumber()
    }

    /// `-?digits(.digits)?` whose digits, read as one integer, are at most 2^53, with at
    /// most 22 decimals, followed by neither an exponent nor another digit: that integer is
    /// exact as a double, as is 10^decimals, so their quotient is the correctly rounded value. Nil (nothing
    /// consumed) for anything else, including malformed numbers, which the general path reports.
    private mutating func parseSimpleNumber() -> Double? {
        guard let (value, end) = JSONParser.simpleNumber(in: bytes, at: index) else { return nil }
        index = end
        return value
    }

    /// The number `parseSimpleNumber` reads at `start` (which must be in `bytes`), and the
    /// index after it; shared with the reader of recorded input lines so both agree to the bit.
    static func simpleNumber(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Double, Int)? {
        var i = start
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let intStart = i
        var mantissa = 0
        var digits = 0
        while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        let intDigits = i - intStart
        guard intDigits > 0, intDigits == 1 || bytes[intStart] != UInt8(ascii: "0") else { return nil }
        var decimals = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
                digits += 1
                decimals += 1
                i += 1
            }
            guard decimals > 0 else { return nil }
        }
        guard digits <= 16, mantissa <= 1 << 53, decimals <= 22 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { return nil }
        let magnitude = Double(mantissa) / JSONParser.exactPowersOfTen[decimals]
        return (negative ? -magnitude : magnitude, i)
    }

    private mutating func parseGeneralNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
            return p.index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw error("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("invalid number (leading zero)") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number (no digits after '.')") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("invalid number (no digits in exponent)") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range") }
        return value
    }
}
