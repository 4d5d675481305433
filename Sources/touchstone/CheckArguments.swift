import ArgumentParser
import FileOutput
import HeadlessSession
import Session
import TouchstoneApp

/// What `touchstone check` was asked for, and the check itself; `CheckCommand` (the parser's
/// view) and `init?(quickly:)` (start-up's view) both end here.
struct CheckArguments: Equatable {
    var cases: [String]
    var junit: String?
    var update = false
    var live = false
    var jobs: Int?

    func run() throws {
        let folders = try CheckRunner.cases(cases)
        let results = CheckRunner.run(folders, options: CheckOptions(update: update, live: live ? LiveCheck() : nil), jobs: jobs ?? CheckRunner.cores)
        let sink = LineSink()
        try sink.write(bytes: Array(CheckRunner.report(results).utf8))
        if let junit {
            let file = try LineSink(replacing: junit)
            try file.write(bytes: Array(JUnitReport.xml(results).utf8))
            try file.commit()
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(ExitStatus.runtimeFailure) }
    }
}

/// Start-up's reading of `touchstone check …`: the parser's reflection is about as long as
/// the checks of a small case folder (behaviour.md §19). Plain lists are read here; anything
/// else (help, repeats, unknown or dash-led words, errors) returns nil and goes to the parser,
/// so every message and exit status stays its own (pinned by CheckQuickReaderTests).
extension CheckArguments {
    init?(quickly arguments: some Collection<String>) {
        guard arguments.first == "check" else { return nil }
        var cases: [String] = []
        var junit: String?, jobs: Int?
        var flags: Set<String> = []
        var rest = arguments.dropFirst()[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                guard Self.isPlainValue(word) else { return nil }
                cases.append(word)
                continue
            }
            var name = word, attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            switch name {
            case "--junit":
                guard junit == nil, let value = attached ?? rest.popFirst(), Self.isPlainValue(value) else { return nil }
                junit = value
            case "-j":
                // Digits only, at least 1: every other spelling is the parser's to read or refuse.
                guard jobs == nil, let value = rest.popFirst(), !value.isEmpty, value.count < 6,
                      value.utf8.allSatisfy({ (0x30 ... 0x39).contains($0) }), let count = Int(value), count >= 1
                else { return nil }
                jobs = count
            case "--update", "--live":
                guard attached == nil, flags.insert(name).inserted else { return nil }
            default:
                return nil
            }
        }
        guard !cases.isEmpty else { return nil }
        self.init(cases: cases, junit: junit, update: flags.contains("--update"), live: flags.contains("--live"), jobs: jobs)
    }

    /// A value the parser takes as it is: not empty, not dash-led, not a word it treats specially.
    private static func isPlainValue(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word != "help"
    }
}
