import Glibc

/// Keeps a command from writing over its own inputs or writing two outputs to one file.
public enum OutputPaths {
    /// A file named on the command line, with what it is for (`scene`, `--events`).
    public typealias Named = (role: String, path: String)

    /// An output names the same file as an input or an earlier output: bad input.
    public struct Conflict: Error, CustomStringConvertible {
        public let output: Named
        public let earlier: Named

        public var description: String {
            "\(output.role) \(output.path) is the same file as the \(earlier.role) \(earlier.path); choose another path"
        }
    }

    /// Throws `Conflict` when an output names the same file as an input or
    /// another output: `--events in.jsonl` would replace the recording being replayed.
    /// Files are compared by device and inode (links and `./` spellings included), paths
    /// not created yet by their resolved folder; FIFOs and devices never conflict.
    public static func requireDistinct(inputs: [Named], outputs: [Named]) throws(Conflict) {
        var seen: [(identity: Identity, named: Named)] = inputs.compactMap { named in
            identity(of: named.path).map { ($0, named) }
        }
        for output in outputs {
            guard let id = identity(of: output.path) else { continue }
            if let earlier = seen.first(where: { $0.identity == id }) {
                throw Conflict(output: output, earlier: earlier.named)
            }
            seen.append((id, output))
        }
    }

    enum Identity: Equatable {
        case file(device: UInt64, inode: UInt64)
        case newPath(String)
    }

    /// Nil for FIFOs, devices and paths whose folder does not exist (the write fails by itself).
    static func identity(of path: String) -> Identity? {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return nil }
        defer { free(resolved) }
        return .newPath(String(cString: resolved) + "/" + name)
    }
}
