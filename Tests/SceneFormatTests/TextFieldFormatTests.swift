import Testing
import NodeCore
@testable import SceneFormat

// behaviour.md §16: text fields in scene files, key and input-method lines in input
// scripts, editing events in the event log.

@Suite struct TextFieldSceneTests {
    private func decode(_ node: String) throws(FormatError) -> Scene {
        let scene = """
        { "size": [200, 100],
          "root": { "name": "root", "frame": [0, 0, 200, 100], "children": [
            \(node) ] } }
        """
        return try SceneDecoder.decode(Array(scene.utf8), file: "scene.json")
    }

    private func message(_ node: String) -> String {
        do { _ = try decode(node); return "accepted" } catch { return error.description }
    }

    @Test func decodesEveryTextFieldKey() throws {
        let scene = try decode("""
        { "name": "pin", "kind": "textField", "frame": [0, 0, 180, 40], "text": "12", "placeholder": "PIN",
          "secure": true, "contentType": "pin", "maxLength": 4, "fontSize": 20, "textColor": "#112233",
          "enabled": true, "highlightedColor": "#EEEEEE" }
        """)
        let field = try #require(scene.root.node(named: "pin") as? TextFieldNode)
        #expect(field.text == "12" && field.placeholder == "PIN" && field.isSecureTextEntry)
        #expect(field.contentType == .pin && field.maxLength == 4 && field.fontSize == 20)
        #expect(field.textColor == Color(red: 0x11, green: 0x22, blue: 0x33))
        #expect(field.highlightedColor == Color(red: 0xEE, green: 0xEE, blue: 0xEE))
    }

    @Test func textFieldKeysOnAnotherKindAreErrors() {
        #expect(message(#"{ "name": "b", "kind": "button", "frame": [0, 0, 10, 10], "placeholder": "x" }"#)
                .hasSuffix("placeholder: only text fields have 'placeholder' (this node's kind is 'button')"))
        #expect(message(#"{ "name": "b", "kind": "text", "frame": [0, 0, 10, 10], "secure": true }"#)
                .hasSuffix("secure: only text fields have 'secure' (this node's kind is 'text')"))
    }

    @Test func badTextFieldValuesAreErrors() {
        #expect(message(#"{ "name": "f", "kind": "textField", "frame": [0, 0, 10, 10], "contentType": "zip" }"#)
                .hasSuffix("contentType: 'zip' is not one of text, number, pin, email, url, phone, password"))
        #expect(message(#"{ "name": "f", "kind": "textField", "frame": [0, 0, 10, 10], "maxLength": -1 }"#)
                .hasSuffix("maxLength: must be at least 0, got -1"))
        #expect(message(#"{ "name": "f", "kind": "textField", "frame": [0, 0, 10, 10], "contentType": "pin", "text": "12a" }"#)
                .hasSuffix("text: 'a' is not allowed in a 'pin' field"))
        #expect(message(#"{ "name": "f", "kind": "textField", "frame": [0, 0, 10, 10], "maxLength": 2, "text": "abc" }"#)
                .hasSuffix("text: has 3 characters, more than maxLength 2"))
        #expect(message(#"{ "name": "f", "kind": "textField", "frame": [0, 0, 10, 10], "lines": 2 }"#)
                .hasSuffix("lines: only text nodes have 'lines' (this node's kind is 'textField')"))
    }
}

@Suite struct TextInputScriptTests {
    static let lines = """
    {"t":0,"type":"key","key":"a","state":"pressed","modifiers":["ctrl","shift"]}
    {"t":1,"type":"key","key":"dead_acute","state":"released"}
    {"t":2,"type":"text.preedit","text":"にほ","cursor":1}
    {"t":3,"type":"text.commit","text":"日本"}
    {"t":4,"type":"text.delete","before":2,"after":1}
    {"t":5,"type":"key.repeat","rate":30,"delay":250}
    {"t":6,"type":"text.paste","text":"a\\tb\\u0000"}
    """

