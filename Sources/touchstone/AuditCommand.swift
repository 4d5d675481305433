import ArgumentParser
import NodeCore
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

    @Option(name: .customLong("size"), help: ArgumentHelp(
        "The window size to lay the scene out at, WIDTHxHEIGHT in points (default: the scene's size). Give it several times to audit at each size: every finding is reported with the sizes where it occurs.",
        valueName: "size"), transform: WindowSizeArgument.parseWindow)
    var sizes: [Size] = []

    @Option(name: .customLong("sizes"), help: ArgumentHelp("Sizes to audit at, as W1xH1,W2xH2,... (adds to --size).",
                                                           valueName: "sizes"),
            transform: WindowSizeArgument.parseList)
    var sizeLists: [[Size]] = []

    /// Every size asked for, in the order given (`--size` ones first).
    var allSizes: [Size] { sizes + sizeLists.flatMap { $0 } }

    func validate() throws {
        guard minSize.isFinite, minSize >= 0 else {
            throw ValidationError("--min-size must be a non-negative number of points, got \(minSize)")
        }
    }

    func run() throws {
        let use = SceneUse.offline(scale: 1)
        let scene = try InputFiles.loadScene(scene, for: use)
        let hasFindings: Bool
        if allSizes.count > 1 {
            hasFindings = try SceneAudit.write(scene, sizes: allSizes, minimumSize: minSize, json: json, to: LineSink())
        } else {
            let window = SceneWindow.make(scene, size: allSizes.first, images: use.decoder()).window
            hasFindings = try SceneAudit.write(on: window, minimumSize: minSize, json: json, to: LineSink())
        }
        if hasFindings { throw ExitCode(ExitStatus.auditFindings) }
    }
}
