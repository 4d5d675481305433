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

    /// The table is compiled once per process and shared (`check -j` replays on several
    /// threads): states made, used and freed on two threads at once each compose on their own.
    @Test func statesOfTheSharedTableComposeOnTwoThreadsAtOnce() async {
        let expected: [String: [XKBKeysyms.Typed]] = ["dead_acute": [.composing, .text("é")], "dead_grave": [.composing, .text("è")]]
        await withTaskGroup(of: (String, [XKBKeysyms.Typed]).self) { group in
            for accent in expected.keys {
                group.addTask {
                    var typed: [XKBKeysyms.Typed] = []
                    for _ in 0..<500 {
                        let keys = XKBKeysyms()
                        typed += [keys.press(accent), keys.press("e")]
                    }
                    return (accent, typed)
                }
            }
            for await (accent, typed) in group {
                let pattern = expected[accent]!
                #expect(typed == Array((0..<500).map { _ in pattern }.joined()), "\(accent)")
            }
        }
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
