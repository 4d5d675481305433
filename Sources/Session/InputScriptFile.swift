import Glibc
public import NodeCore
import SceneFormat
import SystemPackage
import TouchstoneApp

/// An input script in a regular file, read a piece at a time (behaviour.md §7.2): memory
/// for one piece and one line, however long the script. `replay` reads it twice, once to
/// check every line before any output (`check()`), once to play it (`reader()`).
public struct InputScriptFile: Sendable {
    public let path: String
    /// Whether a `text.paste` line is anywhere in it (the replay's clipboard depends on it).
    public let containsPaste: Bool

    /// Reads the whole file once, checking every line as `InputScript.decode` does.
    static func check(_ path: String) throws(InputFileError) -> InputScriptFile {
        let reader = try Reader(path: path)
        var containsPaste = false
        while let event = try reader.next() {
            if case .textPaste = event.event { containsPaste = true }
        }
        return InputScriptFile(path: path, containsPaste: containsPaste)
    }

    /// A new reader from the first line.
    public func reader() throws(InputFileError) -> Reader { try Reader(path: path) }

    /// Gives the script's events one at a time.
    public final class Reader {
        /// The bytes read and not yet decoded begin at `start`; a line longer than a piece
        /// grows the buffer to hold it.
        private var buffer: [UInt8] = []
        private var start = 0
        private var atEnd = false
        private var lines: InputScriptLines
        private let file: FileDescriptor
        private let path: String

        /// The size of each read.
        static let pieceSize = 1 << 16
        /// The longest line taken: a line of this size is an error, not a buffer without end.
        static let maximumLineLength = 1 << 26

        init(path: String) throws(InputFileError) {
            do {
                file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
            } catch {
                throw .unreadable(path: path, reason: InputFiles.reason(error))
            }
            self.path = path
            lines = InputScriptLines(file: path, isKeysym: XKBKeyTranslator.isKeysym)
            buffer.reserveCapacity(Self.pieceSize)
        }

        deinit { try? file.close() }  // Read only: a failed close loses nothing.

        /// The next event; nil after the last line.
        public func next() throws(InputFileError) -> TimedInputEvent? {
            while true {
                if let newline = newlineIndex() {
                    let event = try decode(start..<newline)
                    start = newline + 1
                    if let event { return event }
                    continue
                }
                if atEnd {
                    // The last line, without a newline (empty after a final newline: blank).
                    guard start <= buffer.count else { return nil }
                    let event = try decode(start..<buffer.count)
                    start = buffer.count + 1
                    return event
                }
                try readPiece()
            }
        }

        private func newlineIndex() -> Int? {
            guard start < buffer.count else { return nil }
            return buffer.withUnsafeBufferPointer { all in
                memchr(all.baseAddress! + start, 0x0A, all.count - start).map { UnsafeRawPointer(all.baseAddress!).distance(to: $0) }
            }
        }

        private func decode(_ range: Range<Int>) throws(InputFileError) -> TimedInputEvent? {
            do {
                return try buffer.withUnsafeBufferPointer { (all) throws(FormatError) in
                    try lines.decode(UnsafeBufferPointer(rebasing: all[range]))
                }
            } catch {
                throw .malformed(error)
            }
        }

        /// Drops the decoded bytes and appends the next piece of the file.
        private func readPiece() throws(InputFileError) {
            if start > 0 {
                buffer.removeSubrange(0..<min(start, buffer.count))
                start = 0
            }
            guard buffer.count < Self.maximumLineLength else {
                throw .malformed(FormatError(file: path, line: lines.lineNumber + 1, key: nil,
                                             message: "line longer than \(Self.maximumLineLength >> 20) MiB"))
            }
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.pieceSize))
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[old...])) }
            } catch {
                buffer.removeSubrange(old...)
                throw .unreadable(path: path, reason: InputFiles.reason(error))
            }
            buffer.removeSubrange((old + count)...)
            if count == 0 { atEnd = true }
        }
    }
}
