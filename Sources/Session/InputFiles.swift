import Glibc
import NodeCore
import SceneFormat

/// Why a command failed, with the exit status behaviour.md §8 gives it.
public struct CommandFailure: Error, CustomStringConvertible {
    /// 1 runtime failure, 2 bad arguments or input files, 3 audit findings.
    public let status: Int32
    public let message: String

    public init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    /// Bad arguments or input files.
    public static let badInputStatus: Int32 = 2
    /// A runtime failure: compositor gone, I/O.
    public static let runtimeStatus: Int32 = 1

    public static func badInput(_ message: String) -> CommandFailure { CommandFailure(status: badInputStatus, message) }
    public static func runtime(_ message: String) -> CommandFailure { CommandFailure(status: runtimeStatus, message) }

    public var description: String { message }
}

/// Loads the project's files from disk, turning every failure into one clear line.
public enum InputFiles {
    /// The largest input file read (1 GiB): a pipe that never ends is bad input, not a crash.
    public static let maximumFileSize = 1 << 30

    /// The bytes of `path`: a regular file, a pipe, a FIFO or `/dev/stdin` (process
    /// substitution in CI). A missing, unreadable or too large file, or a directory, is bad
    /// input (status 2).
    public static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .badInput("\(path): cannot read: \(reason(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .badInput("\(path): cannot read: \(reason(errno))") }
        if info.st_mode & S_IFMT == S_IFDIR { throw .badInput("\(path): cannot read: is a directory") }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), maximumFileSize) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            if n < 0 {
                if errno == EINTR { continue }
                throw .badInput("\(path): cannot read: \(reason(errno))")
            }
            guard bytes.count + n <= maximumFileSize else {
                throw .badInput("\(path): cannot read: larger than \(maximumFileSize >> 30) GiB")
            }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    public static func loadScene(_ path: String) throws(CommandFailure) -> Scene {
        let bytes = try read(path)
        do {
            return try SceneDecoder.decode(bytes, file: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    public static func loadInputScript(_ path: String) throws(CommandFailure) -> [TimedInputEvent] {
        let bytes = try read(path)
        do {
            return try InputScript.decode(bytes, file: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// `no such file`, `permission denied`: strerror in lower case, as in the rest of a message.
    static func reason(_ code: Int32) -> String {
        if code == ENOENT { return "no such file" }
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
