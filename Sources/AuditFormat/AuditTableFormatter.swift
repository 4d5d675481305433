public import NodeCore

/// Formats an audit report as a plain-text table for a terminal.
///
/// ```
/// Tappable-area audit: 3 controls, minimum 44 pt
/// CONTROL  KIND    TAPPABLE (x, y, w × h)  FINDINGS
/// play     button  10, 20, 40 × 40         undersized (fails Apple HIG 44 pt, Material 48 dp)
/// ...
/// 2 findings in 1 of 3 controls
/// ```
public enum AuditTableFormatter {
    /// `textNotes` are listed after the table.
    public static func format(_ report: AuditReport, textNotes: [AuditTextNote] = []) -> String {
        var lines: [String] = []
        let count = report.entries.count
        lines.append("Tappable-area audit: \(count) control\(count == 1 ? "" : "s"), minimum \(number(report.minimumSize)) pt")
        guard count > 0 else {
            lines.append("no hittable controls")
            lines.append(contentsOf: textNotes.map(\.line))
            return lines.joined(separator: "\n") + "\n"
        }
        var rows: [[String]] = [["CONTROL", "KIND", "TAPPABLE (x, y, w × h)", "FINDINGS"]]
        var notes: [String] = []
        for entry in report.entries {
            let details = describe(entry)
            let name = entry.rowCount.map { "\(entry.name) (×\($0) rows)" } ?? entry.name
            rows.append([name, entry.kind, rect(entry.tappable, reachable: entry.isReachable),
                         details.first ?? "ok"])
            for more in details.dropFirst() { rows.append(["", "", "", more]) }
            if !entry.reachableByScrolling.isEmpty {
                notes.append("note: \(entry.name): reachable by scrolling \(entry.reachableByScrolling.joined(separator: ", "))")
            }
            if !entry.clippedEdges.isEmpty, !entry.isEntirelyClipped {
                notes.append("note: \(entry.name): tappable area extends out of view on \(sides(entry.clippedEdges, by: entry.clippingAncestors))")
            }
        }
        lines.append(contentsOf: table(rows))
        lines.append(contentsOf: notes)
        lines.append(contentsOf: textNotes.map(\.line))
        let flagged = report.entries.filter { !$0.findings.isEmpty }.count
        if report.hasFindings {
            let n = report.findingCount
            lines.append("\(n) finding\(n == 1 ? "" : "s") in \(flagged) of \(count) controls")
        } else {
            lines.append("no findings")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per finding of `entry`.
    static func describe(_ entry: AuditEntry) -> [String] {
        entry.findings.map { finding in
            switch finding {
            case .unreachable:
                return "unreachable: an ancestor's slopRect leaves no tappable area"
            case .neverReachable:
                return "never reachable: no scroll offset brings it into view"
            case .undersized:
                let failed = entry.failedGuidelines.map(\.title).joined(separator: ", ")
                return "undersized \(number(entry.tappable.width)) × \(number(entry.tappable.height)) pt"
                    + (failed.isEmpty ? "" : " (fails \(failed))")
            case .limitedByAncestor:
                return "slop cut on \(sides(entry.limitedEdges, by: entry.limitingAncestors))"
            case .outOfView:
                let names = Set(entry.clippingAncestors.values).sorted().joined(separator: ", ")
                return "tappable but clipped out of view" + (names.isEmpty ? "" : " by \(names)")
            case .overlapsOtherControls:
                return entry.overlaps.map { o in
                    "overlaps \(o.other) at \(rect(o.area, reachable: true)) (\(o.winner) wins)"
                }.joined(separator: "; ")
            }
        }
    }

    /// `left by toolbar, top by card`.
    static func sides(_ edges: Edges, by names: [Edge: String]) -> String {
        edges.members.map { edge in names[edge].map { "\(edge.rawValue) by \($0)" } ?? edge.rawValue }
            .joined(separator: ", ")
    }

    static func rect(_ r: Rect, reachable: Bool) -> String {
        reachable ? "\(number(r.minX)), \(number(r.minY)), \(number(r.width)) × \(number(r.height))" : "none"
    }

    /// `44`, `43.5`: integers without a fraction, others as Swift prints them.
    static func number(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// Columns padded to their widest cell, two spaces apart; the last column unpadded.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                if i == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[i] - cell.count + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
