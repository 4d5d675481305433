import Testing
@testable import NodeCore
@testable import SceneFormat

/// `text` decoded as `scene.json` (shared by the layout scene tests).
func decodeSceneText(_ text: String) throws(FormatError) -> Scene {
    try SceneDecoder.decode(Array(text.utf8), file: "scene.json")
}

/// The error for `text` as `FILE:LINE: key: message`, or nil (and a failed expectation).
func sceneTextRejection(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        _ = try decodeSceneText(text)
        Issue.record("scene was accepted", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error.description
    }
}

private func decode(_ text: String) throws(FormatError) -> Scene { try decodeSceneText(text) }
private func rejection(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    sceneTextRejection(text, sourceLocation: sourceLocation)
}

/// A scene whose root lays out one child with `item` (its keys as JSON members) and
/// whose root's layout holds `layout`.
private func scene(layout: String = "", item: String) -> String {
    """
    {"size": [200, 100], "root": {"name": "root", "layout": {\(layout)},
      "children": [{"name": "a", \(item)}]}}
    """
}

@Suite struct LayoutSceneTests {
    @Test func containerKeysBecomeTheNodesLayout() throws {
        let decoded = try decode("""
        {"size": [200, 100], "root": {"name": "root", "layout": {"direction": "row-reverse",
          "justifyContent": "space-between", "alignItems": "baseline", "alignContent": "space-evenly",
          "wrap": "wrap-reverse", "padding": [1, 2, 3, 4], "gap": 5, "rowGap": 6, "columnGap": 7,
          "writingDirection": "rtl"}}}
        """)
        let expected = FlexLayout(direction: .rowReverse, justifyContent: .spaceBetween, alignItems: .baseline,
                                  alignContent: .spaceEvenly, wrap: .wrapReverse,
                                  padding: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), gap: 5, rowGap: 6,
                                  columnGap: 7, writingDirection: .rtl)
        #expect(decoded.root.layout == expected)
    }

    @Test func anEmptyLayoutObjectHasYogasDefaults() throws {
        let decoded = try decode(#"{"size": [10, 10], "root": {"name": "r", "layout": {}}}"#)
        #expect(decoded.root.layout == FlexLayout())
        #expect(decoded.root.layout?.direction == .column && decoded.root.layout?.alignItems == .stretch)
    }

    @Test func itemKeysBecomeTheChildsStyle() throws {
        let decoded = try decode(scene(item: """
        "width": 40, "height": "50%", "minWidth": "auto", "maxWidth": "75.5%", "minHeight": 0, "maxHeight": 90,
        "grow": 2, "shrink": 0.5, "basis": "10%", "alignSelf": "flex-end", "margin": [1, "auto", -3, 4],
        "position": "absolute", "left": -5, "top": "10%", "right": 0, "bottom": 6, "start": 7, "end": "20%",
        "aspectRatio": 1.5, "display": "none", "contentInsets": [1, 2, 3, 4]
        """))
        let a = try #require(decoded.root.node(named: "a"))
        var expected = LayoutStyle()
        expected.width = .points(40)
        expected.height = .percent(50)
        expected.maxWidth = .percent(75.5)
        expected.minHeight = .points(0)
        expected.maxHeight = .points(90)
        expected.grow = 2
        expected.shrink = 0.5
        expected.basis = .percent(10)
        expected.alignSelf = .flexEnd
        expected.margin = LayoutEdges(top: .points(1), left: .auto, bottom: .points(-3), right: .points(4))
        expected.position = .absolute
        expected.left = .points(-5)
        expected.top = .percent(10)
        expected.right = .points(0)
        expected.bottom = .points(6)
        expected.start = .points(7)
        expected.end = .percent(20)
        expected.aspectRatio = 1.5
        expected.display = .none
        #expect(a.style == expected)
        #expect(a.contentInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(a.frame == .zero)
    }

    @Test func oneNumberPadsOrMarginsEverySide() throws {
        let decoded = try decode(scene(layout: #""padding": 6"#, item: #""margin": "auto""#))
        #expect(decoded.root.layout?.padding == EdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        #expect(decoded.root.node(named: "a")?.style.margin == LayoutEdges(all: .auto))
    }

    @Test func alignSelfAutoFollowsTheContainer() throws {
        let decoded = try decode(scene(item: #""alignSelf": "auto""#))
        #expect(decoded.root.node(named: "a")?.style.alignSelf == nil)
    }

    @Test func aLaidOutChildNeedsNoFrameAndAFramedChildStillDoes() throws {
        let decoded = try decode("""
        {"size": [200, 100], "root": {"name": "root", "layout": {}, "children": [
          {"name": "box", "children": [{"name": "inner", "frame": [1, 2, 3, 4]}]}]}}
        """)
        #expect(decoded.root.node(named: "inner")?.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "layout": {}, "children": [
          {"name": "box", "children": [
            {"name": "inner"}]}]}}
        """) == "scene.json:3: root.children[0].children[0].frame: required key is missing")
    }

    @Test func aFrameOnALaidOutChildIsAnError() {
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "layout": {"direction": "row"}, "children": [
          {"name": "a",
           "frame": [0, 0, 10, 10]}]}}
        """) == "scene.json:3: root.children[0].frame: its parent's 'layout' places this node; remove 'frame' (size it with width, height, grow, ...)")
    }

    @Test func theRootWithLayoutFillsTheWindowSoItsFrameIsAnError() {
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "layout": {},
          "frame": [0, 0, 200, 100]}}
        """) == "scene.json:2: root.frame: a root with 'layout' fills the window (the scene's 'size'); remove 'frame'")
        #expect(rejection(#"{"size": [200, 100], "root": {"name": "root"}}"#) == "scene.json:1: root.frame: required key is missing")
    }

    @Test func itemKeysWhereNoLayoutPlacesTheNodeAreErrors() {
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "frame": [0, 0, 200, 100], "children": [
          {"name": "a", "frame": [0, 0, 10, 10],
           "grow": 1}]}}
        """) == "scene.json:3: root.children[0].grow: only children of a node with 'layout' have 'grow' (its parent has no 'layout')")
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "layout": {},
          "width": 100}}
        """) == "scene.json:2: root.width: only children of a node with 'layout' have 'width' (the root has no parent)")
    }

    @Test func anUnknownValueIsAnErrorNamingTheChoices() {
        #expect(rejection(scene(layout: #""direction": "sideways""#, item: #""grow": 1"#))
                == "scene.json:1: root.layout.direction: 'sideways' is not one of column, row, column-reverse, row-reverse")
        #expect(rejection(scene(item: #""alignSelf": "middle""#))
                == "scene.json:2: root.children[0].alignSelf: 'middle' is not one of auto, stretch, flex-start, center, flex-end, baseline")
        #expect(rejection(scene(item: #""display": "hidden""#))
                == "scene.json:2: root.children[0].display: 'hidden' is not one of flex, none")
        #expect(rejection(scene(layout: #""spacing": 4"#, item: #""grow": 1"#))?
            .hasPrefix("scene.json:1: root.layout.spacing: unknown key; allowed here: direction, justifyContent") == true)
    }

    @Test(arguments: ["abc%", "%", "5 %", "1e2%", "inf%", "-%", "5.%", "1.2.3%", "50%%"])
    func aPercentThatDoesNotParseIsAnError(text: String) {
        #expect(rejection(scene(item: "\"width\": \"\(text)\""))
                == "scene.json:2: root.children[0].width: '\(text)' is not a percent; write a number and %, such as \"50%\"")
    }

    @Test func aLengthOfAnotherFormIsAnError() {
        #expect(rejection(scene(item: #""width": "12px""#))
                == #"scene.json:2: root.children[0].width: '12px' is not a length; use a number of points, "N%" or "auto""#)
        #expect(rejection(scene(item: #""height": true"#))
                == #"scene.json:2: root.children[0].height: expected a number of points, "N%" or "auto", got a boolean"#)
        #expect(rejection(scene(item: #""margin": [1, "5%", 0, 0]"#))
                == #"scene.json:2: root.children[0].margin: left '5%' is not a length; use a number of points or "auto""#)
        #expect(rejection(scene(item: #""left": "auto""#))
                == #"scene.json:2: root.children[0].left: 'auto' is not a length; use a number of points or "N%""#)
        #expect(rejection(scene(item: #""margin": [1, 2, 3]"#))
                == "scene.json:2: root.children[0].margin: expected one value or 4 [top, left, bottom, right], got 3")
    }

    @Test func negativeSizesAreErrors() {
        #expect(rejection(scene(item: #""width": -1"#)) == "scene.json:2: root.children[0].width: must not be negative, got -1")
        #expect(rejection(scene(item: #""maxHeight": "-5%""#)) == "scene.json:2: root.children[0].maxHeight: must not be negative, got -5")
        #expect(rejection(scene(item: #""basis": -2"#)) == "scene.json:2: root.children[0].basis: must not be negative, got -2")
        #expect(rejection(scene(item: #""grow": -1"#)) == "scene.json:2: root.children[0].grow: -1 is out of range 0...1000000000")
        #expect(rejection(scene(item: #""aspectRatio": 0"#))
                == "scene.json:2: root.children[0].aspectRatio: must be more than 0 (width / height), got 0")
        #expect(rejection(scene(layout: #""padding": [0, -1, 0, 0]"#, item: "\"grow\": 1"))
                == "scene.json:1: root.layout.padding: left must not be negative, got -1")
        #expect(rejection(scene(layout: #""gap": -4"#, item: "\"grow\": 1"))
                == "scene.json:1: root.layout.gap: -4 is out of range 0...1000000000")
        #expect(rejection(scene(item: #""contentInsets": [0, 0, -1, 0]"#))
                == "scene.json:2: root.children[0].contentInsets: bottom -1 is out of range 0...1000000000")
    }

    @Test func minSizeIsTheScenesMinimumWindow() throws {
        let decoded = try decode(#"{"size": [800, 600], "minSize": [320, 240], "root": {"name": "r", "layout": {}}}"#)
        #expect(decoded.minimumSize == Size(width: 320, height: 240))
        #expect(try decode(#"{"size": [800, 600], "root": {"name": "r", "layout": {}}}"#).minimumSize == nil)
        #expect(rejection(#"{"size": [800, 600], "minSize": [-1, 240], "root": {"name": "r", "layout": {}}}"#)
                == "scene.json:1: minSize: width -1 is out of range 0...16384")
    }

    @Test func theStreamReadsALaidOutSceneAsTheTreeDoes() throws {
        // `layout` after the children: the stream meets the children before it knows.
        let text = """
        {"size": [200, 100], "root": {"name": "root", "children": [
          {"name": "a", "grow": 1, "label": "A", "children": [{"name": "plain", "frame": [1, 1, 5, 5]}]},
          {"name": "b", "kind": "button", "width": "50%", "label": "B"}], "layout": {"direction": "row"}}}
        """
        let bytes = Array(text.utf8)
        let streamed = try #require(bytes.withUnsafeBufferPointer { SceneStreamReader.scene(in: $0, file: "s.json") })
        let tree = try SceneDecoder.decodeTree(bytes, file: "s.json")
        #expect(snapshot(streamed.root) == snapshot(tree.root))
        #expect(streamed.root.node(named: "a")?.style.grow == 1)
    }

    @Test func theStreamLeavesMisplacedFramesToTheTreesMessage() {
        // Each fault is met by the stream before the parent's `layout` (or its absence) is known.
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "children": [
          {"name": "a", "frame": [0, 0, 1, 1]}], "layout": {}}}
        """) == "scene.json:2: root.children[0].frame: its parent's 'layout' places this node; remove 'frame' (size it with width, height, grow, ...)")
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "children": [
          {"name": "a", "grow": 1, "frame": [0, 0, 1, 1]}], "frame": [0, 0, 200, 100]}}
        """) == "scene.json:2: root.children[0].grow: only children of a node with 'layout' have 'grow' (its parent has no 'layout')")
        #expect(rejection("""
        {"size": [200, 100], "root": {"name": "root", "children": [
          {"name": "a", "children": [{"name": "b"}]}], "layout": {}}}
        """) == "scene.json:2: root.children[0].children[0].frame: required key is missing")
    }

    @Test func aRowTemplateMayLayOutItsChildren() throws {
        let decoded = try decode("""
        {"size": [200, 100], "root": {"name": "root", "frame": [0, 0, 200, 100], "children": [
          {"name": "list", "kind": "list", "frame": [0, 0, 200, 100], "rows": {"count": 3, "extent": 40,
            "template": {"name": "row-{i}", "frame": [0, 0, 200, 40], "layout": {"direction": "row"},
              "children": [{"name": "title-{i}", "kind": "text", "text": "Row {i}", "grow": 1}]}}}]}}
        """)
        let list = try #require(decoded.root.node(named: "list") as? ListNode)
        let row = try #require(list.nodeForRow(at: 1))
        #expect(row.layout?.direction == .row)
        #expect(row.node(named: "title-1")?.style.grow == 1)
    }
}
