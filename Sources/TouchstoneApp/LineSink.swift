package import FileOutput
import Glibc

/// Writing an output file (event log, recording) failed.
package struct OutputError: Error, Equatable, CustomStringConvertible {
    package enum Operation: String, Sendable { case create = "cannot create file", write = "write failed" }

    /// The file, or nil for standard output.
    package let path: String?
    package let operation: Operation
    package let errno: Int32

    package var description: String {
        "\(path ?? "standard output"): \(operation.rawValue): \(DescriptorWriting.openErrorText(errno))"
    }
}

/// Writes text lines to standard output or a file as they happen: one `write(2)`
/// per line, no buffering, so a crash or kill loses nothing already sent, and the
/// input path pays no more than the system call. Every failed write is an error,
/// never silent.
package final class LineSink {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The replacement file of `init(replacing:)`, renamed into place by `commit()`.
    private let output: OutputFile?
    package let path: String?

    /// Standard output.
    package init() {
        descriptor = STDOUT_FILENO
        ownsDescriptor = false
        output = nil
        path = nil
    }

    /// A new or truncated file at `path`, written as lines are sent: a live session's log
    /// and recording, which must survive a kill.
    package init(path: String) throws(OutputError) {
        // Non-blocking open: a FIFO with no reader is an error now, not a hang (behaviour.md §8).
        let fd = DescriptorWriting.openForWriting(path, flags: O_CREAT | O_TRUNC)
        guard fd >= 0 else { throw OutputError(path: path, operation: .create, errno: Glibc.errno) }
        descriptor = fd
        ownsDescriptor = true
        output = nil
        self.path = path
    }

    /// A file that replaces `path` only when `commit()` is called (see `OutputFile`): an
    /// offline command's output, where a failure must leave the old file as it was.
    package init(replacing path: String) throws(OutputFileError) {
        let file = try OutputFile(path: path)
        descriptor = file.descriptor
        ownsDescriptor = false
        output = file
        self.path = path
    }

    /// Puts an `init(replacing:)` file in place; nothing for the other kinds.
    package func commit() throws(OutputFileError) {
        try output?.commit()
    }

    /// Writes `line` and a newline.
    package func write(_ line: String) throws(OutputError) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        try write(bytes: bytes)
    }

    /// Writes `bytes` as they are (a whole line, newline included) with one `write(2)`
    /// unless the kernel takes fewer bytes.
    package func write(bytes: [UInt8]) throws(OutputError) {
        let failure = bytes.withUnsafeBytes { DescriptorWriting.writeAll(descriptor, $0) }
        if let failure { throw OutputError(path: path, operation: .write, errno: failure) }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }
}
