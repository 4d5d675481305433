import Testing
@testable import NodeCore
@testable import SceneFormat

private func decode(_ text: String) throws(FormatError) -> Scene { try decodeSceneText(text) }
private func rejection(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    sceneTextRejection(text, sourceLocation: sourceLocation)
}

/// A scene with one list whose `rows` holds `rows`, and `extra` keys on the list.
private func listScene(rows: String, extra: String = "") -> String {
    """
    {"size": [300, 400], "root": {"name": "root", "frame": [0, 0, 300, 400], "children": [
      {"name": "chat", "kind": "list", "frame": [0, 0, 300, 400]\(extra),
       "rows": {\(rows)}}]}}
    """
}

private let autoTemplate = #""template": {"name": "row-{i}", "layout": {"padding": 4}, "children": [{"name": "text-{i}", "kind": "text", "text": "Message {i}"}]}"#

// behaviour.md §15.2 and §15.3: `rows.extent: "auto"` with `estimatedExtent`, and
// `scrollableDirections` on a laid-out scroll node, with the strict errors of every key.
@Suite struct SelfSizingSceneTests {
    @Test func autoExtentMakesASelfSizingListWithTheEstimate() throws {
        let scene = try decode(listScene(rows: #""count": 100, "extent": "auto", "estimatedExtent": 60, "# + autoTemplate))
        let list = try #require(scene.root.node(named: "chat") as? ListNode)
        #expect(list.hasSelfSizingRows && list.rowExtent == 60)
        #expect(list.contentSize.height == 6000)  // not measured before a layout pass
        let defaulted = try decode(listScene(rows: #""count": 10, "extent": "auto", "# + autoTemplate))
        #expect((defaulted.root.node(named: "chat") as? ListNode)?.rowExtent == ListNode.defaultEstimatedRowExtent)
    }

    @Test func autoRowsAndEstimatesHaveStrictErrors() {
        #expect(rejection(listScene(rows: #""count": 1, "extent": "tall", "# + autoTemplate))
                == #"scene.json:3: root.children[0].rows.extent: expected a number of points or "auto", got "tall""#)
        #expect(rejection(listScene(rows: #""count": 1, "extent": 40, "estimatedExtent": 40, "# + autoTemplate))
                == #"scene.json:3: root.children[0].rows.estimatedExtent: only rows of extent "auto" are estimated; these are 40 points"#)
        #expect(rejection(listScene(rows: #""count": 1, "extent": "auto", "estimatedExtent": 0, "# + autoTemplate))
                == "scene.json:3: root.children[0].rows.estimatedExtent: 0 is out of range 1...1000000000")
        #expect(rejection(listScene(rows: #""count": 1, "extent": "auto", "template": {"name": "row-{i}", "frame": [0, 0, 300, 40], "layout": {}}"#))
                == #"scene.json:3: root.children[0].rows.template.frame: rows of extent "auto" are sized and placed by the list; remove 'frame'"#)
        #expect(rejection(listScene(rows: #""count": 1, "extent": "auto", "template": {"name": "row-{i}"}"#))
                == #"scene.json:3: root.children[0].rows.template.layout: rows of extent "auto" are as long as their layout makes them; give the template a 'layout'"#)
        #expect(rejection(listScene(rows: #""count": 1, "extent": 40, "template": {"name": "row-{i}", "frame": [0, 0, 1, 1]}"#,
                                    extra: #", "layout": {}"#))
                == "scene.json:2: root.children[0].layout: a list places its rows itself; put 'layout' on 'rows.template'")
    }

    @Test func anAutoRowTemplateMayBoundItsSizeWithItemKeys() throws {
        let scene = try decode(listScene(rows: #""count": 3, "extent": "auto", "template": {"name": "row-{i}", "minHeight": 48, "layout": {}}"#))
        let list = try #require(scene.root.node(named: "chat") as? ListNode)
        #expect(list.nodeForRow(at: 0)?.style.minHeight == .points(48))
    }

    @Test func scrollableDirectionsIsReadOnALaidOutScrollNodeOnly() throws {
        let scene = try decode("""
        {"size": [300, 400], "root": {"name": "root", "layout": {}, "children": [
          {"name": "feed", "kind": "scroll", "grow": 1, "layout": {"gap": 8}, "scrollableDirections": "both"}]}}
        """)
        #expect((scene.root.node(named: "feed") as? ScrollNode)?.scrollableDirections == .both)
        #expect(rejection("""
        {"size": [300, 400], "root": {"name": "root", "layout": {}, "children": [
          {"name": "feed", "kind": "scroll", "scrollableDirections": "diagonal", "layout": {}}]}}
        """) == "scene.json:2: root.children[0].scrollableDirections: 'diagonal' is not one of vertical, horizontal, both")
        #expect(rejection("""
        {"size": [300, 400], "root": {"name": "root", "layout": {}, "children": [
          {"name": "feed", "kind": "scroll", "scrollableDirections": "vertical"}]}}
        """) == "scene.json:2: root.children[0].scrollableDirections: only a scroll node with 'layout' sizes its content by it; add 'layout' or remove this key")
        #expect(rejection("""
        {"size": [300, 400], "root": {"name": "root", "layout": {}, "children": [
          {"name": "feed", "kind": "scroll", "layout": {}, "contentSize": [300, 900], "scrollableDirections": "vertical"}]}}
        """) == "scene.json:2: root.children[0].scrollableDirections: 'contentSize' is given, so the layout does not size the content; remove one of them")
        #expect(rejection(listScene(rows: #""count": 1, "extent": 40, "template": {"name": "row-{i}", "frame": [0, 0, 1, 1]}"#,
                                    extra: #", "scrollableDirections": "vertical""#))
                == "scene.json:2: root.children[0].scrollableDirections: a list's rows give its content size; remove it")
    }
}
