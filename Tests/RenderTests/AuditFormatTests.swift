import AuditFormat
import NodeCore
import Testing

private func sampleReport() -> AuditReport {
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
    let toolbar = Node(name: "toolbar", frame: Rect(x: 0, y: 100, width: 300, height: 60))
    let play = ButtonNode(name: "play", frame: Rect(x: 0, y: 8, width: 30, height: 30))
    play.hitTestSlop = EdgeInsets(all: -4)
    toolbar.addSubnode(play)
    let next = ButtonNode(name: "next \"fast\"", frame: Rect(x: 30, y: 8, width: 44, height: 44))
    toolbar.addSubnode(next)
    root.addSubnode(toolbar)
    let ok = ToggleNode(name: "ok", frame: Rect(x: 200, y: 10, width: 60, height: 44))
    root.addSubnode(ok)
    return Audit.run(window: Window(root: root, size: Size(width: 300, height: 200)))
}

@Suite struct AuditFormatTests {
    @Test func tableListsEveryControlWithItsFindingsAndASummary() {
        let text = AuditTableFormatter.format(sampleReport())
        let expected = """
        Tappable-area audit: 3 controls, minimum 44 pt
        CONTROL      KIND    TAPPABLE (x, y, w × h)  FINDINGS
        play         button  0, 104, 34 × 38         undersized 34 × 38 pt (fails Apple HIG 44 pt, Material 48 dp)
                                                     slop cut on left by toolbar
                                                     overlaps next "fast" at 30, 108, 4 × 34 (next "fast" wins)
        next "fast"  button  30, 108, 44 × 44        overlaps play at 30, 108, 4 × 34 (next "fast" wins)
        ok           toggle  200, 10, 60 × 44        ok
        4 findings in 2 of 3 controls

        """
        #expect(text == expected)
    }

    @Test func jsonHasFixedKeysAndEscapesNames() {
        let json = AuditJSONFormatter.format(sampleReport())
        #expect(json.hasPrefix("{\n  \"minimumSize\": 44,\n  \"findingCount\": 4,\n  \"controls\": [\n"))
        #expect(json.contains("\"name\": \"next \\\"fast\\\"\""))
        #expect(json.contains("\"tappable\": [0, 104, 34, 38]"))
        #expect(json.contains("\"failedGuidelines\": [\"apple-hig\", \"material\"]"))
        #expect(json.contains("\"limitedSides\": [\"left\"]"))
        #expect(json.contains("\"limitedBy\": {\n        \"left\": \"toolbar\"\n      }"))
        #expect(json.contains("\"findings\": [\"undersized\", \"limited-by-ancestor\", \"overlaps\"]"))
        #expect(json.hasSuffix("}\n"))
    }

    @Test func cleanReportSaysSo() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubnode(ButtonNode(name: "b", frame: Rect(x: 10, y: 10, width: 50, height: 50)))
        let text = AuditTableFormatter.format(Audit.run(window: Window(root: root, size: Size(width: 100, height: 100))))
        #expect(text.hasSuffix("b        button  10, 10, 50 × 50         ok\nno findings\n"))
    }
}

@Suite struct AuditFormatLimitsTests {
    private func report(_ nodes: [Node]) -> AuditReport {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        for node in nodes { root.addSubnode(node) }
        return Audit.run(window: Window(root: root, size: Size(width: 400, height: 400)))
    }

    @Test func coordinatesAreRoundedAsInTheEventLog() {
        let b = ButtonNode(name: "b", frame: Rect(x: 17.939999999999998, y: 0.1 + 0.2, width: 50.0004, height: 50))
        let text = AuditTableFormatter.format(report([b]))
        #expect(text.contains("b        button  17.94, 0.3, 50 × 50     ok\n"))
        #expect(AuditJSONFormatter.format(report([b])).contains("\"tappable\": [17.94, 0.3, 50, 50]"))
    }

    @Test func aVeryLongNameDoesNotPadEveryRow() {
        let long = ButtonNode(name: String(repeating: "x", count: 500), frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let short = ButtonNode(name: "s", frame: Rect(x: 100, y: 100, width: 50, height: 50))
        let lines = AuditTableFormatter.format(report([long, short])).split(separator: "\n")
        let row = lines.first { $0.hasPrefix("s ") }!
        #expect(row.count < 120)
        #expect(row.hasPrefix("s" + String(repeating: " ", count: AuditTableFormatter.maximumColumnWidth + 1) + "button"))
    }

    @Test func manyOverlapsPrintOneSummaryLine() {
        let nodes = (0 ..< 12).map { ButtonNode(name: "b\($0)", frame: Rect(x: 10, y: 10, width: 50, height: 50)) }
        let text = AuditTableFormatter.format(report(nodes))
        #expect(text.contains("overlaps 11 other controls (more than 8: not listed one by one)"))
        #expect(!text.contains("overlaps b1 at"))
        let json = AuditJSONFormatter.format(report(nodes))
        #expect(json.contains("\"overlapCount\": 11,\n      \"overlaps\": [],"))
    }
}
