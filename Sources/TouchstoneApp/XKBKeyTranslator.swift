public import NodeCore
import WaylandClient

/// The key translator of live windows and replay (behaviour.md §16): keysym names typed
/// through xkbcommon, dead keys and Compose sequences through the locale's compose table.
public final class XKBKeyTranslator: KeyTranslator {
    /// Made at the first key a text field gets: loading a compose table takes milliseconds,
    /// which a window's start should not wait for.
    private var loaded: XKBKeysyms?

    public init() {}

    private var keysyms: XKBKeysyms {
        if let loaded { return loaded }
        let made = XKBKeysyms()
        loaded = made
        return made
    }

    /// Whether the compose table loaded.
    public var composes: Bool { keysyms.hasComposeTable }

    public func translate(keysym name: String) -> KeyTranslation {
        switch keysyms.press(name) {
        case .text(let text): return .text(text)
        case .composing: return .composing
        case .nothing: return .none
        }
    }

    public func reset() { loaded?.reset() }

    /// Whether `name` is a keysym xkbcommon knows: input scripts name keys by these.
    public static func isKeysym(_ name: String) -> Bool { XKBKeysyms.keysym(named: name) != nil }
}
