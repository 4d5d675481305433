import SeededRandom
import Testing
@testable import touchstone

/// `run`'s start-up reader against swift-argument-parser: on any argument list it either
/// declines or reads exactly what the parser reads.
@Suite struct RunQuickReaderTests {
    /// Words that make up the argument lists: values, every flag and option of `run`, both
    /// spellings of option values, and what the parser treats specially.
    static let words = [
        "run", "run", "scene.json", "examples/overlap/scene.json", "out.jsonl", "a b.json", "ünï.json", "help", "demo", "",
        "-", "--", "-h", "--help", "-x", "--version", "--unknown", "--events", "--events", "--record", "--record",
        "--events=log.jsonl", "--events=", "--events=a=b", "--record=rec.jsonl", "--debug-overlay", "--show-touches",
        "--pointer-location", "--fullscreen", "--fullscreen=true", "--debug-overlay=1", "--Events", "-events",
        "--generate-completion-script", "--experimental-dump-help",
    ]

    /// What the parser reads from `arguments`, or nil when it reads no `run` command.
    static func parsed(_ arguments: [String]) -> RunArguments? {
        guard let command = try? Touchstone.parseAsRoot(arguments) as? RunCommand else { return nil }
        return RunArguments(scene: command.scene, record: command.record, events: command.events,
                            debugOverlay: command.debugOverlay, showTouches: command.showTouches,
                            pointerLocation: command.pointerLocation, fullscreen: command.fullscreen)
    }

    @Test func readsRandomArgumentListsAsTheParserDoesOrDeclines() {
        var random = SplitMix64(seed: 15)
        var accepted = 0
        for _ in 0..<4_000 {
            var arguments = [Int.random(in: 0..<8, using: &random) == 0 ? Self.words.randomElement(using: &random)! : "run"]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                // Plain scene-like words more often than not, so many lists are ones the reader takes.
                arguments.append(Int.random(in: 0..<3, using: &random) == 0 ? "scene.json"
                                 : Self.words.randomElement(using: &random)!)
            }
            guard let quick = RunArguments(quickly: arguments) else { continue }
            accepted += 1
            #expect(Self.parsed(arguments) == quick, "\(arguments)")
        }
        #expect(accepted > 300)
    }

    @Test func readsEveryOptionInBothSpellingsAsTheParserDoes() {
        let lists: [[String]] = [
            ["run", "scene.json", "--events", "/dev/null"],
            ["run", "--events=/dev/null", "scene.json"],
            ["run", "--record", "r.jsonl", "--events", "e.jsonl", "--debug-overlay", "--show-touches", "--pointer-location",
             "--fullscreen", "s.json"],
            ["run", "s.json", "--record=a=b", "--fullscreen"],
        ]
        for arguments in lists {
            let quick = RunArguments(quickly: arguments)
            #expect(quick != nil, "\(arguments)")
            #expect(Self.parsed(arguments) == quick, "\(arguments)")
        }
    }

    @Test func declinesWhatOnlyTheParserCanAnswer() {
        let lists: [[String]] = [
            [], ["run"], ["run", "--help"], ["run", "-h"], ["help", "run"], ["demo"], ["run", "a.json", "b.json"],
            ["run", "a.json", "--events"], ["run", "a.json", "--events", "--fullscreen"], ["run", "a.json", "--fullscreen", "--fullscreen"],
            ["run", "a.json", "--events", "x", "--events", "y"], ["run", "a.json", "--fullscreen=yes"], ["run", "--", "a.json"],
            ["run", "a.json", "--verbose"], ["run", ""], ["run", "-"],
        ]
        for arguments in lists { #expect(RunArguments(quickly: arguments) == nil, "\(arguments)") }
    }
}
