public import DeviceRecording
import Glibc
public import NodeCore
public import SceneFormat
import SystemPackage
import TouchstoneApp

/// Why an input file (scene, input script) cannot be used: bad input to the command.
public enum InputFileError: Error, CustomStringConvertible {
    /// Missing, unreadable, a directory or too large; `reason` is the lower-case cause.
    case unreadable(path: String, reason: String)
    /// Read, but not a valid file of its kind (the line and key at fault inside).
    case malformed(FormatError)
    /// A device recording that cannot be converted (behaviour.md §18).
    case badRecording(RecordingError)
    /// Not a device recording (`touchstone import`).
    case notRecording(path: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .malformed(error): error.description
        case let .badRecording(error): error.description
        case let .notRecording(path): "\(path):1: not a device recording (libinput record YAML or an evemu recording)"
        }
    }
}

/// An input script as `replay` takes it: events already read, or a file streamed.
public enum ScriptInput {
    case events([TimedInputEvent])
    case file(InputScriptFile)
}

/// Loads the project's files from disk, turning every failure into one clear line.
public enum InputFiles {
    /// The largest input file read (1 GiB): a pipe that never ends is bad input, not a crash.
    public static let maximumFileSize = 1 << 30

    /// The bytes of `path`: a regular file, a pipe, a FIFO or `/dev/stdin` (process
    /// substitution in CI). A missing, unreadable or too large file, or a directory, is
    /// `unreadable`.
    public static func read(_ path: String) throws(InputFileError) -> [UInt8] {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        } catch {
            throw .unreadable(path: path, reason: reason(error))
        }
        defer { try? file.close() }  // Read only: a failed close loses nothing.
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path: path, reason: "is a directory") }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), maximumFileSize) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n: Int
            do {
                n = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            } catch {
                throw .unreadable(path: path, reason: reason(error))
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= maximumFileSize else {
                throw .unreadable(path: path, reason: "larger than \(maximumFileSize >> 30) GiB")
            }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    /// The scene at `path`, its images read as the command's `use` needs them (`SceneUse`).
    public static func loadScene(_ path: String, for use: SceneUse) throws(InputFileError) -> Scene {
        let bytes = try read(path)
        do {
            let scene = try SceneDecoder.decode(bytes, file: path)
            try SceneImages.load(scene.root, use.imageLoading, sceneBytes: bytes, file: path)
            return scene
        } catch {
            throw .malformed(error)
        }
    }

    /// An input script, or a device recording (recognized by its content) converted with
    /// `recording` (behaviour.md §18).
    public static func loadInputScript(_ path: String, recording: RecordingOptions = RecordingOptions()) throws(InputFileError) -> [TimedInputEvent] {
        let bytes = try read(path)
        if DeviceRecording.format(of: bytes) != nil { return try convertRecording(bytes, file: path, options: recording) }
        do {
            return try InputScript.decode(bytes, file: path, isKeysym: XKBKeyTranslator.isKeysym)
        } catch {
            throw .malformed(error)
        }
    }

    /// An input script to replay: a regular file that holds a script is checked line by line
    /// and streamed (memory flat in its length, behaviour.md §8); a device recording, or a pipe,
    /// FIFO or `/dev/stdin`, is read whole (`loadInputScript`).
    public static func openInputScript(_ path: String, recording: RecordingOptions = RecordingOptions()) throws(InputFileError) -> ScriptInput {
        var info = stat()
        let headSize = 1 << 16
        // A file whose start cannot be read is read the whole way, for that read's own error.
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let head = try? firstBytes(of: path, count: headSize),
              DeviceRecording.format(of: head) == nil, startsWithAScriptLine(head, whole: head.count < headSize) else {
            return .events(try loadInputScript(path, recording: recording))
        }
        return .file(try InputScriptFile.check(path))
    }

    /// Whether `head` has a whole line that is neither blank nor a comment, so that
    /// `DeviceRecording.format` (which looks for the first such line) has decided; `whole`:
    /// `head` is the whole file, its last line too.
    private static func startsWithAScriptLine(_ head: [UInt8], whole: Bool) -> Bool {
        let complete = whole ? head[...] : head[..<(head.lastIndex(of: 0x0A) ?? 0)]
        return complete.split(separator: 0x0A).contains { line in
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
            return first != UInt8(ascii: "#")
        }
    }

    /// Up to `count` bytes from the start of the file at `path`.
    private static func firstBytes(of path: String, count: Int) throws -> [UInt8] {
        let file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        defer { try? file.close() }  // Read only: a failed close loses nothing.
        var bytes = [UInt8](repeating: 0, count: count)
        let n = try bytes.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: 0, into: $0) }
        bytes.removeSubrange(n...)
        return bytes
    }

    /// A device recording converted to input events; anything else is `notRecording`.
    public static func loadRecording(_ path: String, options: RecordingOptions) throws(InputFileError) -> [TimedInputEvent] {
        let bytes = try read(path)
        guard DeviceRecording.format(of: bytes) != nil else { throw .notRecording(path: path) }
        return try convertRecording(bytes, file: path, options: options)
    }

    static func convertRecording(_ bytes: [UInt8], file: String, options: RecordingOptions) throws(InputFileError) -> [TimedInputEvent] {
        do {
            return try DeviceRecording.convert(bytes, file: file, options: options)
        } catch {
            throw .badRecording(error)
        }
    }

    /// `reason(_:)` of a swift-system call's error.
    static func reason(_ error: any Error) -> String {
        reason((error as? Errno)?.rawValue ?? EIO)
    }

    /// `no such file`, `permission denied`: strerror in lower case, as in the rest of a message.
    static func reason(_ code: Int32) -> String {
        if code == ENOENT { return "no such file" }
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
