import CXKBCommon
import Glibc
public import SystemCalls

/// Loading the compositor's keymap failed.
public enum KeymapError: Error, Equatable, CustomStringConvertible {
    case unsupportedFormat(UInt32)
    case map(SystemCallError)
    case compile
    case noContext

    public var description: String {
        switch self {
        case let .unsupportedFormat(format): "unsupported keymap format \(format) (expected xkb_v1)"
        case let .map(error): "cannot map the keymap: \(error)"
        case .compile: "xkbcommon could not compile the compositor's keymap"
        case .noContext: "cannot create an xkbcommon context"
        }
    }
}

/// xkbcommon state for one keyboard: keymap from the compositor's fd, key → keysym/UTF-8, modifiers.
final class XKBKeymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Compiles the keymap the compositor sent in `wl_keyboard.keymap` (takes ownership of `fd`).
    init(fd: Int32, size: UInt32) throws(KeymapError) {
        defer { close(fd) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .noContext }
        // The fd must be mapped MAP_PRIVATE from protocol version 7 on.
        let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapped, mapped != MAP_FAILED else {
            xkb_context_unref(context)
            throw .map(SystemCallError(call: "mmap"))
        }
        defer { munmap(mapped, Int(size)) }
        // The text is NUL-terminated within `size`; the _buffer variant tolerates a missing NUL.
        let text = mapped.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        guard let keymap = xkb_keymap_new_from_buffer(context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            throw .compile
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// `wl_keyboard.modifiers`
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        let pairs: [(String, KeyModifiers)] = [("Shift", .shift), ("Control", .control), ("Mod1", .alt),
                                               ("Mod4", .logo), ("Lock", .capsLock)]
        for (name, flag) in pairs where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(flag)
        }
        return result
    }

    /// Keysym for an evdev key code (xkb codes are evdev + 8).
    func keysym(evdev key: UInt32) -> UInt32 { xkb_state_key_get_one_sym(state, key + 8) }

    /// The xkb name of a keysym (`Escape`, `d`); empty for keysyms without one.
    func keysymName(_ keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(min(count, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The UTF-8 text a key produces now (empty for keys without text).
    func text(evdev key: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = xkb_state_key_get_utf8(state, key + 8, &buffer, buffer.count)
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(min(count, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func repeats(evdev key: UInt32) -> Bool { xkb_keymap_key_repeats(keymap, key + 8) != 0 }
}
