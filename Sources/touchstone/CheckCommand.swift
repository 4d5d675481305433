import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check cases against their expectations: event log, final frame, audit.",
        discussion: """
        A case is a folder with scene.json, input.jsonl (an input script or a device recording) and \
        expectations: events.jsonl (the exact event log), final.png (the final frame; check.json's scale, \
        tolerance and maxDifferingPixels), and check.json's audit {"minSize", "sizes", "findings"}. A folder \
        without scene.json stands for its subfolders that have one (`touchstone check examples`). Each \
        failing case prints one line and the event log's unified diff; a final.png beyond its budget gets \
        final.diff.png beside it (differing pixels magenta). With --live each case also runs under a private \
        headless weston (weston and its client end with the check, however it ends). Exit status 0 when every case passes, 1 otherwise.
        """
    )

    @Argument(help: "Case folders, or folders of case folders.")
    var cases: [String]

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Write the current results as the new expectations (events.jsonl; final.png when it exists or check.json has a scale; the audit's findings).")
    var update = false

    @Flag(help: "Also run each case under a private headless weston, its input played through the compositor's seat, and require the live event log to equal events.jsonl.")
    var live = false

    @Option(name: .customShort("j"), help: "Check this many cases at once, on as many threads (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j must be at least 1, got \(jobs)") }
    }

    func run() throws {
        try CheckArguments(cases: cases, junit: junit, update: update, live: live, jobs: jobs).run()
    }
}
