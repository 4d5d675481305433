/// Start-up's reading of `touchstone run …`: swift-argument-parser reflects over every command
/// on its first use (~12 M instructions, half of start to first frame). Plain lists are read
/// here; anything else (help, repeats, unknown or dash-led words, errors) returns nil and goes
/// to the parser, so every message and exit status stays its own (pinned by RunQuickReaderTests).
extension RunArguments {
    init?(quickly arguments: some Collection<String>) {
        guard arguments.first == "run" else { return nil }
        var scene: String?
        var record: String?, events: String?
        var flags: Set<String> = []
        var rest = arguments.dropFirst()[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                // One scene; a second positional is the parser's error to report.
                guard scene == nil, Self.isPlainValue(word) else { return nil }
                scene = word
                continue
            }
            var name = word, attached: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            switch name {
            case "--record", "--events":
                guard let value = attached ?? rest.popFirst(), Self.isPlainValue(value) else { return nil }
                if name == "--record" {
                    guard record == nil else { return nil }
                    record = value
                } else {
                    guard events == nil else { return nil }
                    events = value
                }
            case "--debug-overlay", "--show-touches", "--pointer-location", "--fullscreen":
                guard attached == nil, flags.insert(name).inserted else { return nil }
            default:
                return nil
            }
        }
        guard let scene else { return nil }
        self.init(scene: scene, record: record, events: events, debugOverlay: flags.contains("--debug-overlay"),
                  showTouches: flags.contains("--show-touches"), pointerLocation: flags.contains("--pointer-location"),
                  fullscreen: flags.contains("--fullscreen"))
    }

    /// A value the parser takes as it is: not empty, not dash-led, not a word it treats specially.
    private static func isPlainValue(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word != "help"
    }
}
