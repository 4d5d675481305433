import FileOutput
import JSONOutput
import NodeCore

/// Writes `audit --sizes` reports (behaviour.md §15.1): each finding once with the sizes
/// where it occurs, as a table or as JSON.
///
/// ```
/// Tappable-area audit at 2 sizes (1280×800, 800×1280): 6 controls, minimum 44 pt
/// CONTROL  KIND    SIZES     FINDING
/// pay      button  800×1280  undersized 38 × 48 pt (fails Apple HIG 44 pt, Material 48 dp)
/// 1 finding in 1 of 6 controls, at 1 of 2 sizes
/// ```
public enum AuditAcrossSizesFormatter {
    public static func formatTable(_ audit: AuditAcrossSizes) -> String {
        var text = ""
        writeTable(audit, to: &text)
        return text
    }

    public static func writeTable<Output: TextOutputStream>(_ audit: AuditAcrossSizes, to out: inout Output) {
        let names = audit.sizes.map(AuditAcrossSizes.name)
        let count = audit.controlCount
        out.write("Tappable-area audit at \(names.count) size\(names.count == 1 ? "" : "s") (\(names.joined(separator: ", "))): "
                  + "\(count) control\(count == 1 ? "" : "s"), minimum \(AuditTableFormatter.number(audit.minimumSize)) pt\n")
        if audit.findings.isEmpty {
            out.write(count == 0 ? "no hittable controls\n" : "")
        } else {
            let rows = audit.findings.map { f in
                [TerminalText.escaped(f.control), f.kind, sizes(f.sizes, of: audit), TerminalText.escaped(f.detail)]
            }
            let header = ["CONTROL", "KIND", "SIZES", "FINDING"]
            var widths = header.dropLast().map(\.count)
            for row in rows {
                for i in widths.indices { widths[i] = max(widths[i], min(row[i].count, AuditTableFormatter.maximumColumnWidth)) }
            }
            for row in [header] + rows {
                var line = ""
                for (i, cell) in row.enumerated() {
                    line += cell
                    if i < row.count - 1 { line += String(repeating: " ", count: max(widths[i] - cell.count, 0) + 2) }
                }
                out.write(line + "\n")
            }
        }
        for note in audit.notes {
            out.write(TerminalText.escaped("\(note.note.line) (at \(sizes(note.sizes, of: audit)))") + "\n")
        }
        guard audit.hasFindings else { return out.write(count == 0 ? "" : "no findings at any size\n") }
        let n = audit.findings.count
        let flagged = Set(audit.findings.map(\.control)).count
        let at = Set(audit.findings.flatMap { $0.sizes.map(AuditAcrossSizes.name) }).count
        out.write("\(n) finding\(n == 1 ? "" : "s") in \(flagged) of \(count) controls, at \(at) of \(names.count) sizes\n")
    }

    /// `800×1280, 1024×768`, or `all` when a finding occurs at every size.
    private static func sizes(_ sizes: [Size], of audit: AuditAcrossSizes) -> String {
        sizes.count == audit.sizes.count && audit.sizes.count > 1 ? "all" : sizes.map(AuditAcrossSizes.name).joined(separator: ", ")
    }

    /// ```
    /// { "minimumSize": 44, "sizes": ["1280x800", "800x1280"], "findingCount": 1,
    ///   "findings": [{"control": "pay", "kind": "button", "finding": "undersized",
    ///                 "detail": "undersized 38 × 48 pt (fails …)", "sizes": ["800x1280"]}],
    ///   "textNotes": [{"node", "part", "truncated", "clipped", "sizes"}] }
    /// ```
    public static func formatJSON(_ audit: AuditAcrossSizes) -> String {
        let size = { (s: Size) -> JSONValue in .string(AuditAcrossSizes.argument(s)) }
        let document = JSONValue.object([
            ("minimumSize", .number(audit.minimumSize)),
            ("sizes", .array(audit.sizes.map(size))),
            ("findingCount", .number(Double(audit.findings.count))),
            ("findings", .array(audit.findings.map { f in
                .object([("control", .string(f.control)), ("kind", .string(f.kind)), ("finding", .string(f.finding.rawValue)),
                         ("detail", .string(f.detail)), ("sizes", .array(f.sizes.map(size)))])
            })),
            ("textNotes", .array(audit.notes.map { n in
                .object([("node", .string(n.note.node)), ("part", .string(n.note.part)),
                         ("truncated", .bool(n.note.isTruncated)), ("clipped", .bool(n.note.isClipped)),
                         ("sizes", .array(n.sizes.map(size)))])
            })),
        ])
        var text = ""
        document.write(to: &text, indent: 0)
        return text + "\n"
    }
}
