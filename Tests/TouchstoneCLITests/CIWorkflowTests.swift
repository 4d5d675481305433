import Foundation
import Testing
@testable import touchstone

/// The GitHub Actions workflow the README's CI section gives CI users (issue 28): a Debian 12
/// job whose commands are this repository's.
@Suite struct CIWorkflowTests {
    /// The first fenced `yaml` block of the file at `path` (relative to the package).
    static func workflow(in path: String) throws -> String {
        let text = try String(contentsOfFile: CLIRun.packageRoot.path + "/" + path, encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theReadmesWorkflowRunsThisRepositorysCommands() throws {
        let workflow = try Self.workflow(in: "README.md")
        let lines = workflow.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Debian 12 with Swift 6.3, and the two setup commands, which exist.
        #expect(lines.contains { $0.hasPrefix("container: swift:6.3-bookworm") })
        for tool in ["tools/setup", "tools/install"] {
            #expect(lines.contains { $0.hasPrefix(tool) })
            #expect(FileManager.default.isExecutableFile(atPath: CLIRun.packageRoot.path + "/" + tool))
        }
        // The check step reads as `check` with a JUnit file, which the report step shows.
        let run = try #require(lines.first { $0.hasPrefix("run: touchstone check") })
        let arguments = run.dropFirst("run: touchstone ".count).split(separator: " ").map(String.init)
        let check = try #require(try Touchstone.parseAsRoot(arguments) as? CheckCommand)
        let junit = try #require(check.junit)
        #expect(check.cases == ["examples"])
        #expect(lines.contains("report_paths: \(junit)"))
        #expect(CheckArguments(quickly: arguments)?.junit == junit)
    }
}
