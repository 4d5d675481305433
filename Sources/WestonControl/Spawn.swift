#if canImport(Glibc)
import Glibc
#endif
package import SystemCalls
import SystemPackage

/// `posix_spawn` with a clean signal state, set up once for every child this package starts
/// (weston, its clients, `make`, the temporary folder's watchdog).
///
/// The child's signal mask is emptied and every catchable signal reset to its default:
/// a thread of Swift Testing or Dispatch blocks nearly every signal, and a child started
/// from it would inherit that mask and never end on SIGTERM.
package enum Spawn {
    /// Where one of the child's standard descriptors comes from.
    package enum Source {
        /// `/dev/null`.
        case null
        /// This process's descriptor, duplicated onto the child's.
        case descriptor(Int32)
        /// A file opened for appending (created when missing); not close-on-exec, since it is
        /// the child's own descriptor.
        case appending(path: String)
    }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), hidden from Swift behind `_GNU_SOURCE`.
    private static let setSID: Int32 = 0x80

    /// Starts `executable` (a path) with `arguments` (without argv[0]) and returns its pid.
    /// Its standard error goes where its standard output does. `environment` is a list of
    /// `NAME=value` entries; nil passes this process's. `newSession` makes the child lead a
    /// session of its own, away from the terminal's signals.
    package static func start(
        _ executable: String, arguments: [String], environment: [String]? = nil,
        input: Source = .null, output: Source = .null, newSession: Bool = false
    ) throws(SystemCallError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        connect(input, to: 0, flags: O_RDONLY, in: &actions)
        connect(output, to: 1, flags: O_WRONLY | O_CREAT | O_APPEND, in: &actions)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSID : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SystemCallError(call: "posix_spawn", errno: Errno(rawValue: result)) }
        return pid
    }

    private static func connect(_ source: Source, to descriptor: Int32, flags: Int32,
                                in actions: inout posix_spawn_file_actions_t) {
        switch source {
        case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags & ~(O_CREAT | O_APPEND), 0)
        case let .descriptor(fd): posix_spawn_file_actions_adddup2(&actions, fd, descriptor)
        case let .appending(path): posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
        }
    }
}
