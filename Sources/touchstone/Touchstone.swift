import ArgumentParser
import Foundation
import Session
import TouchstoneApp

/// `touchstone`: argument parsing only; the work happens in `Session`.
@main
struct Touchstone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchstone",
        abstract: "UIKit-style touch handling, hit-test slop and a tappable-area overlay for Wayland.",
        subcommands: [RunCommand.self, DemoCommand.self, ReplayCommand.self, RenderCommand.self, AuditCommand.self,
                      TouchTestCommand.self]
    )

    /// Runs a command and maps failures to behaviour.md §8 exit statuses: 2 for bad
    /// arguments or input files, 1 for runtime failures, 3 for audit findings.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // A status chosen by the command itself (audit findings: 3); its output is already printed.
            Foundation.exit(code.rawValue)
        } catch let error as AppError {
            // Runtime failures of a live window: no compositor, compositor gone, output files.
            FileHandle.standardError.write(Data("touchstone: error: \(error)\n".utf8))
            Foundation.exit(CommandFailure.runtimeStatus)
        } catch let error as OutputError {
            FileHandle.standardError.write(Data("touchstone: error: \(error)\n".utf8))
            Foundation.exit(CommandFailure.runtimeStatus)
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("touchstone: error: \(failure.message)\n".utf8))
            Foundation.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = fullMessage(for: error)
            FileHandle.standardError.write(Data((message.hasPrefix("Error:") ? message : "touchstone: error: \(message)").utf8 + [0x0A]))
            Foundation.exit(2)
        }
    }
}
