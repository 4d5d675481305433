import Foundation
import Testing

/// The audit reports of every example scene, byte for byte as `touchstone audit` wrote them
/// before the JSON writer moved into `JSONOutput` (`AuditReports/NAME.json` and `.txt`):
/// strings, numbers and layout are the project's one JSON spelling.
@Suite struct AuditReportBytesTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "AuditReports")
    static let scenes = ["carousel", "chat", "languages", "overlap", "padded-button", "scroll-list", "slider-toggle"]

    @Test(arguments: scenes)
    func theJSONReportIsUnchanged(scene: String) throws {
        let run = try CLIRun(["audit", "--json", "examples/\(scene)/scene.json"])
        #expect(run.status == 0 || run.status == 3)
        let reference = try String(contentsOf: Self.references.appending(path: "\(scene).json"), encoding: .utf8)
        #expect(run.stdout == reference)
    }

    @Test(arguments: scenes)
    func theTableIsUnchanged(scene: String) throws {
        let run = try CLIRun(["audit", "examples/\(scene)/scene.json"])
        let reference = try String(contentsOf: Self.references.appending(path: "\(scene).txt"), encoding: .utf8)
        #expect(run.stdout == reference)
    }
}
