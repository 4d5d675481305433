import Glibc
import ImageDecoding
import MemoryEdges
import Synchronization
import SystemCalls

/// What the loop asks the worker to decode: values only, so nothing mutable is shared.
struct ImageDecodeJob: Sendable {
    let id: Int
    let request: ImageRequest
}

/// What the worker hands back: immutable pixels or the reason there are none.
struct ImageDecodeResult: Sendable {
    let id: Int
    let outcome: Result<DecodedImage, ImageDecodingError>
}

/// A thread that owns the decoder and its cache (behaviour.md §17.5). The loop puts jobs
/// in `jobs` and results come back through `results`; each side holds the lock only to
/// move a list, so the loop never waits for a decode. Pipes wake each side: the worker
/// sleeps in `read` until there is a job; the loop watches `loopWakeFD`.
final class ImageDecodeWorker: Sendable {
    private struct Queue {
        var jobs: [ImageDecodeJob] = []
        var stopping = false
    }

    /// How much lower than the loop's the worker's scheduling priority is (a nice value).
    static let niceness: Int32 = 10

    private let queue = Mutex(Queue())
    private let results = Mutex<[ImageDecodeResult]>([])
    /// Read end: the worker sleeps on it. Write end: the loop writes a byte per job.
    private let workerWake: (read: Int32, write: Int32)
    /// Read end: the loop watches it. Write end: the worker writes a byte per result.
    private let loopWake: (read: Int32, write: Int32)
    private let cacheLimit: Int
    private let thread = Mutex<pthread_t?>(nil)

    /// The descriptor the loop watches: readable once results are waiting.
    var loopWakeFD: Int32 { loopWake.read }

    init?(cacheLimit: Int) {
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
        guard pipe(&a) == 0 else { return nil }
        guard pipe(&b) == 0 else {
            close(a[0]); close(a[1])
            return nil
        }
        // (Glibc's Swift module has no pipe2.) The loop's end never blocks it.
        for fd in a + b { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(b[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(b[1], F_SETFL, O_NONBLOCK)
        workerWake = (a[0], a[1])
        loopWake = (b[0], b[1])
        self.cacheLimit = cacheLimit
    }

    deinit {
        for fd in [workerWake.read, workerWake.write, loopWake.read, loopWake.write] { close(fd) }
    }

    /// Queues `job`; the worker thread starts with the first one.
    func submit(_ job: ImageDecodeJob) {
        queue.withLock { $0.jobs.append(job) }
        startIfNeeded()
        signal(workerWake.write)
    }

    /// The results so far (empties the pipe's bytes and the list).
    func takeResults() -> [ImageDecodeResult] {
        var drain = [UInt8](repeating: 0, count: 64)
        while drain.withUnsafeMutableBytes({ read(loopWake.read, $0.baseAddress, $0.count) }) > 0 {}
        return results.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    /// Ends the thread after the job it is on, and waits for it (the end of an app's run).
    func stop() {
        queue.withLock { $0.stopping = true }
        signal(workerWake.write)
        if let thread = thread.withLock({ $0.take() }) { pthread_join(thread, nil) }
    }

    private func startIfNeeded() {
        thread.withLock { thread in
            guard thread == nil else { return }
            // The thread holds the worker until its loop ends.
            thread = ThreadStart.start(detached: false) { [self] in work() }
        }
    }

    private func signal(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// The worker thread: takes jobs until stopped, decoding each through its own cache.
    private func work() {
        // Decoding is background work: at a lower priority than the loop (nice +10; on
        // Linux it is the calling thread's own), a loop woken by a touch takes the core
        // from the decode at once instead of sharing it (docs/performance.md, Images).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, ImageDecodeWorker.niceness)
        var cache = DecodedImageCache(limit: cacheLimit)
        var byte: UInt8 = 0
        while true {
            let (jobs, stopping) = queue.withLock { queue in
                defer { queue.jobs.removeAll() }
                return (queue.jobs, queue.stopping)
            }
            if stopping { return }
            if jobs.isEmpty {
                // A wake pipe that cannot be read any more (closed) ends the worker.
                guard (try? retryingInterrupted { read(workerWake.read, &byte, 1) }) != nil else { return }
                continue
            }
            for job in jobs {
                let outcome = job.request.decode(using: &cache)
                results.withLock { $0.append(ImageDecodeResult(id: job.id, outcome: outcome)) }
                signal(loopWake.write)
            }
        }
    }
}
