import Testing
@testable import NodeCore
@testable import SceneFormat

// behaviour.md §16.8: a scene list's `filter` binds its rows to a text field's text.

private func scene(filter: String, field: String = #"{"name":"search","kind":"textField","frame":[0,0,300,40]}"#,
                   extra: String = "") -> String {
    #"{"size":[300,600],"root":{"name":"root","frame":[0,0,300,600],"children":["# + field + #","#
        + #"{"name":"list","kind":"list","frame":[0,40,300,560],"filter":"# + filter + extra
        + #","rows":{"count":20,"extent":40,"template":{"name":"row-{i}","kind":"button","frame":[0,0,300,40],"label":"Result {i}"}}}]}}"#
}

private func rejection(_ text: String) -> String? {
    do {
        _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        Issue.record("scene was accepted")
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ListFilterSceneTests {
    /// The scene's window with the search field editing, and the list.
    private func editing(_ filter: String) throws -> (Window, TextFieldNode, ListNode) {
        let decoded = try SceneDecoder.decode(Array(scene(filter: filter).utf8), file: "s.json")
        let window = decoded.makeWindow()
        let field = decoded.root.node(named: "search") as! TextFieldNode
        window.makeFirstResponder(field, time: 0)
        window.appear(at: 0)
        return (window, field, decoded.root.node(named: "list") as! ListNode)
    }

    private func type(_ keys: [String], in window: Window) {
        for (i, key) in keys.enumerated() {
            _ = window.keyPressed(key, time: Double(100 * (i + 1)))
            _ = window.keyReleased(key, time: Double(100 * (i + 1) + 10))
        }
    }

    @Test func theListShowsTheRowsHoldingTheFieldsTextAsItChanges() throws {
        let (window, _, list) = try editing(#"{"field":"search","match":"contains"}"#)
        #expect(list.numberOfRows == 20)
        type(["1"], in: window)
        #expect(list.numberOfRows == 11)
        #expect(list.nodeForRow(at: 0)?.name == "row-1")
        #expect(list.nodeForRow(at: 1)?.name == "row-10")
        type(["5"], in: window)
        #expect(list.numberOfRows == 1)
        #expect(list.nodeForRow(at: 0)?.name == "row-15")
        type(["BackSpace", "BackSpace"], in: window)
        #expect(list.numberOfRows == 20)
        #expect(list.nodeForRow(at: 3)?.name == "row-3")
    }

    @Test func prefixMatchesTheStartOfTheRowsTextIgnoringCase() throws {
        let (window, _, list) = try editing(#"{"field":"search","match":"prefix"}"#)
        type(["r", "E", "s"], in: window)
        #expect(list.numberOfRows == 20)
        type(["1"], in: window)
        #expect(list.numberOfRows == 0)
    }

    @Test func matchesCaseInsensitivelyAndAnEmptyQueryShowsEveryRow() {
        let contains = ListFilter(match: .contains)
        #expect(contains.lets("Result 15", through: "SULT 1"))
        #expect(!contains.lets("Result 15", through: "16"))
        #expect(contains.lets("anything", through: ""))
        #expect(ListFilter(match: .prefix).lets("Éclair", through: "écl"))
        #expect(!ListFilter(match: .prefix).lets("Result 15", through: "15"))
    }

    @Test func aRowsTextIsItsLabelsAndTextsDepthFirst() {
        let row = ButtonNode(name: "row")
        row.label = "Apple"
        let detail = TextNode(name: "detail")
        detail.text = "red"
        row.addSubnode(detail)
        #expect(ListFilter.text(of: row) == "Apple red")
    }

    @Test func aFilterNamingNoNodeOrNoTextFieldIsAnError() {
        #expect(rejection(scene(filter: #"{"field":"serch"}"#))
                == "s.json:1: root.children[1].filter.field: no node is named 'serch'; a list filters by a text field's text")
        #expect(rejection(scene(filter: #"{"field":"search"}"#, field: #"{"name":"search","kind":"button","frame":[0,0,300,40]}"#))
                == "s.json:1: root.children[1].filter.field: 'search' is not a text field; a list filters by a text field's text")
    }

    @Test func badFilterKeysAreErrors() {
        #expect(rejection(scene(filter: #"{"match":"prefix"}"#)) == "s.json:1: root.children[1].filter.field: required key is missing")
        #expect(rejection(scene(filter: #"{"field":"search","match":"fuzzy"}"#))
                == "s.json:1: root.children[1].filter.match: 'fuzzy' is not one of prefix, contains")
        #expect(rejection(scene(filter: #"{"field":"search","case":"ignore"}"#))?
                .hasPrefix("s.json:1: root.children[1].filter.case: unknown key; allowed here: field, match") == true)
        #expect(rejection(scene(filter: #"{"field":"search"}"#, extra: #","fetch":{"batch":2,"delay":100,"total":30}"#))
                == "s.json:1: root.children[1].filter: a filtered list cannot also 'fetch' rows")
    }
}
