import NodeCore
import SceneFormat
import Session
import Testing

/// `touchstone audit` notes labels and text that do not fit their nodes.
@Suite struct AuditTextNoteTests {
    private let scene = """
    { "size": [300, 200], "root": { "name": "root", "frame": [0, 0, 300, 200], "children": [
      { "name": "fits", "kind": "button", "frame": [0, 0, 120, 44], "label": "Play" },
      { "name": "wide", "kind": "button", "frame": [0, 50, 60, 44], "label": "A label far wider than its button" },
      { "name": "long", "kind": "text", "frame": [0, 100, 100, 40], "lines": 1, "text": "A long caption that cannot fit" },
      { "name": "short", "kind": "text", "frame": [150, 100, 100, 40], "text": "Fits" },
      { "name": "hidden", "kind": "text", "frame": [150, 150, 10, 10], "hidden": true, "text": "Never drawn at all" }
    ] } }
    """

    private func window() throws -> Window {
        try SceneDecoder.decode(Array(scene.utf8), file: "scene.json").makeWindow()
    }

    @Test func truncatedAndClippedTextIsNotedInTheTable() throws {
        let report = SceneAudit.report(on: try window(), minimumSize: 44, json: false)
        let notes = report.text.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(notes == ["note: wide: label is clipped at the node's edges",
                          "note: long: text is truncated with an ellipsis"])
    }

    @Test func textNotesAreListedInJSON() throws {
        let report = SceneAudit.report(on: try window(), minimumSize: 44, json: true)
        #expect(report.text.contains(#""node": "long",\#n      "part": "text",\#n      "truncated": true,\#n      "clipped": false"#))
        #expect(report.text.contains(#""node": "wide""#))
        #expect(!report.text.contains(#""node": "short""#) && !report.text.contains(#""node": "hidden""#))
    }
}
