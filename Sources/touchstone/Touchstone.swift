import ArgumentParser
import FileOutput
import Glibc
import Session
import TouchstoneApp

/// `touchstone`: argument parsing and exit statuses; the work happens in `Session` and `TouchstoneApp`.
@main
struct Touchstone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchstone",
        abstract: "UIKit-style touch handling, hit-test slop and a tappable-area overlay for Wayland.",
        subcommands: [RunCommand.self, DemoCommand.self, ReplayCommand.self, RenderCommand.self, AuditCommand.self,
                      TouchTestCommand.self, ImportCommand.self, CheckCommand.self,
                      LayoutCommand.self]
    )

    /// Runs a command and maps failures to behaviour.md §8 exit statuses: 2 for bad
    /// arguments or input files, 1 for runtime failures (output errors included), 3 for
    /// audit findings. SIGPIPE is ignored, so a closed pipe (`| head -1`) is a failed
    /// write: status 1 and one line, like any other output error.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            // `run` and `check`, the common starts, skip the parser's reflection when their readers are sure.
            let arguments = CommandLine.arguments.dropFirst()
            if let run = RunArguments(quickly: arguments) {
                try run.run()
            } else if let check = CheckArguments(quickly: arguments) {
                try check.run()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let code as ExitCode {
            // A status chosen by the command itself (audit findings: 3); its output is already printed.
            Glibc.exit(code.rawValue)
        } catch {
            if let status = ExitStatus.of(error) {
                StandardError.writeLine("touchstone: error: \(error)")
                Glibc.exit(status)
            }
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success {
                // --help and --version: their text is the output, so a failed write is an output error.
                do throws(OutputError) {
                    try LineSink().write(message)
                } catch {
                    StandardError.writeLine("touchstone: error: \(error)")
                    Glibc.exit(ExitStatus.runtimeFailure)
                }
                Glibc.exit(0)
            }
            if exitCode(for: error) == .failure {
                // An error of a layer below that ExitStatus does not name yet: a runtime
                // failure, never mistaken for bad arguments.
                StandardError.writeLine("touchstone: error: \(error)")
                Glibc.exit(ExitStatus.runtimeFailure)
            }
            // One line, like every other error (behaviour.md §8): the parser's brief message, no usage text.
            var brief = Self.message(for: error)
            if brief.hasPrefix("Error: ") { brief.removeFirst("Error: ".count) }
            let line = brief.split(whereSeparator: \.isNewline).first.map(String.init) ?? "bad arguments"
            StandardError.writeLine("touchstone: error: \(line)")
            Glibc.exit(ExitStatus.badInput)
        }
    }
}
