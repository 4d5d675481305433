import Glibc
import SystemCalls
import SystemPackage

/// An image file's bytes and what identifies this version of it.
public struct ImageFile: Sendable {
    public let bytes: [UInt8]
    /// The modification time, in nanoseconds since the epoch: part of a cache key.
    public let modified: Int64

    /// Reads `path` whole; a missing, unreadable or too large file, or a directory, is `unreadable`.
    public static func read(_ path: String) throws(ImageDecodingError) -> ImageFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reasonText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(reasonText(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable("is a directory") }
        guard Int(info.st_size) <= ImageLimits.maximumFileSize else {
            throw .unreadable("larger than \(ImageLimits.maximumFileSize >> 20) MiB")
        }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while filled < bytes.count {
            let n: Int
            do throws(Errno) {
                n = try retryingInterrupted { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) } }
            } catch {
                throw .unreadable(reasonText(error.rawValue))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return ImageFile(bytes: bytes, modified: modificationTime(info))
    }

    /// The modification time of `path` (nanoseconds since the epoch), or nil when it cannot be read.
    public static func modificationTime(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return modificationTime(info)
    }

    private static func modificationTime(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// strerror's text in lower case ("no such file or directory").
    private static func reasonText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
