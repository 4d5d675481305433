/// Everything that can go wrong while driving a headless weston.
/// Each case prints as one line that says what failed and what to look at.
public enum HarnessError: Error, Equatable, CustomStringConvertible {
    /// No `weston` executable on `PATH` (install the Debian package `weston`).
    case westonNotFound
    /// The harness module's C source is not where `#filePath` says it is (test support builds).
    case moduleSourceMissing(path: String)
    /// `make` failed for the harness module; carries the tail of its output.
    case moduleBuildFailed(output: String)
    /// The module file given to `start` (or in `TOUCHSTONE_HARNESS_MODULE`) does not exist.
    case moduleMissing(path: String)
    /// A state directory or file could not be created.
    case fileSystem(path: String, reason: String)
    /// weston exited before the module answered; carries its log tail.
    case westonFailedToStart(exitStatus: Int32, logTail: String)
    /// weston exited while in use (crash or killed); carries its log tail.
    case westonExited(exitStatus: Int32, logTail: String)
    /// weston runs but the module did not answer `ping` in time.
    case moduleNotAnswering(socket: String, seconds: Double)
    /// The module answered `error <reason>` to a command.
    case commandFailed(command: String, reason: String)
    /// No reply arrived within the timeout.
    case timeout(command: String, seconds: Double)
    /// The control connection broke (weston gone?).
    case connectionLost(reason: String)
    /// The module's reply did not have the expected shape.
    case malformedReply(command: String, reply: String)
    /// An argument the text protocol cannot carry (e.g. a path with spaces).
    case invalidArgument(String)
    /// A screenshot file could not be read back.
    case screenshotUnreadable(path: String, reason: String)
    /// A command was sent after `stop()`.
    case stopped

    public var description: String {
        switch self {
        case .westonNotFound:
            return "weston not found on PATH (install the Debian package 'weston')"
        case .moduleSourceMissing(let path):
            return "harness module source not found at \(path)"
        case .moduleBuildFailed(let output):
            return "building the harness module failed: \(output)"
        case .moduleMissing(let path):
            return "harness module not found: \(path)"
        case .fileSystem(let path, let reason):
            return "cannot prepare \(path): \(reason)"
        case .westonFailedToStart(let status, let tail):
            return "weston failed to start (exit status \(status)): \(tail)"
        case .westonExited(let status, let tail):
            return "weston exited unexpectedly (status \(status)): \(tail)"
        case .moduleNotAnswering(let socket, let seconds):
            return "harness module did not answer ping on \(socket) within \(seconds) s"
        case .commandFailed(let command, let reason):
            return "harness command '\(command)' failed: \(reason)"
        case .timeout(let command, let seconds):
            return "no reply to '\(command)' within \(seconds) s"
        case .connectionLost(let reason):
            return "harness connection lost: \(reason)"
        case .malformedReply(let command, let reply):
            return "unexpected reply to '\(command)': \(reply)"
        case .invalidArgument(let what):
            return "invalid argument: \(what)"
        case .screenshotUnreadable(let path, let reason):
            return "cannot read screenshot \(path): \(reason)"
        case .stopped:
            return "headless weston already stopped"
        }
    }
}
