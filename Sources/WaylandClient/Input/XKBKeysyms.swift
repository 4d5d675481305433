import CXKBCommon
import Synchronization

/// xkbcommon's keysym names and compose tables, for typing text from keysym names
/// (behaviour.md §16): what a live keyboard and a replayed input script type alike.
public final class XKBKeysyms {
    private let composeTable: OpaquePointer?
    private let composeState: OpaquePointer?

    /// The locales whose compose table is tried, in order: `C.UTF-8` maps to the
    /// en_US.UTF-8 table in the X locale data; the second is for data that lacks that alias.
    public static let composeLocales = ["C.UTF-8", "en_US.UTF-8"]

    /// What one press gives after compose.
    public enum Typed: Equatable, Sendable {
        case text(String)
        case composing
        case nothing
    }

    /// The compose table, compiled at its first use and kept for the process: compiling it
    /// takes milliseconds, and `check -j` replays many windows on several threads. A table
    /// does not change once compiled; its reference count is not atomic, so states are made
    /// and freed under the lock.
    private static let shared = Mutex(SharedTable())

    private struct SharedTable: @unchecked Sendable {
        var loaded = false
        var table: OpaquePointer?
    }

    /// A table and a state of it, handed out of the lock.
    private struct Pointers: @unchecked Sendable {
        var table: OpaquePointer?
        var state: OpaquePointer?
    }

    public init() {
        let made = Self.shared.withLock { shared in
            if !shared.loaded {
                shared.loaded = true
                if let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) {
                    for locale in Self.composeLocales where shared.table == nil {
                        shared.table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
                    }
                    // The table keeps its own reference to the context.
                    xkb_context_unref(context)
                }
            }
            return Pointers(table: shared.table, state: shared.table.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) })
        }
        composeTable = made.table
        composeState = made.state
    }

    deinit {
        guard let composeState else { return }
        let state = Pointers(state: composeState)
        Self.shared.withLock { _ in xkb_compose_state_unref(state.state) }
    }

    /// Whether a compose table loaded (dead keys compose only then).
    public var hasComposeTable: Bool { composeTable != nil }

    /// The keysym named `name` (case-sensitive, as xkb names them); nil for an unknown name.
    public static func keysym(named name: String) -> UInt32? {
        let keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return keysym == 0 ? nil : keysym
    }

    /// The text of `keysym`, without compose; nil for keysyms that type nothing (or a
    /// control character such as Return's or BackSpace's).
    public static func text(of keysym: UInt32) -> String? {
        let value = xkb_keysym_to_utf32(keysym)
        guard value >= 0x20, value != 0x7F, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    /// A press of keysym `name`, through the compose state.
    public func press(_ name: String) -> Typed {
        guard let keysym = Self.keysym(named: name) else { return .nothing }
        guard let composeState else { return Self.text(of: keysym).map(Typed.text) ?? .nothing }
        let fed = xkb_compose_state_feed(composeState, keysym)
        guard fed == XKB_COMPOSE_FEED_ACCEPTED else {
            // Modifier keys are ignored by compose: they type nothing themselves.
            return Self.text(of: keysym).map(Typed.text) ?? .nothing
        }
        switch xkb_compose_state_get_status(composeState) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let count = xkb_compose_state_get_utf8(composeState, &buffer, buffer.count)
            xkb_compose_state_reset(composeState)
            guard count > 0 else { return .nothing }
            return .text(String(decoding: buffer.prefix(Int(min(count, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(composeState)
            return .nothing
        default:
            return Self.text(of: keysym).map(Typed.text) ?? .nothing
        }
    }

    /// Forgets a sequence in progress.
    public func reset() {
        if let composeState { xkb_compose_state_reset(composeState) }
    }
}
