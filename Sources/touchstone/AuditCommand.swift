import ArgumentParser
import Session
import TouchstoneApp

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Report every control's tappable area: size, sides cut by ancestors, clipping, overlaps.",
        discussion: "Exit status 0 when nothing was found, 3 when the report has findings."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .customLong("min-size"),
            help: "Minimum tappable width and height in points (Apple HIG 44, Material 48, WCAG 2.5.8 24).")
    var minSize = SceneAudit.defaultMinimumSize

    @Flag(help: "Print the report as JSON instead of a table.")
    var json = false

    func validate() throws {
        guard minSize.isFinite, minSize >= 0 else {
            throw ValidationError("--min-size must be a non-negative number of points, got \(minSize)")
        }
    }

    func run() throws {
        let scene = try InputFiles.loadScene(scene, images: .decode(scale: 1))
        let window = scene.makeWindow()
        let hasFindings = try SceneAudit.write(on: window, minimumSize: minSize, json: json, to: LineSink())
        if hasFindings { throw ExitCode(ExitStatus.auditFindings) }
    }
}
