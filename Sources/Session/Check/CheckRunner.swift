import CLinuxEvents
import Glibc
import MemoryEdges
import Synchronization

/// Runs check cases, in parallel when asked (behaviour.md §19): `-j N` threads each take
/// the next case not yet taken and check it in process (a case shares nothing with
/// another: its own scene, window, replay and renderer); the results are reported in the
/// cases' order, so any `-j` prints the same.
public enum CheckRunner {
    /// The case folders `arguments` name: a folder with `scene.json` is a case; a folder
    /// without one stands for its subfolders that have one, in name order.
    public static func cases(_ arguments: [String]) throws(InputFileError) -> [String] {
        var cases: [String] = []
        for argument in arguments {
            var info = stat()
            guard stat(argument, &info) == 0 else { throw .unreadable(path: argument, reason: InputFiles.reason(errno)) }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .unreadable(path: argument, reason: "not a case folder (a folder with scene.json)") }
            if CheckCase.exists(CheckCase.file(argument, "scene.json")) {
                cases.append(argument)
                continue
            }
            // An unreadable folder has no entries, so no cases: the error below says so.
            let names = entries(of: argument).sorted()
            let inner = names.map { CheckCase.file(argument, $0) }.filter { CheckCase.exists(CheckCase.file($0, "scene.json")) }
            guard !inner.isEmpty else { throw .unreadable(path: argument, reason: "no scene.json in it or in its subfolders") }
            cases += inner
        }
        return cases
    }

    /// The names in the folder at `path` but `.` and `..` (none when it cannot be read).
    static func entries(of path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Runs `body` on the calling thread and on `count - 1` threads started for it, and
    /// returns when every one has returned. Plain threads: a thread pool's start-up (its
    /// manager thread and queues) is as long as a small case.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 1..<count {
            if let thread = ThreadStart.start(detached: false, body) { threads.append(thread) }
        }
        body()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// The number of cores, the default `-j`.
    public static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Checks `cases` on `jobs` threads, each taking the next unchecked case, and returns
    /// the results in the cases' order.
    public static func run(_ cases: [String], options: CheckOptions, jobs: Int) -> [CheckCaseResult] {
        keepFreedMemory()
        let jobs = max(1, min(jobs, cases.count))
        guard jobs > 1 else { return cases.map { CheckCase.run(folder: $0, options: options) } }
        let queue = CaseQueue(count: cases.count)
        onThreads(jobs) {
            while let index = queue.next() {
                queue.store(CheckCase.run(folder: cases[index], options: options), at: index)
            }
        }
        return queue.results()
    }

    /// A case's canvases take megabytes each (a 1280 × 800 frame at scale 2 is 16 MB). glibc
    /// hands allocations that large back to the kernel when freed, so the next case faults
    /// fresh zeroed pages in, and with `-j` every unmap also flushes the other threads' TLBs:
    /// measured, `-j 2` then took 40–70 % longer per case. Below 32 MB (glibc's largest
    /// threshold) they come from the thread's own heap, kept for its next case instead. A
    /// thread's heap grows 16 MB at a time, not a page at a time: every growth is an
    /// `mprotect` that stops the other thread's page faults (330 of them over the examples).
    static func keepFreedMemory() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
        _ = mallopt(M_TOP_PAD, 16 << 20)
    }

    /// The printed report: each case's line, the event-log diff after a failing one, and a summary.
    public static func report(_ results: [CheckCaseResult]) -> String {
        var text = ""
        for result in results {
            text += result.line + "\n"
            text += result.diff
        }
        let failed = results.filter { !$0.passed }.count
        text += "\(results.count) case\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed\n"
        return text
    }
}

/// The next case to check and the results so far, shared by the checking threads.
final class CaseQueue: Sendable {
    private let state: Mutex<(next: Int, results: [CheckCaseResult?])>

    init(count: Int) {
        state = Mutex((0, Array(repeating: nil, count: count)))
    }

    /// The index of the next case no thread has taken; nil when none is left.
    func next() -> Int? {
        state.withLock { state in
            guard state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func store(_ result: CheckCaseResult, at index: Int) {
        state.withLock { $0.results[index] = result }
    }

    func results() -> [CheckCaseResult] {
        state.withLock { $0.results.map { $0! } }
    }
}
