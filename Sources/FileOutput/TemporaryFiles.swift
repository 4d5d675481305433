#if canImport(Glibc)
import Glibc
#endif

/// The temporary files of outputs not yet committed, removed when SIGINT, SIGTERM or SIGHUP
/// ends the process (behaviour.md §8): an interrupted `render` leaves no `.NAME.xxxx.tmp`.
/// The handler only calls `unlink`, `signal` and `raise`, which are async-signal-safe, on
/// paths copied into memory it owns when they were registered.
enum TemporaryFiles {
    /// The most temporary files alive at once that the handler knows of (a command has at most three).
    static let capacity = 16

    /// Registers `path`; returns its slot for `unregister`, or nil when all slots are taken.
    static func register(_ path: String) -> Int? {
        installHandlers()
        let copy = strdup(path)
        for slot in 0 ..< capacity where slots[slot] == nil {
            slots[slot] = copy
            return slot
        }
        free(copy)
        return nil
    }

    /// Forgets the file of `slot` (committed or removed).
    static func unregister(_ slot: Int) {
        let path = slots[slot]
        slots[slot] = nil
        free(path)
    }

    nonisolated(unsafe) fileprivate static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let memory = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        memory.initialize(repeating: nil, count: capacity)
        return memory
    }()

    nonisolated(unsafe) private static var installed = false

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        _ = slots
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // A signal already ignored (nohup) stays ignored.
            let previous = signal(sig, handleSignal)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(sig, SIG_IGN) }
        }
    }
}

/// Removes every registered temporary file, then ends the process with the signal's own status.
private func handleSignal(_ sig: Int32) {
    for slot in 0 ..< TemporaryFiles.capacity {
        if let path = TemporaryFiles.slots[slot] { unlink(path) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}
