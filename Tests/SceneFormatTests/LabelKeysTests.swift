import Testing
import NodeCore
@testable import SceneFormat

/// The label keys of scene nodes (behaviour.md §7.1): `labelFontSize` on any node, the
/// per-state label colors on controls only, read alike by the stream and the tree.
@Suite struct LabelKeysTests {
    private func scene(_ node: String) -> [UInt8] {
        Array(#"{"size":[200,100],"root":{"name":"root","frame":[0,0,200,100],"children":["#.utf8)
            + Array(node.utf8) + Array("]}}".utf8)
    }

    private func rejection(_ node: String) -> FormatError? {
        do {
            _ = try SceneDecoder.decode(scene(node), file: "scene.json")
            Issue.record("scene was accepted")
            return nil
        } catch {
            return error
        }
    }

    @Test func labelKeysSetTheNodesLabelSizeAndStateColors() throws {
        let node = ##"{"name":"b","kind":"button","frame":[0,0,100,40],"label":"Go","labelColor":"#112233","labelFontSize":22.5,"##
            + ##""labelHighlightedColor":"#445566","labelSelectedColor":"#778899","labelDisabledColor":"#AABBCC"}"##
        for decoded in [try SceneDecoder.decode(scene(node), file: "s.json"), try SceneDecoder.decodeTree(scene(node), file: "s.json")] {
            let button = try #require(decoded.root.node(named: "b") as? ButtonNode)
            #expect(button.labelFontSize == 22.5)
            #expect(button.labelColor == Color(red: 0x11, green: 0x22, blue: 0x33))
            #expect(button.labelHighlightedColor == Color(red: 0x44, green: 0x55, blue: 0x66))
            #expect(button.labelSelectedColor == Color(red: 0x77, green: 0x88, blue: 0x99))
            #expect(button.labelDisabledColor == Color(red: 0xAA, green: 0xBB, blue: 0xCC))
        }
    }

    @Test func aPlainNodeTakesALabelFontSizeAndKeepsTheDefaultWithoutOne() throws {
        let decoded = try SceneDecoder.decode(scene(#"{"name":"n","frame":[0,0,10,10],"labelFontSize":9},{"name":"m","frame":[0,0,10,10]}"#),
                                              file: "s.json")
        #expect(decoded.root.node(named: "n")?.labelFontSize == 9)
        #expect(decoded.root.node(named: "m")?.labelFontSize == Node.defaultLabelFontSize)
    }

    @Test(arguments: ["labelHighlightedColor", "labelSelectedColor", "labelDisabledColor"])
    func stateLabelColorsOnAPlainNodeAreAnError(key: String) {
        let error = rejection(#"{"name":"n","frame":[0,0,10,10],""# + key + ##"":"#000000"}"##)
        #expect(error?.key == "root.children[0].\(key)")
        #expect(error?.message == "only controls have '\(key)' (this node's kind is 'node')")
    }

    @Test(arguments: [("0", "out of range"), ("1001", "out of range"), (#""14""#, "expected a number")])
    func labelFontSizeOutsideOneToAThousandPointsIsAnError(value: String, reason: String) {
        let error = rejection(#"{"name":"n","kind":"button","frame":[0,0,10,10],"labelFontSize":"# + value + "}")
        #expect(error?.key == "root.children[0].labelFontSize")
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
    }

    @Test func aStateLabelColorThatIsNotAColorIsAnError() {
        let error = rejection(##"{"name":"b","kind":"toggle","frame":[0,0,10,10],"labelSelectedColor":"#GG0000"}"##)
        #expect(error?.key == "root.children[0].labelSelectedColor")
    }
}
