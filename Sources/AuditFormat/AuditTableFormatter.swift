public import NodeCore
import FileOutput
import JSONOutput

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
    /// Columns are padded to their widest cell, but never wider than this: a longer cell
    /// (a very long name) pushes only its own row instead of padding every row.
    public static let maximumColumnWidth = 40

    /// `textNotes` are listed after the table.
    public static func format(_ report: AuditReport, textNotes: [AuditTextNote] = []) -> String {
        var text = ""
        write(report, textNotes: textNotes, to: &text)
        return text
    }

    /// Writes the table to `out` row by row, so a large report never sits in memory whole.
    /// Names are escaped for the terminal (`TerminalText`).
    public static func write<Output: TextOutputStream>(_ report: AuditReport, textNotes: [AuditTextNote] = [],
                                                      to out: inout Output) {
        let count = report.entries.count
        out.write("Tappable-area audit: \(count) control\(count == 1 ? "" : "s"), minimum \(number(report.minimumSize)) pt\n")
        guard count > 0 else {
            out.write("no hittable controls\n")
            for note in textNotes { out.write(TerminalText.escaped(note.line) + "\n") }
            return
        }
        let header = ["CONTROL", "KIND", "TAPPABLE (x, y, w × h)", "FINDINGS"]
        var widths = header.dropLast().map(\.count)
        for entry in report.entries {
            for (i, cell) in leadingCells(entry).enumerated() {
                widths[i] = max(widths[i], min(cell.count, maximumColumnWidth))
            }
        }
        writeRow(header, widths: widths, to: &out)
        for entry in report.entries {
            let details = describe(entry)
            writeRow(leadingCells(entry) + [details.first ?? "ok"], widths: widths, to: &out)
            for more in details.dropFirst() { writeRow(["", "", "", more], widths: widths, to: &out) }
        }
        for entry in report.entries {
            if !entry.reachableByScrolling.isEmpty {
                out.write(TerminalText.escaped("note: \(entry.name): reachable by scrolling \(entry.reachableByScrolling.joined(separator: ", "))") + "\n")
            }
            if !entry.clippedEdges.isEmpty, !entry.isEntirelyClipped {
                out.write(TerminalText.escaped("note: \(entry.name): tappable area extends out of view on \(sides(entry.clippedEdges, by: entry.clippingAncestors))") + "\n")
            }
        }
        for note in textNotes { out.write(TerminalText.escaped(note.line) + "\n") }
        if report.hasFindings {
            let n = report.findingCount
            let flagged = report.entries.lazy.filter { !$0.findings.isEmpty }.count
            out.write("\(n) finding\(n == 1 ? "" : "s") in \(flagged) of \(count) controls\n")
        } else {
            out.write("no findings\n")
        }
    }

    private static func leadingCells(_ entry: AuditEntry) -> [String] {
        let name = entry.rowCount.map { "\(entry.name) (×\($0) rows)" } ?? entry.name
        return [TerminalText.escaped(name), entry.kind, rect(entry.tappable, reachable: entry.isReachable)]
    }

    /// Cells two spaces apart, each but the last padded to its column; no trailing spaces.
    private static func writeRow<Output: TextOutputStream>(_ cells: [String], widths: [Int], to out: inout Output) {
        var line = ""
        for (i, cell) in cells.enumerated() {
            let text = TerminalText.escaped(cell)
            line += text
            if i < cells.count - 1 { line += String(repeating: " ", count: max(widths[i] - text.count, 0) + 2) }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        out.write(line + "\n")
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
                guard entry.overlapCount <= Audit.overlapListLimit else {
                    return "overlaps \(entry.overlapCount) other controls (more than \(Audit.overlapListLimit): not listed one by one)"
                }
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

    /// `44`, `43.5`, `17.94`: rounded to 0.001 as in the event log, integers without a fraction.
    static func number(_ v: Double) -> String {
        JSONWriting.integral(rounded(v))
    }

    /// `v` rounded to 0.001 (unchanged where that overflows); never -0.
    static func rounded(_ v: Double) -> Double {
        let r = (v * 1000).rounded() / 1000
        guard r.isFinite else { return v }
        return r == 0 ? 0 : r
    }
}
