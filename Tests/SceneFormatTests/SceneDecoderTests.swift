import Testing
import NodeCore
@testable import SceneFormat

private func decode(_ text: String) throws(FormatError) -> Scene {
    try SceneDecoder.decode(Array(text.utf8), file: "scene.json")
}

/// The error for `text`, or a failed expectation.
private func rejection(_ text: String) -> FormatError? {
    do {
        _ = try decode(text)
        Issue.record("scene was accepted")
        return nil
    } catch {
        return error
    }
}

@Suite struct SceneDecoderTests {
    @Test func decodesEveryNodeKeyIntoTheTree() throws {
        let scene = try decode("""
        { "size": [320, 200], "background": "#102030",
          "root": { "name": "root", "frame": [0, 0, 320, 200], "children": [
            { "name": "panel", "frame": [10, 20, 200, 100], "slop": [-1, -2, -3, -4], "clips": true,
              "alpha": 0.5, "hidden": false, "interactive": true, "color": "#FFFFFF80",
              "borderColor": "#000000", "borderWidth": 2, "label": "Hi", "labelColor": "#FF0000",
              "children": [
                { "name": "b", "kind": "button", "frame": [1, 2, 3, 4], "enabled": false, "selected": true,
                  "dragTolerance": 10, "highlightedColor": "#111111", "disabledColor": "#222222",
                  "selectedColor": "#333333" },
                { "name": "s", "kind": "slider", "frame": [0, 0, 100, 10], "value": 0.25 },
                { "name": "t", "kind": "toggle", "frame": [0, 0, 10, 10] },
                { "name": "c", "kind": "control", "frame": [0, 0, 10, 10] }
              ] } ] } }
        """)
        #expect(scene.size == Size(width: 320, height: 200))
        #expect(scene.background == Color(red: 0x10, green: 0x20, blue: 0x30))
        let panel = try #require(scene.root.node(named: "panel"))
        #expect(panel.frame == Rect(x: 10, y: 20, width: 200, height: 100))
        #expect(panel.hitTestSlop == EdgeInsets(top: -1, left: -2, bottom: -3, right: -4))
        #expect(panel.clipsToBounds && panel.alpha == 0.5 && !panel.isHidden && panel.isUserInteractionEnabled)
        #expect(panel.backgroundColor == Color(red: 255, green: 255, blue: 255, alpha: 128.0 / 255))
        #expect(panel.borderWidth == 2 && panel.label == "Hi" && panel.labelColor == Color(red: 255, green: 0, blue: 0))
        let button = try #require(scene.root.node(named: "b") as? ButtonNode)
        #expect(!button.isEnabled && button.isSelected && button.dragTolerance == 10)
        #expect(button.disabledColor == Color(red: 0x22, green: 0x22, blue: 0x22))
        #expect((scene.root.node(named: "s") as? SliderNode)?.value == 0.25)
        #expect(scene.root.node(named: "t") is ToggleNode)
        #expect(type(of: try #require(scene.root.node(named: "c"))) == ControlNode.self)
        #expect(panel.supernode === scene.root && button.supernode === panel)
    }

    @Test func defaultsApplyWhenKeysAreAbsent() throws {
        let scene = try decode(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,10,10]}}"#)
        #expect(scene.background == Scene.defaultBackground)
        #expect(scene.root.hitTestSlop == .zero && scene.root.alpha == 1 && !(scene.root is ControlNode))
    }

    @Test func unknownKeyIsRejectedWithItsLineAndPath() {
        let error = rejection("""
        {"size": [10, 10],
         "root": {"name": "r", "frame": [0, 0, 10, 10],
           "children": [{"name": "a", "frame": [0, 0, 1, 1],
              "colour": "#FFFFFF"}]}}
        """)
        #expect(error?.line == 4)
        #expect(error?.key == "root.children[0].colour")
        #expect(error?.description.hasPrefix("scene.json:4: root.children[0].colour: unknown key") == true)
    }

    @Test func unknownTopLevelKeyIsRejected() {
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,10,10]},"extra":1}"#)?.key == "extra")
    }

    @Test func duplicateNodeNamesAreRejected() {
        let error = rejection("""
        {"size": [10, 10], "root": {"name": "r", "frame": [0, 0, 10, 10], "children": [
          {"name": "twin", "frame": [0, 0, 1, 1]},
          {"name": "twin", "frame": [0, 0, 1, 1]}]}}
        """)
        #expect(error?.line == 3)
        #expect(error?.message == "'twin' is already used by the node on line 2; names must be unique")
    }

    @Test func negativeSizesAreRejected() {
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,-1,10]}}"#)?.message
                == "width and height must not be negative, got -1 × 10")
        #expect(rejection(#"{"size":[0,10],"root":{"name":"r","frame":[0,0,1,1]}}"#)?.key == "size")
    }

    @Test func nonFiniteNumbersAreRejected() {
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,NaN,10]}}"#)?.message
                == "unexpected character 'N', expected a value")
        #expect(rejection(#"{"size":[10,1e999],"root":{"name":"r","frame":[0,0,1,1]}}"#)?.message
                == "number 1e999 is out of range")
    }

    @Test func colorsThatDoNotParseAreRejected() {
        let error = rejection(##"{"size":[10,10],"background":"#12345","root":{"name":"r","frame":[0,0,1,1]}}"##)
        #expect(error?.key == "background")
        #expect(error?.message == "'#12345' is not a color; use #RRGGBB or #RRGGBBAA")
        #expect(rejection(##"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"color":"#GG0000"}}"##)?.key == "root.color")
    }

    @Test func wrongShapesAndTypesAreRejected() {
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,1]}}"#)?.message
                == "expected 4 numbers [x, y, width, height], got 3")
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"hidden":"yes"}}"#)?.message
                == "expected true or false, got a string")
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"alpha":1.5}}"#)?.message
                == "1.5 is out of range 0...1")
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"kind":"knob"}}"#)?.message
                == "'knob' is not one of node, control, button, toggle, slider, scroll, list, text, textField, image")
        #expect(rejection(#"{"size":[10,10],"root":{"frame":[0,0,1,1]}}"#)?.key == "root.name")
    }

    @Test func controlKeysOnPlainNodesAreRejected() {
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"enabled":false}}"#)?.message
                == "only controls have 'enabled' (this node's kind is 'node')")
        #expect(rejection(#"{"size":[10,10],"root":{"name":"r","kind":"button","frame":[0,0,1,1],"value":0.5}}"#)?.message
                == "only sliders have 'value' (this node's kind is 'button')")
    }

    @Test func syntaxErrorsNameTheirLine() {
        let error = rejection("{\"size\": [10, 10],\n\"root\": {\"name\": \"r\",\n \"frame\": [0, 0, 1, 1],}}")
        #expect(error?.line == 3)
        #expect(error?.message == "unexpected character '}', expected a key in quotes")
        #expect(rejection("{\"size\": [10, 10], \"size\": [1, 1]}")?.message == "duplicate key 'size'")
        #expect(rejection("")?.message == "unexpected end of input, expected a value")
        #expect(rejection("{} x")?.message == "unexpected character 'x' after the JSON value")
    }
}
