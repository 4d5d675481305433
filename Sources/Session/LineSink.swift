import Foundation

/// Writes text lines to standard output or a file as they happen (flushed per
/// line, so a crash or kill loses nothing already sent).
public final class LineSink {
    private let handle: FileHandle
    private let ownsHandle: Bool
    public let path: String?

    /// Standard output.
    public init() {
        handle = FileHandle.standardOutput
        ownsHandle = false
        path = nil
    }

    /// A new or truncated file at `path`; failure to create it is a runtime error (status 1).
    public init(path: String) throws(CommandFailure) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .runtime("\(path): cannot create file: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        self.ownsHandle = true
        self.path = path
    }

    /// Writes `line` and a newline.
    public func write(_ line: String) throws(CommandFailure) {
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw .runtime("\(path ?? "standard output"): write failed: \(InputFiles.reason(error))")
        }
    }

    deinit {
        if ownsHandle { try? handle.close() }
    }
}
