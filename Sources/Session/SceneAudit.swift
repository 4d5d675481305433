import AuditFormat
import NodeCore
import SceneFormat

/// The tappable-area audit of a scene for `touchstone audit`.
public enum SceneAudit {
    /// The default `--min-size`: Apple's 44 pt.
    public static let defaultMinimumSize = Audit.defaultMinimumSize

    /// The report on `window` as a table, or as JSON, and whether it has findings.
    public static func report(on window: Window, minimumSize: Double, json: Bool) -> (text: String, hasFindings: Bool) {
        let report = Audit.run(window: window, minimumSize: minimumSize)
        let text = json ? AuditJSONFormatter.format(report) : AuditTableFormatter.format(report)
        return (text, report.hasFindings)
    }
}
