import SeededRandom
import Testing
@testable import NodeCore
@testable import SceneFormat

// A list's row template is read once at load and made into rows without JSON
// (`RowTemplate`). These tests pin that every row it makes is the row the template
// always gave: the template's JSON with `{i}` replaced, decoded on its own.

/// The row as it was made before templates were compiled: `{i}` replaced in the JSON's
/// names, labels and texts (children included, nested lists' own templates not), then
/// decoded; a row whose decoding failed became a bare node.
private func referenceRow(_ template: JSONNode, index: Int) -> Node {
    var names: [String: Int] = [:]
    let row = substituting(template, String(index))
    return (try? SceneDecoder.decodeNode(row, file: "t.json", path: "rows.template", names: &names)) ?? Node(name: "row-\(index)")
}

private func substituting(_ json: JSONNode, _ index: String) -> JSONNode {
    switch json.value {
    case .object(let members):
        return JSONNode(value: .object(members.map { member in
            switch (member.key, member.value.value) {
            case ("name", .string(let s)), ("label", .string(let s)), ("text", .string(let s)):
                return JSONNode.Member(key: member.key, line: member.line,
                                       value: JSONNode(value: .string(substituting(s, index)), line: member.value.line))
            case ("children", _):
                return JSONNode.Member(key: member.key, line: member.line, value: substituting(member.value, index))
            default:
                return member
            }
        }), line: json.line)
    case .array(let items):
        return JSONNode(value: .array(items.map { substituting($0, index) }), line: json.line)
    default:
        return json
    }
}

