import Testing
@testable import NodeCore
@testable import SceneFormat

/// A scene with one list whose `rows` holds `rows` (the list's line is 2, `rows` on line 3).
private func listScene(rows: String) -> String {
    """
    {"size": [300, 400], "root": {"name": "root", "frame": [0, 0, 300, 400], "children": [
      {"name": "chat", "kind": "list", "frame": [0, 0, 300, 400],
       "rows": {\(rows)}}]}}
    """
}

private let bubbles = #""texts": ["Hi", "A longer message", "Ok"], "#
private let bubbleTemplate = #""template": {"name": "row-{i}", "label": "{i}: {text}", "layout": {"padding": 4}, "children": [{"name": "text-{i}", "kind": "text", "text": "«{text}»"}]}"#

// behaviour.md §10.3: `rows.texts` and `{text}`, with the strict errors of every key.
@Suite struct RowTextsSceneTests {
    @Test func rowsTakeTheirEntryOfRowsTextsInTurnWhereTheTemplateSaysText() throws {
        let scene = try decodeSceneText(listScene(rows: #""count": 5, "extent": "auto", "# + bubbles + bubbleTemplate))
        let list = try #require(scene.root.node(named: "chat") as? ListNode)
        let texts = (0 ..< 5).map { (list.nodeForRow(at: $0)?.subnodes.first as? TextNode)?.text }
        #expect(texts == ["«Hi»", "«A longer message»", "«Ok»", "«Hi»", "«A longer message»"])
        #expect(list.nodeForRow(at: 4)?.label == "4: A longer message")
    }

    @Test func aReusedRowTakesItsNewRowsText() throws {
        let scene = try decodeSceneText(listScene(rows: #""count": 5, "extent": 40, "# + bubbles
            + #""template": {"name": "row-{i}", "frame": [0, 0, 300, 40], "label": "{text} ({i})", "children": [{"name": "text-{i}", "kind": "text", "frame": [0, 0, 100, 20], "text": "{text}{text}"}]}"#))
        let list = try #require(scene.root.node(named: "chat") as? ListNode)
        let template = try #require(list.dataSource as? SceneListSource).template
        let row = template.makeRow(0)
        #expect(template.reuse(row, as: 7))
        #expect(row.label == "A longer message (7)")
        #expect((row.subnodes.first as? TextNode)?.text == "A longer messageA longer message")
        #expect(row.name == "row-7")
    }

    @Test func textPlaceholdersElsewhereAreKeptAsWritten() throws {
        let scene = try decodeSceneText("""
        {"size": [300, 400], "root": {"name": "root", "frame": [0, 0, 300, 400], "label": "{text}", "children": [
          {"name": "chat", "kind": "list", "frame": [0, 0, 300, 400], "rows": {"count": 2, "extent": 40, "texts": ["a"],
           "template": {"name": "row-{i}", "frame": [0, 0, 300, 40], "label": "{text}", "children": [
             {"name": "field-{i}", "kind": "textField", "frame": [0, 0, 100, 30], "text": "{text}"}]}}}]}}
        """)
        #expect(scene.root.label == "{text}")
        let row = try #require((scene.root.node(named: "chat") as? ListNode)?.nodeForRow(at: 1))
        #expect(row.label == "a")
        #expect((row.subnodes.first as? TextFieldNode)?.text == "{text}")
    }

    @Test func rowTextsHaveStrictErrors() {
        #expect(sceneTextRejection(listScene(rows: #""count": 1, "extent": 40, "texts": "Hi", "template": {"name": "row-{i}", "frame": [0, 0, 1, 1], "label": "{text}"}"#))
                == "scene.json:3: root.children[0].rows.texts: expected an array of strings, got a string")
        #expect(sceneTextRejection(listScene(rows: #""count": 1, "extent": 40, "texts": [], "template": {"name": "row-{i}", "frame": [0, 0, 1, 1], "label": "{text}"}"#))
                == "scene.json:3: root.children[0].rows.texts: expected at least one text; remove 'texts' if the rows have none")
        let numberEntry = listScene(rows: """
        "count": 1, "extent": 40, "texts": ["Hi",
          12], "template": {"name": "row-{i}", "frame": [0, 0, 1, 1], "label": "{text}"}
        """)
        #expect(sceneTextRejection(numberEntry) == "scene.json:4: root.children[0].rows.texts[1]: expected a string, got a number")
        #expect(sceneTextRejection(listScene(rows: #""count": 1, "extent": 40, "texts": ["Hi"], "template": {"name": "row-{i}", "frame": [0, 0, 1, 1], "label": "Row {i}"}"#))
                == "scene.json:3: root.children[0].rows.texts: no label or text of the template holds {text}; put it where each row's text goes, or remove 'texts'")
        let withoutTexts = listScene(rows: """
        "count": 1, "extent": 40, "template": {"name": "row-{i}", "frame": [0, 0, 1, 1], "children": [
          {"name": "text-{i}", "kind": "text", "frame": [0, 0, 1, 1], "text": "Said: {text}"}]}
        """)
        #expect(sceneTextRejection(withoutTexts)
                == "scene.json:4: root.children[0].rows.template.children[0].text: {text} stands for the row's entry of 'rows.texts', and this list has none; add 'texts' to 'rows'")
    }
}
