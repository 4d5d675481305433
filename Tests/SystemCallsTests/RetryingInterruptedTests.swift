#if canImport(Glibc)
import Glibc
#endif
import SystemCalls
import SystemPackage
import Testing

/// The one EINTR loop: a call interrupted by a signal is made again, any other failure is
/// thrown as its `Errno`, and a success is returned as it came.
@Suite struct RetryingInterruptedTests {
    /// A C-style call that fails with `failures` in turn (setting `errno`), then returns `result`.
    final class ScriptedCall {
        var failures: [Int32]
        let result: Int
        private(set) var calls = 0

        init(failing failures: [Int32], then result: Int) {
            self.failures = failures
            self.result = result
        }

        func callAsFunction() -> Int {
            calls += 1
            guard !failures.isEmpty else { return result }
            errno = failures.removeFirst()
            return -1
        }
    }

    @Test func anInterruptedCallIsMadeAgainUntilItSucceeds() throws {
        let call = ScriptedCall(failing: [EINTR, EINTR, EINTR], then: 7)
        let result = try retryingInterrupted { call() }
        #expect(result == 7)
        #expect(call.calls == 4)
    }

    @Test func anotherFailureIsThrownAsItsErrnoWithoutARetry() {
        let call = ScriptedCall(failing: [EAGAIN, EINTR], then: 1)
        #expect(throws: Errno.resourceTemporarilyUnavailable) { try retryingInterrupted { call() } }
        #expect(call.calls == 1)
    }

    @Test func aFailureAfterInterruptionsIsThrown() {
        let call = ScriptedCall(failing: [EINTR, EINTR, EBADF], then: 1)
        #expect(throws: Errno.badFileDescriptor) { try retryingInterrupted { call() } }
        #expect(call.calls == 3)
    }

    @Test func zeroIsASuccessNotAFailure() throws {
        let call = ScriptedCall(failing: [], then: 0)
        #expect(try retryingInterrupted { call() } == 0)
        #expect(call.calls == 1)
    }

    @Test func aNamedCallThrowsItsNameWithTheErrno() {
        var bytes: [UInt8] = [0]
        let error = #expect(throws: SystemCallError.self) {
            try retryingInterrupted("read") { bytes.withUnsafeMutableBytes { read(-1, $0.baseAddress, 1) } }
        }
        #expect(error == SystemCallError(call: "read", errno: .badFileDescriptor))
        #expect(error?.description == "read: \(String(cString: strerror(EBADF)))")
    }

    @Test func aRealCallInterruptedByASignalIsMadeAgain() throws {
        // SIGUSR1, blocked and pending, is delivered to its handler inside the first attempt's
        // `sigsuspend`, which then fails with EINTR; the second attempt reads the pipe.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        var previousAction = sigaction()
        #expect(sigaction(SIGUSR1, &action, &previousAction) == 0)
        defer { sigaction(SIGUSR1, &previousAction, nil) }
        var blocked = sigset_t(), previousMask = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        #expect(pthread_sigmask(SIG_BLOCK, &blocked, &previousMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        #expect(pthread_kill(pthread_self(), SIGUSR1) == 0)
        var byte: UInt8 = 42
        #expect(write(fds[1], &byte, 1) == 1)
        var attempts = 0
        var received: UInt8 = 0
        let count = try retryingInterrupted {
            attempts += 1
            if attempts == 1 {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                return Int(sigsuspend(&unblocked))
            }
            return Glibc.read(fds[0], &received, 1)
        }
        #expect(count == 1)
        #expect(received == 42)
        #expect(attempts == 2)
    }
}
