#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// Reading and writing the small files kept between runs under `$XDG_CACHE_HOME/touchstone`
/// (`FontMatchCache`, `TextMaskStore`). A cache only saves time: any failure reads as a
/// missing file, and a file that cannot be written is made again next run.
enum CacheFiles {
    /// `$XDG_CACHE_HOME/touchstone` (else `~/.cache/touchstone`); nil without either.
    static var folder: String? {
        let cacheHome = environment("XDG_CACHE_HOME") ?? environment("HOME").map { $0 + "/.cache" }
        return cacheHome.flatMap { $0.hasPrefix("/") ? $0 + "/touchstone" : nil }
    }

    /// A variable of the environment, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The bytes of `path`, nil when it cannot be read or holds more than `limit` bytes.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size <= limit else { return nil }
        // Read into exactly the file's size, one more byte to see that it did not grow.
        let size = Int(info.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            while count <= size {
                let n = Glibc.read(fd, buffer.baseAddress! + count, size + 1 - count)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    complete = n == 0 && count == size
                    return
                }
                count += n
            }
        }
        return complete ? bytes : nil
    }

    /// Writes `bytes` to `file` through a temporary file renamed over it, so a reader never
    /// sees half a file; makes the folders on the way. False when it could not.
    @discardableResult
    static func write(_ bytes: some Collection<UInt8>, to file: String) -> Bool {
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix += "/" + part
            mkdir(prefix, 0o755)
        }
        // Per process and thread: `check -j` renders on several threads at once.
        let temporary = "\(file).\(getpid()).\(pthread_self()).tmp"
        guard let fd = try? FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate, .closeOnExec],
                                                permissions: [.ownerReadWrite, .groupRead, .otherRead]) else { return false }
        let written = (try? fd.writeAll(bytes)) != nil
        try? fd.close()
        if written, rename(temporary, file) == 0 { return true }
        unlink(temporary)
        return false
    }
}
