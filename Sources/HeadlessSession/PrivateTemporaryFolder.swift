import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SystemCalls
import WestonControl

/// A fresh folder under the temporary directory that does not outlive this process,
/// however the process ends (behaviour.md §8, `demo`): `remove()` deletes it on the ordinary paths,
/// and a watchdog removes it after a signal or SIGKILL. The watchdog is `sh` in a session
/// of its own, blind to the terminal's signals, reading a pipe whose only writer is this
/// process: the pipe closes when the process ends, and the watchdog then deletes the folder.
final class PrivateTemporaryFolder {
    let url: URL
    private var pipeWriter: Int32
    private let watchdog: pid_t

    /// The folder, its pipe or its watchdog could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(prefix: String) throws(Failure) {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } })
        else { throw Failure(description: "\(base): cannot make a temporary folder: \(String(cString: strerror(errno)))") }
        url = URL(fileURLWithPath: path, isDirectory: true)

        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: path)
            throw Failure(description: "cannot make a pipe for the temporary folder's watchdog: \(reason)")
        }
        // Children started later (weston, the client) must not hold the writer open.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        pipeWriter = ends[1]
        defer { close(ends[0]) }

        let script = "trap '' INT TERM HUP; cat >/dev/null; rm -rf -- \"$1\""
        do throws(SystemCallError) {
            watchdog = try Spawn.start("/bin/sh", arguments: ["-c", script, "touchstone-cleanup", path],
                                       input: .descriptor(ends[0]), newSession: true)
        } catch {
            close(ends[1])
            try? FileManager.default.removeItem(atPath: path)
            throw Failure(description: "cannot start the temporary folder's watchdog: \(String(cString: strerror(error.errno.rawValue)))")
        }
    }

    /// Deletes the folder now and lets the watchdog go. Idempotent.
    func remove() {
        guard pipeWriter >= 0 else { return }
        try? FileManager.default.removeItem(at: url)
        close(pipeWriter)
        pipeWriter = -1
        // The watchdog reads end of file and exits at once: reap it rather than leave a zombie.
        var status: Int32 = 0
        // Only a watchdog already reaped fails here, and then there is nothing left to do.
        _ = try? retryingInterrupted { waitpid(watchdog, &status, 0) }
    }

    deinit { remove() }
}