/// Every `{i}` replaced, scanning bytes left to right.
private func substituting(_ text: String, _ index: String) -> String {
    let utf8 = Array(text.utf8)
    var out: [UInt8] = []
    var k = 0
    while k < utf8.count {
        if k + 2 < utf8.count, utf8[k] == UInt8(ascii: "{"), utf8[k + 1] == UInt8(ascii: "i"), utf8[k + 2] == UInt8(ascii: "}") {
            out += index.utf8
            k += 3
        } else {
            out.append(utf8[k])
            k += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The template read as a scene reads it (all errors thrown), compiled.
private func compile(_ text: String) throws -> (JSONNode, RowTemplate) {
    let json = try JSONParser.parse(Array(text.utf8))
    let scene = #"{"size":[300,600],"root":{"name":"root","frame":[0,0,300,600],"children":[{"name":"list","kind":"list","frame":[0,0,300,600],"rows":{"count":5,"extent":40,"template":"#
        + text + "}}]}}"
    let list = try SceneDecoder.decode(Array(scene.utf8), file: "t.json").root.node(named: "list") as! ListNode
    return (json, (list.dataSource as! SceneListSource).template)
}

private let rowIndices = [0, 1, 2, 7, 9, 10, 11, 12, 99, 100, 111, 1234, 65_535, 999_999, 1_000_000, Int(Int32.max)]

/// A template with every key a node may hold, on every kind, with `{i}` in names,
/// labels and texts (several times, beside braces and non-ASCII text), and a nested list.
private let everyKey = """
{"name":"row-{i}","kind":"node","frame":[1,2,300,50],"slop":[-1,-2,-3,-4],"hidden":false,"alpha":0.5,"interactive":true,
 "clips":true,"color":"#FF000080","borderColor":"#00FF00","borderWidth":2,"label":"Row {i} of {i}{i}","labelColor":"#0000FF","labelFontSize":18,
 "shape":"circle","children":[
  {"name":"b-{i}","kind":"button","frame":[200,5,90,40],"enabled":false,"selected":true,"dragTolerance":12,
   "highlightedColor":"#111111","disabledColor":"#222222","selectedColor":"#333333","labelHighlightedColor":"#444444",
   "labelSelectedColor":"#555555","labelDisabledColor":"#666666","label":"{i}","shape":{"bands":[[0,0,10,10],[5,5,200,3]]}},
  {"name":"c-{i}","kind":"control","frame":[0,0,1,1],"interactive":false},
  {"name":"t-{i}","kind":"toggle","frame":[0,0,10,10],"selected":true},
  {"name":"s-{i}","kind":"slider","frame":[0,0,100,10],"value":0.75,"label":"no index, {j} {i"},
  {"name":"x-{i}","kind":"text","frame":[0,0,100,40],"text":"Message {i} — é{i}\u{301}","fontSize":17,"textColor":"#444444",
   "alignment":"trailing","lines":2,"interactive":true},
  {"name":"sc-{i}","kind":"scroll","frame":[0,0,100,40],"contentSize":[100,400],"contentOffset":[0,30],"contentInset":[1,2,3,4],
   "scrollEnabled":true,"bounces":false,"alwaysBounceVertical":true,"alwaysBounceHorizontal":true,"delaysContentTouches":false,
   "canCancelContentTouches":false,"cancelsControlTouches":true,"decelerationRate":"fast","scrollSlop":3,"contentTouchDelay":50,
   "children":[{"name":"{i}-in-scroll","frame":[0,0,10,10],"label":"{i}"}]},
  {"name":"l-{i}","kind":"list","frame":[0,0,100,120],"horizontal":true,"inverted":true,"leadingScreens":1,"contentOffset":[5,0],
   "decelerationRate":0.99,"fetch":{"batch":2,"delay":10,"total":9},
   "rows":{"count":4,"extent":30,"template":{"name":"inner-{i}","frame":[0,0,30,120],"label":"inner {i}"}}}
 ]}
"""

@Suite struct RowTemplateTests {
    @Test func rowsFromTheCompiledTemplateAreTheRowsTheTemplateGaveEveryKey() throws {
        let (json, template) = try compile(everyKey)
        for index in rowIndices {
            #expect(snapshot(template.makeRow(index)) == snapshot(referenceRow(json, index: index)), "row \(index)")
        }
        let row = template.makeRow(42)
        #expect(row.label == "Row 42 of 4242")
        #expect((row.node(named: "x-42") as? TextNode)?.text == "Message 42 — é42\u{301}")
        #expect(row.node(named: "s-42")?.label == "no index, {j} {i")
        // The nested list keeps its own template: its rows take its own indices.
        #expect(row.node(named: "inner-0")?.label == "inner 0")
    }

    @Test func namesThatCoincideInSomeRowMakeThoseRowsBareNodesAsBefore() throws {
        // `a{i}1` and `a1{i}` are both `a11` in row 1 (and 11, 111...); `b{i}{i}` and `b22{i}` are both `b2222` in row 22.
        let (json, template) = try compile(#"{"name":"a{i}1","frame":[0,0,9,9],"children":[{"name":"a1{i}","frame":[0,0,1,1]},"#
                                           + #"{"name":"b{i}{i}","frame":[0,0,1,1]},{"name":"b22{i}","frame":[0,0,1,1]}]}"#)
        for index in rowIndices + [22, 220, 2222] {
            #expect(snapshot(template.makeRow(index)) == snapshot(referenceRow(json, index: index)), "row \(index)")
        }
        #expect(template.makeRow(1).subnodes.isEmpty && template.makeRow(1).name == "row-1")
        #expect(template.makeRow(22).name == "row-22")
        #expect(template.makeRow(3).subnodes.count == 3)
    }

    @Test func seededRandomTemplatesMakeTheRowsTheyAlwaysMade() throws {
        var random = SplitMix64(seed: 0x7E3B_1A7E)
        for _ in 0 ..< 150 {
            let text = TemplateGenerator.node(&random, depth: 0, name: "r")
            let (json, template) = try compile(text)
            for index in [0, 1, Int(random.next() % 100), Int(random.next() % 1_000_000)] {
                #expect(snapshot(template.makeRow(index)) == snapshot(referenceRow(json, index: index)), "row \(index) of \(text)")
            }
        }
    }

    @Test func aReusedRowIsTheRowANewNodeWouldBeWhateverTouchesChangedInIt() throws {
        var random = SplitMix64(seed: 0x2E_05ED)
        var reused = 0
        for _ in 0 ..< 150 {
            let text = TemplateGenerator.node(&random, depth: 0, name: "r")
            let (_, template) = try compile(text)
            let row = template.makeRow(Int(random.next() % 1000))
            // What touches change: highlights, toggles' positions, sliders' values.
            row.forEachInSubtree { node in
                (node as? ControlNode)?.isHighlighted = true
                (node as? ToggleNode)?.isOn.toggle()
                (node as? SliderNode)?.value = 0.123
            }
            row.frame.origin.y += 5000
            let index = Int(random.next() % 1_000_000)
            guard template.reuse(row, as: index) else {
                // Only templates with scroll nodes or lists, or with names that coincide in
                // some rows, are never made over.
                var hasScroll = false
                row.forEachInSubtree { hasScroll = hasScroll || $0 is ScrollNode }
                #expect(hasScroll || !template.possibleClashes.isEmpty, "\(text) was not reused")
                continue
            }
            reused += 1
            #expect(snapshot(row) == snapshot(template.makeRow(index)), "row \(index) of \(text)")
        }
        #expect(reused > 40, "\(reused) of 150 reused")
        let (_, everyKeyTemplate) = try compile(everyKey)
        #expect(!everyKeyTemplate.reuse(everyKeyTemplate.makeRow(3), as: 4), "a template with a list is not reused")
    }

    @Test func aRowMadeOverIntoTheRowItShowedIsTheRowANewNodeWouldBeWhateverTouchesChangedInIt() throws {
        var random = SplitMix64(seed: 0x5A_3E20)
        var reused = 0
        for _ in 0 ..< 150 {
            let (_, template) = try compile(TemplateGenerator.node(&random, depth: 0, name: "r"))
            let index = Int(random.next() % 1000)
            let row = template.makeRow(index)
            row.forEachInSubtree { node in
                (node as? ControlNode)?.isHighlighted = true
                (node as? ToggleNode)?.isOn.toggle()
                (node as? SliderNode)?.value = 0.123
            }
            row.frame.origin.y += 5000
            guard template.reuse(row, as: index, showing: index) else { continue }
            reused += 1
            #expect(snapshot(row) == snapshot(template.makeRow(index)), "row \(index)")
        }
        #expect(reused > 40, "\(reused) of 150 reused")
    }

    @Test func aListFindsTheIndexOfEachLiveRowByItsNode() throws {
        let (_, template) = try compile(#"{"name":"row-{i}","frame":[0,0,300,40]}"#)
        let list = ListNode(name: "list", frame: Rect(x: 0, y: 0, width: 300, height: 600), rowExtent: 40)
        list.dataSource = SceneListSource(template: template, count: 100_000, fetch: nil)
        list.contentOffset.y = 40 * 5000
        for index in list.liveRowIndices {
            #expect(list.rowIndex(of: try #require(list.nodeForRow(at: index))) == index)
        }
        let gone = try #require(list.nodeForRow(at: list.liveRowIndices.lowerBound))
        list.contentOffset.y = 0
        #expect(list.rowIndex(of: gone) == nil)
        #expect(list.rowIndex(of: Node(name: "stranger")) == nil)
    }
}

/// Random valid templates: any kind, any subset of its keys, `{i}` anywhere in names,
/// labels and texts (none, once, twice), children two levels deep.
private enum TemplateGenerator {
    static func pick<T>(_ options: [T], _ random: inout SplitMix64) -> T { options[Int(random.next() % UInt64(options.count))] }
    static func chance(_ random: inout SplitMix64) -> Bool { random.next() % 2 == 0 }

    static func text(_ random: inout SplitMix64) -> String {
        pick(["{i}", "Row {i}", "{i}-{i}", "plain", "", "{i", "é{i}\u{301}", "{{i}}", "中{i}文", "{i}{i}{i}"], &random)
    }

    static func node(_ random: inout SplitMix64, depth: Int, name: String) -> String {
        let kind = depth == 0 ? pick(["node", "button", "text", "scroll"], &random)
            : pick(["node", "control", "button", "toggle", "slider", "text", "scroll"], &random)
        let placed = pick(["\(name)-{i}", "{i}\(name)", "\(name){i}x{i}"], &random)
        var keys = [#""name":"\#(placed)""#, #""kind":"\#(kind)""#, #""frame":[\#(random.next() % 50),2,\#(random.next() % 300),40]"#]
        var optional = [#""slop":[-4,-4,2,0]"#, #""hidden":true"#, #""alpha":0.25"#, #""interactive":false"#, #""clips":true"#,
                        ##""color":"#ABCDEF""##, ##""borderColor":"#123456AA""##, #""borderWidth":1.5"#,
                        #""label":"\#(text(&random))""#, ##""labelColor":"#FEDCBA""##, #""labelFontSize":20"#, #""shape":"circle""#,
                        #""shape":{"bands":[[0,0,5,5]]}"#]
        if kind != "node" && kind != "scroll" {
            optional += [#""enabled":false"#, #""selected":true"#, #""dragTolerance":9"#, ##""highlightedColor":"#010203""##,
                         ##""disabledColor":"#040506""##, ##""selectedColor":"#070809""##,
                         ##""labelHighlightedColor":"#0A0B0C""##, ##""labelSelectedColor":"#0D0E0F""##,
                         ##""labelDisabledColor":"#101112""##]
        }
        if kind == "slider" { optional.append(#""value":0.4"#) }
        if kind == "text" {
            optional += [#""text":"\#(text(&random))""#, #""fontSize":11"#, ##""textColor":"#FF00FF""##, #""alignment":"center""#, #""lines":3"#]
        }
        if kind == "scroll" {
            optional += [#""contentSize":[500,900]"#, #""contentOffset":[3,4]"#, #""contentInset":[1,1,1,1]"#, #""bounces":false"#,
                         #""delaysContentTouches":false"#, #""decelerationRate":"normal""#, #""scrollSlop":2"#,
                         #""contentTouchDelay":20"#, #""cancelsControlTouches":true"#]
        }
        var seen = Set<String>()
        for key in optional where chance(&random) {
            let name = String(key.prefix { $0 != ":" })
            if seen.insert(name).inserted { keys.append(key) }
        }
        if depth < 2, chance(&random) {
            let count = Int(random.next() % 3) + 1
            let children = (0 ..< count).map { node(&random, depth: depth + 1, name: "\(name)\($0)") }
            keys.append(#""children":["# + children.joined(separator: ",") + "]")
        }
        return "{" + keys.joined(separator: ",") + "}"
    }
}
