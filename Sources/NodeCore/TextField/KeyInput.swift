/// Modifier keys held with a key (input scripts' `"modifiers"`; behaviour.md §16).
public struct KeyModifierSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifierSet(rawValue: 1 << 0)
    public static let ctrl = KeyModifierSet(rawValue: 1 << 1)
    public static let alt = KeyModifierSet(rawValue: 1 << 2)
    public static let logo = KeyModifierSet(rawValue: 1 << 3)

    /// The modifiers by their script names, in the order scripts list them.
    public static let named: [(KeyModifierSet, String)] = [(.shift, "shift"), (.ctrl, "ctrl"), (.alt, "alt"), (.logo, "logo")]

    /// The script names of the modifiers in this set, in `named` order.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }

    /// The modifier with script name `name`, if any.
    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = entry.0
    }
}

/// What a key press types once compose sequences are applied.
public enum KeyTranslation: Hashable, Sendable {
    /// The key types this text (`a`, `é` at the end of a compose sequence).
    case text(String)
    /// The key is part of a compose sequence that has not finished (`dead_acute`).
    case composing
    /// The key types nothing (`Left`, `Shift_L`, a cancelled compose sequence).
    case none
}

/// Turns key presses, by xkb keysym name, into typed text (behaviour.md §16). The app layer
/// implements it with xkbcommon's keysyms and compose tables; NodeCore knows no C.
public protocol KeyTranslator: AnyObject {
    /// The text a press of keysym `name` types, advancing any compose sequence.
    func translate(keysym name: String) -> KeyTranslation
    /// Forgets a compose sequence in progress (editing ended).
    func reset()
}

/// A translator without xkbcommon: a keysym name that is one character types it, `space`
/// types a space, nothing composes. xkb names every printable ASCII letter and digit by
/// itself, so scripts of letters and digits type the same as with xkbcommon.
public final class PlainKeyTranslator: KeyTranslator {
    public init() {}

    public func translate(keysym name: String) -> KeyTranslation {
        if name == "space" { return .text(" ") }
        guard name.count == 1, let first = name.unicodeScalars.first, first.value >= 0x21, first.value != 0x7F else {
            return .none
        }
        return .text(name)
    }

    public func reset() {}
}

/// One key press as a text field receives it: the keysym's name, the modifiers and what it
/// types (nil for none).
public struct KeyPress: Hashable, Sendable {
    public var name: String
    public var modifiers: KeyModifierSet
    public var text: String?

    public init(name: String, modifiers: KeyModifierSet = [], text: String? = nil) {
        self.name = name
        self.modifiers = modifiers
        self.text = text
    }
}
