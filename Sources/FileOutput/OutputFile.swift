#if canImport(Glibc)
import Glibc
#endif

/// An output file could not be written; `description` is one line naming the path.
public struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// A file written without risk to what is already there.
///
/// A regular file, or a path that does not exist yet, is written into a new temporary
/// file in the same folder, which `commit()` flushes to disk and renames over the path:
/// until then the old file is untouched, and on failure (or when the object goes away
/// uncommitted) only the temporary file is removed; nothing else is ever deleted. A
/// FIFO or character device (`/dev/stdout`, `/dev/null`, a pipe from `>(…)`) is written
/// in place, since that is where the caller asked the bytes to go. Any other existing
/// file (a directory, a block device, a socket) is refused. A symbolic link is followed:
/// the file it names is replaced and the link kept.
public final class OutputFile {
    /// The path as the caller gave it (for messages).
    public let path: String
    /// The open descriptor to write to.
    public let descriptor: Int32
    /// The temporary file renamed over `target` by `commit()`; nil when writing in place.
    private let temporaryPath: String?
    private let target: String
    private var finished = false
    /// Where the signal handler finds the temporary file (`TemporaryFiles`).
    private var signalSlot: Int?

    public init(path: String) throws(OutputFileError) {
        self.path = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // Follow the link to the file it names; a dangling one names nothing to replace.
            guard stat(path, &info) == 0, let resolved = realpath(path, nil) else {
                throw OutputFileError(path: path, reason: "is a symbolic link to a missing file")
            }
            target = String(cString: resolved)
            free(resolved)
        } else if lstat(path, &info) == 0 {
            target = path
        } else {
            guard errno == ENOENT else { throw OutputFileError(path: path, reason: Self.errorText(errno)) }
            target = path
            info = stat()
            info.st_mode = 0
        }
        let exists = info.st_mode != 0
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            let fd = DescriptorWriting.openForWriting(target)
            guard fd >= 0 else {
                throw OutputFileError(path: path, reason: "cannot open: \(DescriptorWriting.openErrorText(errno))")
            }
            descriptor = fd
            temporaryPath = nil
            signalSlot = nil
            return
        case S_IFREG:
            break
        case 0 where !exists:
            break
        case S_IFDIR:
            throw OutputFileError(path: path, reason: "is a directory")
        default:
            throw OutputFileError(path: path, reason: "is not a regular file (refusing to replace it)")
        }
        // A new file gets 0666 less the umask; a replacement keeps the old file's mode.
        let mode = exists ? mode_t(info.st_mode & 0o7777) : 0o666
        let (fd, temporary) = try Self.createTemporary(besides: target, mode: mode, displayPath: path)
        if exists {
            _ = fchmod(fd, mode)
            if geteuid() == 0 { _ = fchown(fd, info.st_uid, info.st_gid) }
        }
        descriptor = fd
        temporaryPath = temporary
        signalSlot = TemporaryFiles.register(temporary)
    }

    deinit {
        close(descriptor)
        if !finished, let temporaryPath { unlink(temporaryPath) }
        forgetTemporary()
    }

    /// Whether the output goes straight to its path (a FIFO or device) rather than to a temporary file.
    public var writesInPlace: Bool { temporaryPath == nil }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        if let code = DescriptorWriting.writeAll(descriptor, bytes) {
            throw OutputFileError(path: path, reason: "write failed: \(Self.errorText(code))")
        }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        let failure: OutputFileError? = bytes.withUnsafeBytes { raw in
            do throws(OutputFileError) { try write(raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Makes the written bytes the file at `path`: flushed to disk, then renamed over the
    /// old file in one step. After a failure the old file is still there.
    public func commit() throws(OutputFileError) {
        guard !finished else { return }
        finished = true
        guard let temporaryPath else { return }
        if fsync(descriptor) != 0 {
            let reason = Self.errorText(errno)
            unlink(temporaryPath)
            throw OutputFileError(path: path, reason: "write failed: \(reason)")
        }
        if rename(temporaryPath, target) != 0 {
            let reason = Self.errorText(errno)
            unlink(temporaryPath)
            throw OutputFileError(path: path, reason: "cannot replace: \(reason)")
        }
        forgetTemporary()
    }

    /// Stops the signal handler from removing the temporary file (renamed or removed).
    private func forgetTemporary() {
        if let signalSlot { TemporaryFiles.unregister(signalSlot) }
        signalSlot = nil
    }

    /// Creates `.NAME.XXXXXX.tmp` next to `target` (exclusive create, so nothing existing is touched).
    private static func createTemporary(besides target: String, mode: mode_t,
                                        displayPath: String) throws(OutputFileError) -> (Int32, String) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 100 {
            let suffix = String(generator.next() & 0xFFFF_FFFF, radix: 36)
            let candidate = "\(folder).\(name).\(suffix).tmp"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, candidate) }
            guard errno == EEXIST else {
                throw OutputFileError(path: displayPath, reason: "cannot create file: \(errorText(errno))")
            }
        }
        throw OutputFileError(path: displayPath, reason: "cannot create a temporary file next to it")
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
