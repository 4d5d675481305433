import JSONOutput
public import NodeCore

/// Formats an audit report as JSON (keys in a fixed order, two-space indentation).
///
/// ```
/// { "minimumSize": 44, "findingCount": 1, "controls": [ { "name": "play", "kind": "button",
///   "frame": [x, y, w, h], "tappable": [x, y, w, h] | null, "drawn": [x, y, w, h] | null,
///   "undersized": true, "failedGuidelines": ["apple-hig", "material"],
///   "limitedSides": ["left"], "limitedBy": {"left": "toolbar"},
///   "clippedSides": [], "clippedBy": {},
///   "overlapCount": 1, "overlaps": [{"control": "next", "area": [x, y, w, h], "winner": "next"}],
///   "reachableByScrolling": ["list"],   (only for controls inside scroll content)
///   "findings": ["undersized"] } ] }
/// ```
/// Rects are `[x, y, width, height]` in window points, rounded to 0.001 as in the event log.
public enum AuditJSONFormatter {
    /// `textNotes` add `"textNotes": [{"node": "title", "part": "text", "truncated": true, "clipped": false}]`.
    public static func format(_ report: AuditReport, textNotes: [AuditTextNote] = []) -> String {
        var text = ""
        write(report, textNotes: textNotes, to: &text)
        return text
    }

    /// Writes the document to `out` one control at a time, so a large report never sits
    /// in memory whole. `overlaps` is empty when `overlapCount` exceeds `Audit.overlapListLimit`.
    public static func write<Output: TextOutputStream>(_ report: AuditReport, textNotes: [AuditTextNote] = [],
                                                      to out: inout Output) {
        out.write("{\n  \"minimumSize\": \(JSONWriting.integral(report.minimumSize)),\n")
        out.write("  \"findingCount\": \(report.findingCount),\n  \"controls\": [")
        var bytes: [UInt8] = []
        for (i, entry) in report.entries.enumerated() {
            bytes.removeAll(keepingCapacity: true)
            i == 0 ? JSONWriting.appendLiteral("\n    ", to: &bytes) : JSONWriting.appendLiteral(",\n    ", to: &bytes)
            control(entry).write(to: &bytes, indent: 2)
            out.write(String(decoding: bytes, as: UTF8.self))
        }
        out.write(report.entries.isEmpty ? "]" : "\n  ]")
        var notes = ",\n  \"textNotes\": "
        JSONValue.array(textNotes.map { note in
            .object([("node", .string(note.node)), ("part", .string(note.part)),
                     ("truncated", .bool(note.isTruncated)), ("clipped", .bool(note.isClipped))])
        }).write(to: &notes, indent: 1)
        out.write(notes + "\n}\n")
    }

    private static func control(_ entry: AuditEntry) -> JSONValue {
        var scrolling: [(String, JSONValue)] = []
        if entry.isInScrollContent {
            scrolling = [("reachableByScrolling", .array(entry.reachableByScrolling.map { .string($0) }))]
        }
        return .object([
            ("name", .string(entry.name)),
            ("kind", .string(entry.kind)),
            ("frame", rect(entry.frame)),
            ("tappable", entry.isReachable ? rect(entry.tappable) : .null),
            ("drawn", entry.drawn.isEmpty ? .null : rect(entry.drawn)),
            ("undersized", .bool(entry.isUndersized)),
            ("failedGuidelines", .array(entry.failedGuidelines.map { .string($0.rawValue) })),
            ("limitedSides", sides(entry.limitedEdges)),
            ("limitedBy", names(entry.limitedEdges, entry.limitingAncestors)),
            ("clippedSides", sides(entry.clippedEdges)),
            ("clippedBy", names(entry.clippedEdges, entry.clippingAncestors)),
            ("overlapCount", .number(Double(entry.overlapCount))),
            ("overlaps", .array(entry.overlaps.map { o in
                .object([("control", .string(o.other)), ("area", rect(o.area)), ("winner", .string(o.winner))])
            })),
        ] + scrolling + (entry.rowCount.map { [("rows", .number(Double($0)))] } ?? []) + [
            ("findings", .array(entry.findings.map { .string($0.rawValue) })),
        ])
    }

    private static func rect(_ r: Rect) -> JSONValue {
        .array([r.minX, r.minY, r.width, r.height].map { .number(AuditTableFormatter.rounded($0)) })
    }

    private static func sides(_ edges: Edges) -> JSONValue {
        .array(edges.members.map { .string($0.rawValue) })
    }

    private static func names(_ edges: Edges, _ names: [Edge: String]) -> JSONValue {
        .object(edges.members.compactMap { edge in names[edge].map { (edge.rawValue, .string($0)) } })
    }
}
