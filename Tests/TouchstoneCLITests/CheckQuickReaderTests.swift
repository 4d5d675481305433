import SeededRandom
import Testing
@testable import touchstone

/// `check`'s start-up reader against swift-argument-parser: on any argument list it either
/// declines or reads exactly what the parser reads.
@Suite struct CheckQuickReaderTests {
    /// Words that make up the argument lists: values, every flag and option of `check`, both
    /// spellings of option values, and what the parser treats specially.
    static let words = [
        "check", "check", "examples", "examples/overlap", "a b", "ünï", "help", "run", "", "-", "--", "-h", "--help",
        "-x", "--version", "--unknown", "--junit", "--junit", "--junit=r.xml", "--junit=", "--junit=a=b", "r.xml",
        "-j", "-j", "1", "2", "0", "-1", "007", "99999999999999999999", "x", "-j2", "-j=2", "--update", "--live",
        "--update=true", "--live=1", "--Update", "-update", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// What the parser reads from `arguments`, or nil when it reads no `check` command.
    static func parsed(_ arguments: [String]) -> CheckArguments? {
        guard let command = try? Touchstone.parseAsRoot(arguments) as? CheckCommand else { return nil }
        return CheckArguments(cases: command.cases, junit: command.junit, update: command.update, live: command.live,
                              jobs: command.jobs)
    }

    @Test func readsRandomArgumentListsAsTheParserDoesOrDeclines() {
        var random = SplitMix64(seed: 28)
        var accepted = 0
        for _ in 0..<4_000 {
            var arguments = [Int.random(in: 0..<8, using: &random) == 0 ? Self.words.randomElement(using: &random)! : "check"]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                // Plain folder-like words more often than not, so many lists are ones the reader takes.
                arguments.append(Int.random(in: 0..<3, using: &random) == 0 ? "examples"
                                 : Self.words.randomElement(using: &random)!)
            }
            guard let quick = CheckArguments(quickly: arguments) else { continue }
            accepted += 1
            #expect(Self.parsed(arguments) == quick, "\(arguments)")
        }
        #expect(accepted > 300)
    }

    @Test func readsEveryOptionInBothSpellingsAsTheParserDoes() {
        let lists: [[String]] = [
            ["check", "examples"],
            ["check", "examples", "-j", "2"],
            ["check", "--junit=r.xml", "a", "b", "--update"],
            ["check", "-j", "1", "--junit", "r.xml", "--live", "--update", "a"],
            ["check", "a", "--junit=a=b", "-j", "007"],
        ]
        for arguments in lists {
            let quick = CheckArguments(quickly: arguments)
            #expect(quick != nil, "\(arguments)")
            #expect(Self.parsed(arguments) == quick, "\(arguments)")
        }
    }

    @Test func declinesWhatOnlyTheParserCanAnswer() {
        let lists: [[String]] = [
            [], ["check"], ["check", "--help"], ["check", "a", "-h"], ["help", "check"], ["run", "a"], ["check", "a", "-j"],
            ["check", "a", "-j", "0"], ["check", "a", "-j", "x"], ["check", "a", "-j2"], ["check", "a", "-j", "1", "-j", "2"],
            ["check", "a", "--junit"], ["check", "a", "--junit", "--update"], ["check", "a", "--update", "--update"],
            ["check", "a", "--live=yes"], ["check", "--", "a"], ["check", "a", "--verbose"], ["check", ""], ["check", "-"],
            ["check", "a", "-j", "99999999999999999999"],
        ]
        for arguments in lists { #expect(CheckArguments(quickly: arguments) == nil, "\(arguments)") }
    }
}
