import AuditFormat
import JSONOutput
import NodeCore
import SceneFormat

extension CheckCase {
    /// `check.json`'s audit: the scene as loaded (before any input, images decoded as `audit`
    /// decodes them), laid out at each of its sizes as `audit --sizes` lays it out, must have
    /// `findings` findings, counted as `audit --sizes --json` counts them (each finding once,
    /// whatever the number of sizes it occurs at). A mismatch prints the audit's table.
    static func checkAudit(_ audit: CheckConfig.AuditExpectation, scenePath: String, config: CheckConfig, configPath: String,
                           update: Bool, into result: inout CheckCaseResult) throws(Failure) {
        // A tree of its own: the replay's has moved, and laying it out at other sizes would move it.
        let scene = try attempt { try InputFiles.loadScene(scenePath, for: .offline(scale: 1)) }
        let sizes = audit.sizes.isEmpty ? [scene.size] : audit.sizes
        // A window never smaller than the scene's minSize: findings there would be no one's.
        if let least = scene.minimumSize,
           let index = audit.sizes.firstIndex(where: { $0.width < least.width || $0.height < least.height }) {
            let line = index < audit.sizeLines.count ? audit.sizeLines[index] : 0
            throw Failure(description: FormatError(file: configPath, line: line, key: "audit.sizes",
                                                   message: "\(text(audit.sizes[index])) is smaller than the scene's minSize "
                                                   + "\(text(least)) (\(scenePath)); no window of it gets that small").description)
        }
        let report = SceneAudit.across(scene, sizes: sizes, minimumSize: audit.minSize)
        let findings = report.findings.count
        guard findings != audit.findings else { return }
        if update {
            var config = config
            config.audit?.findings = findings
            try attempt { try write(Array(config.encoded().utf8), to: configPath) }
            result.updated.append("check.json")
        } else {
            result.failures.append("audit: \(findings) finding\(findings == 1 ? "" : "s") at \(sizes.map(text).joined(separator: ", ")) "
                                   + "(minimum \(JSONWriting.integral(audit.minSize)) pt), expected \(audit.findings)")
            result.diff += AuditAcrossSizesFormatter.formatTable(report)
        }
    }
}
