import Glibc
import JSONOutput
public import NodeCore

/// Decodes an input script one line at a time (behaviour.md §7.2), keeping only what the
/// checks need across lines (the line number, the last time): a script read in pieces
/// costs memory for one line, not for the whole file.
public struct InputScriptLines {
    public let file: String
    private let isKeysym: ((String) -> Bool)?
    /// The 1-based number of the last line given.
    public private(set) var lineNumber = 0
    private var lastTime = -Double.infinity

    /// `isKeysym` says which key names exist (xkbcommon's keysyms, behaviour.md §16); nil takes any name.
    public init(file: String, isKeysym: ((String) -> Bool)? = nil) {
        self.file = file
        self.isKeysym = isKeysym
    }

    /// The event of the next line (without its newline); nil for a blank line.
    public mutating func decode(_ rawLine: UnsafeBufferPointer<UInt8>) throws(FormatError) -> TimedInputEvent? {
        lineNumber += 1
        if rawLine.first != UInt8(ascii: "{"), rawLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        let event = try InputScript.decodeLine(rawLine, file: file, line: lineNumber)
        if let isKeysym, case .key(let name, _, _) = event.event, !isKeysym(name) {
            throw FormatError(file: file, line: lineNumber, key: "key", message: "'\(name)' is not an xkb keysym name")
        }
        if event.time < lastTime {
            throw FormatError(file: file, line: lineNumber, key: "t",
                              message: "time \(JSONWriting.integral(event.time)) goes backwards (previous event at \(JSONWriting.integral(lastTime)))")
        }
        lastTime = event.time
        return event
    }

    /// Calls `body` with each line of `bytes` (split at newlines, the last one without):
    /// memchr, since a byte-by-byte search was a fifth of reading a recorded line.
    public static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>,
                                   _ body: (UnsafeBufferPointer<UInt8>) throws(FormatError) -> Void) throws(FormatError) {
        var start = 0
        while start <= bytes.count {
            var end = bytes.count
            if start < bytes.count, let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) {
                end = UnsafeRawPointer(bytes.baseAddress!).distance(to: newline)
            }
            try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
        }
    }
}
