import CXKBCommon
import Glibc
import Testing
@testable import WaylandClient

/// Hands a US keymap to `XKBKeymap` the way a compositor does: as text in shared memory.
private func usKeymapFromFD() throws -> XKBKeymap {
    let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
    defer { xkb_context_unref(context) }
    var names = xkb_rule_names()
    let keymap = try "evdev".withCString { rules in
        try "pc105".withCString { model in
            try "us".withCString { layout in
                names.rules = rules
                names.model = model
                names.layout = layout
                return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS))
            }
        }
    }
    defer { xkb_keymap_unref(keymap) }
    let text = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
    defer { free(text) }
    let size = strlen(text) + 1
    let fd = try AnonymousMemory.create(name: "keymap-test")
    #expect(write(fd, text, size) == size)
    return try XKBKeymap(fd: fd, size: UInt32(size))
}

@Suite struct XKBKeymapTests {
    /// evdev codes from linux/input-event-codes.h
    let keyA: UInt32 = 30, keyLeftShift: UInt32 = 42

    @Test func keymapFromSharedMemoryTranslatesKeysToKeysymsAndText() throws {
        let keymap = try usKeymapFromFD()
        #expect(keymap.keysym(evdev: keyA) == 0x61)
        #expect(keymap.text(evdev: keyA) == "a")
        #expect(keymap.modifiers == [])
    }

    @Test func modifierMaskFromTheCompositorChangesKeysymsAndReportsModifiers() throws {
        let keymap = try usKeymapFromFD()
        // Shift is modifier index 0 in xkeyboard-config keymaps.
        keymap.updateModifiers(depressed: 1 << 0, latched: 0, locked: 0, group: 0)
        #expect(keymap.keysym(evdev: keyA) == 0x41)
        #expect(keymap.text(evdev: keyA) == "A")
        #expect(keymap.modifiers == .shift)
    }

    @Test func letterKeysRepeatAndModifierKeysDoNot() throws {
        let keymap = try usKeymapFromFD()
        #expect(keymap.repeats(evdev: keyA))
        #expect(!keymap.repeats(evdev: keyLeftShift))
        #expect(keymap.text(evdev: keyLeftShift) == "")
    }

    @Test func garbageKeymapIsACompileError() throws {
        let fd = try AnonymousMemory.create(name: "keymap-test")
        let junk = "not a keymap"
        #expect(write(fd, junk, junk.utf8.count + 1) == junk.utf8.count + 1)
        #expect(throws: KeymapError.compile) { try XKBKeymap(fd: fd, size: UInt32(junk.utf8.count + 1)) }
    }
}
