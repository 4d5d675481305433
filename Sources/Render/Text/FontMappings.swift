#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Font files mapped into memory once per process and kept: every face of a file (each size,
/// each renderer, each thread of `check -j`) is a FreeType memory face over the same pages.
/// Opening each face from its path made FreeType open, map and unmap the file every time, a
/// dozen times a window, and with threads each `mmap` and `munmap` held up the other
/// threads' page faults (behaviour.md §19).
enum FontMappings {
    /// A file's bytes, mapped read-only; never unmapped.
    struct Mapping: @unchecked Sendable {
        let base: UnsafeRawPointer
        let count: Int
    }

    private static let mapped = Mutex<[String: Mapping]>([:])

    /// The bytes of the font file at `path`, mapped on first use; nil when it cannot be
    /// opened or mapped (the caller then opens it by path, for FreeType's own error).
    static func bytes(of path: String) -> Mapping? {
        mapped.withLock { table in
            if let known = table[path] { return known }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
                  let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
            else { return nil }
            let mapping = Mapping(base: UnsafeRawPointer(base), count: Int(info.st_size))
            table[path] = mapping
            return mapping
        }
    }
}
