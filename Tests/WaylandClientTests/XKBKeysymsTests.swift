import Testing
@testable import WaylandClient

// behaviour.md §16: keysym names typed through xkbcommon, compose sequences through the
// locale's compose table (libx11-data's, which tools/setup installs).

@Suite struct XKBKeysymsTests {
    @Test func keysymNamesTypeTheirCharacters() {
        let keys = XKBKeysyms()
        #expect(keys.press("a") == .text("a"))
        #expect(keys.press("A") == .text("A"))
        #expect(keys.press("space") == .text(" "))
        #expect(keys.press("eacute") == .text("é"))
        #expect(keys.press("EuroSign") == .text("€"))
    }

    @Test func keysWithoutTextTypeNothing() {
        let keys = XKBKeysyms()
        for name in ["Return", "BackSpace", "Left", "Shift_L", "Escape", "F1", "no_such_keysym"] {
            #expect(keys.press(name) == .nothing, "\(name)")
        }
    }

    @Test func theComposeTableLoadsOnThisMachine() {
        #expect(XKBKeysyms().hasComposeTable)
    }

    @Test func deadAcuteThenEComposesEAcute() {
        let keys = XKBKeysyms()
        #expect(keys.press("dead_acute") == .composing)
        #expect(keys.press("e") == .text("é"))
        #expect(keys.press("e") == .text("e"))
    }

    @Test func aModifierInsideAComposeSequenceDoesNotBreakIt() {
        let keys = XKBKeysyms()
        #expect(keys.press("dead_diaeresis") == .composing)
        #expect(keys.press("Shift_L") == .nothing)
        #expect(keys.press("U") == .text("Ü"))
    }

    @Test func aKeyOutsideTheSequenceCancelsIt() {
        let keys = XKBKeysyms()
        #expect(keys.press("dead_acute") == .composing)
        #expect(keys.press("Left") == .nothing)
        #expect(keys.press("e") == .text("e"))
    }

    @Test func resetForgetsASequenceInProgress() {
        let keys = XKBKeysyms()
        #expect(keys.press("dead_grave") == .composing)
        keys.reset()
        #expect(keys.press("a") == .text("a"))
    }

    @Test func unknownKeysymNamesAreNotKeysyms() {
        #expect(XKBKeysyms.keysym(named: "dead_acute") != nil)
        #expect(XKBKeysyms.keysym(named: "Return") != nil)
        #expect(XKBKeysyms.keysym(named: "Retrun") == nil)
    }
}
