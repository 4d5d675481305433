import CLinuxEvents
import Glibc
import SystemPackage
import SystemCalls

/// SIGINT/SIGTERM delivered through a signalfd so the event loop sees them as readable data.
///
/// The signals are blocked on the calling thread (the loop's thread); no handler, no global state.
final class SignalSource {
    let fd: Int32
    private var previousMask = sigset_t()

    init(signals: [Int32]) throws(SystemCallError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        let blockResult = pthread_sigmask(SIG_BLOCK, &mask, &previousMask)
        if blockResult != 0 { throw SystemCallError(call: "pthread_sigmask", errno: Errno(rawValue: blockResult)) }
        do throws(SystemCallError) {
            fd = try retryingInterrupted("signalfd") { signalfd(-1, &mask, Int32(SFD_CLOEXEC) | Int32(SFD_NONBLOCK)) }
        } catch {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            throw error
        }
    }

    deinit {
        close(fd)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// The next pending signal number, or nil.
    func next() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        // EAGAIN (no signal pending) is the expected failure: it reads as nil.
        let count = try? withUnsafeMutableBytes(of: &info) { try FileDescriptor(rawValue: fd).read(into: $0) }
        return count == size ? Int32(info.ssi_signo) : nil
    }
}
