import Testing
import NodeCore
@testable import SceneFormat

/// `kind: "text"` nodes in scene files.
@Suite struct TextSceneTests {
    @Test func decodesEveryTextKey() throws {
        let scene = try decodeOneChild("""
        { "name": "t", "kind": "text", "frame": [0, 0, 100, 40], "text": "مرحبا\\nworld", "fontSize": 18.5,
          "textColor": "#FF000080", "alignment": "trailing", "lines": 2, "interactive": true,
          "slop": [-4, -4, -4, -4], "highlightedColor": "#EEEEEE" }
        """)
        let text = try #require(scene.root.node(named: "t") as? TextNode)
        #expect(text.text == "مرحبا\nworld")
        #expect(text.fontSize == 18.5)
        #expect(text.textColor == Color(red: 255, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(text.alignment == .trailing)
        #expect(text.maximumLines == 2)
        #expect(text.isUserInteractionEnabled)
        #expect(text.highlightedColor == Color(red: 0xEE, green: 0xEE, blue: 0xEE))
    }

    @Test func textNodesDefaultToLeadingUnlimitedNonInteractiveText() throws {
        let scene = try decodeOneChild(#"{ "name": "t", "kind": "text", "frame": [0, 0, 100, 40] }"#)
        let text = try #require(scene.root.node(named: "t") as? TextNode)
        #expect(text.text == "" && text.fontSize == TextNode.defaultFontSize && text.textColor == .black)
        #expect(text.alignment == .leading && text.maximumLines == 0)
        #expect(!text.isUserInteractionEnabled)
    }

    @Test(arguments: ["text", "fontSize", "textColor", "alignment", "lines"])
    func textKeysOnOtherKindsAreRejected(key: String) throws {
        let value = ["text": #""hi""#, "fontSize": "12", "textColor": ##""#000000""##, "alignment": #""left""#, "lines": "1"][key]!
        let node = #"{ "name": "b", "kind": "button", "frame": [0, 0, 10, 10], "\#(key)": "# + value + " }"
        let error = try #require(oneChildRejection(node))
        #expect(error.description.contains("only text nodes have '\(key)'"), "\(error)")
    }

    @Test(arguments: [
        (#""alignment": "middle""#, "'middle' is not one of left, center, right, leading, trailing"),
        (#""lines": -1"#, "must be at least 0"),
        (#""lines": 1.5"#, "expected a whole number"),
        (#""fontSize": 0"#, "out of range"),
        (#""text": 5"#, "expected a string"),
        (##""textColour": "#000000""##, "unknown key"),
    ])
    func malformedTextKeysAreRejectedWithTheKey(member: String, message: String) throws {
        let error = try #require(oneChildRejection(#"{ "name": "t", "kind": "text", "frame": [0, 0, 10, 10], \#(member) }"#))
        #expect(error.description.contains(message), "\(error)")
        #expect(error.line == 3)
    }
}