    @Test func decodesKeyModifiersAndInputMethodLines() throws {
        let events = try InputScript.decode(Array(Self.lines.utf8), file: "in.jsonl")
        #expect(events.map(\.event) == [
            .key("a", pressed: true, modifiers: [.shift, .ctrl]), .key("dead_acute", pressed: false),
            .textPreedit("にほ", cursor: 1), .textCommit("日本"), .textDelete(before: 2, after: 1),
            .keyRepeat(rate: 30, delay: 250), .textPaste("a\tb\u{0}"),
        ])
    }

    @Test func encodingRoundTripsEveryTextLine() throws {
        let events = try InputScript.decode(Array(Self.lines.utf8), file: "in.jsonl")
        let encoded = events.map(InputScript.encode).joined(separator: "\n")
        #expect(try InputScript.decode(Array(encoded.utf8), file: "in.jsonl") == events)
        #expect(encoded.hasPrefix(#"{"t":0,"type":"key","key":"a","state":"pressed","modifiers":["shift","ctrl"]}"#))
    }

    @Test func badTextLinesNameTheKey() {
        func message(_ line: String) -> String? {
            do { _ = try InputScript.decode(Array(line.utf8), file: "in.jsonl"); return nil } catch { return error.description }
        }
        #expect(message(#"{"t":0,"type":"key","key":"a","state":"pressed","modifiers":["hyper"]}"#)
                == "in.jsonl:1: modifiers: expected one of shift, ctrl, alt, logo in the list")
        #expect(message(#"{"t":0,"type":"text.preedit","text":"ab","cursor":3}"#)
                == "in.jsonl:1: cursor: must be from 0 to 2 (the text's grapheme clusters), got 3")
        #expect(message(#"{"t":0,"type":"text.delete","before":-1}"#) == "in.jsonl:1: before: must not be negative, got -1")
        #expect(message(#"{"t":0,"type":"text.commit"}"#) == "in.jsonl:1: text: required key is missing")
        #expect(message(#"{"t":0,"type":"text.paste"}"#) == "in.jsonl:1: text: required key is missing")
        #expect(message(#"{"t":0,"type":"text.paste","text":"a","cursor":1}"#)
                == "in.jsonl:1: cursor: unknown key; allowed here: t, type, text for type 'text.paste'")
        #expect(message(#"{"t":0,"type":"key.repeat","rate":25,"delay":-1}"#) == "in.jsonl:1: delay: must be from 0 to 60000, got -1")
    }
}

@Suite struct EditingEventLogTests {
    @Test func editingChangedLinesCarryTextAndCaretAndReadBack() throws {
        let entry = EventLogEntry(time: 40, node: "search", logged: .control(.editingChanged), touch: nil, location: nil,
                                  text: "caf\"é", caret: 4)
        #expect(entry.line == #"{"t":40,"node":"search","event":"editingChanged","text":"caf\"é","caret":4}"#)
        #expect(try EventLog.decode(Array(entry.line.utf8), file: "log") == [entry])
    }

    @Test func editingEventLinesWithoutTextAreRejected() {
        let line = #"{"t":40,"node":"f","event":"editingDidBegin"}"#
        #expect(throws: FormatError.self) { try EventLog.decode(Array(line.utf8), file: "log") }
    }

    @Test func theRecorderLogsASecureFieldAsThreeDots() {
        let field = TextFieldNode(name: "pin", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        field.isSecureTextEntry = true
        field.text = "123456"
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubnode(field)
        let window = Window(root: root, size: Size(width: 200, height: 200))
        var lines: [String] = []
        EventRecorder.attach(to: root) { lines.append($0.line) }
        window.makeFirstResponder(field, time: 5)
        _ = window.keyPressed("7", time: 10)
        #expect(lines == [#"{"t":5,"node":"pin","event":"editingDidBegin","text":"•••"}"#,
                          #"{"t":10,"node":"pin","event":"editingChanged","text":"•••","caret":7}"#])
        #expect(!lines.joined().contains("123456"))
    }
}
