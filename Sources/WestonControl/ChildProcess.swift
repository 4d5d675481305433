#if canImport(Glibc)
import Glibc
#endif
import SystemCalls
import SystemPackage

/// A child process started with a clean signal state (`Spawn`).
///
/// Foundation's `Process` hands its children the signal mask of the thread
/// that launched them; on a Swift Testing or Dispatch worker thread that mask
/// blocks nearly everything, so SIGTERM would never end the child.
public final class ChildProcess: @unchecked Sendable {
    public let pid: Int32
    private var status: Int32?

    /// - Parameters:
    ///   - outputPath: file receiving stdout and stderr (appended); /dev/null when nil.
    ///   - diesWithParent: the kernel kills the child (SIGKILL) when this process dies, however
    ///     it dies: it is started through util-linux's `setpriv --pdeathsig KILL`. The signal
    ///     follows the spawning thread, so start such children from a thread that lives as
    ///     long as the process (the main thread).
    public init(
        executable: String, arguments: [String], environment: [String: String],
        outputPath: String? = nil, diesWithParent: Bool = false
    ) throws(HarnessError) {
        var executable = executable, arguments = arguments
        if diesWithParent {
            let candidates: [String] = ["/usr/bin/setpriv", "/bin/setpriv"]
            guard let setpriv = candidates.first(where: { access($0, X_OK) == 0 }) else {
                throw .invalidArgument("cannot start \(executable) tied to this process: setpriv (util-linux) not found")
            }
            arguments = ["--pdeathsig", "KILL", "--", executable] + arguments
            executable = setpriv
        }
        let output = outputPath.map { Spawn.Source.appending(path: $0) } ?? .null
        do throws(SystemCallError) {
            pid = try Spawn.start(executable, arguments: arguments,
                                  environment: environment.map { "\($0.key)=\($0.value)" }, output: output)
        } catch {
            throw .invalidArgument("cannot start \(executable): \(String(cString: strerror(error.errno.rawValue)))")
        }
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = waitUntilExit()
        }
    }

    /// Reaps the child without blocking; true while it has not exited.
    public var isRunning: Bool {
        guard status == nil, waitError == nil else { return false }
        var raw: Int32 = 0
        do throws(Errno) {
            guard try retryingInterrupted({ waitpid(pid, &raw, WNOHANG) }) == pid else { return true }
            status = raw
        } catch {
            waitError = error.rawValue
        }
        return false
    }

    /// The errno of a failed `waitpid`: the child's fate is then unknown, and
    /// `exitStatus` stays nil rather than pretending it exited with 0.
    public private(set) var waitError: Int32?

    /// Exit code, or 128 + signal for a child killed by a signal;
    /// nil while it runs or when `waitpid` failed (see `waitError`).
    public var exitStatus: Int32? {
        guard !isRunning, let status else { return nil }
        return Self.decode(status)
    }

    public func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Blocks until the child exits; returns `exitStatus` (nil when `waitpid` failed).
    @discardableResult
    public func waitUntilExit() -> Int32? {
        if let status { return Self.decode(status) }
        guard waitError == nil else { return nil }
        var raw: Int32 = 0
        do throws(Errno) {
            _ = try retryingInterrupted { waitpid(pid, &raw, 0) }
        } catch {
            waitError = error.rawValue
            return nil
        }
        status = raw
        return Self.decode(raw)
    }

    /// Waits at most `timeout` seconds (bounded polling with back-off).
    public func waitForExit(timeout: Double) -> Bool {
        let deadline = Deadline(seconds: timeout)
        var wait = 0.0005
        while isRunning {
            if deadline.hasPassed { return false }
            usleep(useconds_t(wait * 1_000_000))
            wait = min(wait * 2, 0.02)
        }
        return true
    }

    /// SIGTERM, wait up to `grace` seconds, then SIGKILL; always reaps.
    public func stop(grace: Double = 3) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if !waitForExit(timeout: grace) {
            kill(pid, SIGKILL)
        }
        waitUntilExit()
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}
