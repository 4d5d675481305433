import NodeCore
import Testing
@testable import SceneFormat

/// `kind: "image"` nodes in scene files (behaviour.md §17.4).
@Suite struct ImageSceneTests {
    private func decode(_ node: String) throws(FormatError) -> Scene {
        try decodeOneChild(node, file: "scenes/shop.json")
    }

    @Test func decodesEveryImageKeyWithTheSourceRelativeToTheSceneFile() throws {
        let scene = try decode("""
        { "name": "photo", "kind": "image", "src": "images/pear.png", "frame": [0, 0, 100, 40],
          "contentMode": "aspectFit", "cornerRadius": 8, "placeholderColor": "#EEEEEE",
          "interactive": true, "hitTestAlpha": true }
        """)
        let image = try #require(scene.root.node(named: "photo") as? ImageNode)
        #expect(image.source == .file(path: "scenes/images/pear.png"))
        #expect(image.contentMode == .aspectFit)
        #expect(image.cornerRadius == 8)
        #expect(image.placeholderColor == Color(red: 0xEE, green: 0xEE, blue: 0xEE))
        #expect(image.isUserInteractionEnabled)
        #expect(image.hitTestAlpha)
        #expect(image.image == nil)
    }

    @Test func imageNodesDefaultToAspectFillAndIgnoreTouches() throws {
        let scene = try decode(#"{ "name": "p", "kind": "image", "src": "/abs/p.jpg", "frame": [0, 0, 10, 10] }"#)
        let image = try #require(scene.root.node(named: "p") as? ImageNode)
        #expect(image.source == .file(path: "/abs/p.jpg"))
        #expect(image.contentMode == .aspectFill)
        #expect(!image.isUserInteractionEnabled && !image.hitTestAlpha)
    }

    @Test func anImageNodeWithoutSrcIsRejected() {
        let error = oneChildRejection(#"{ "name": "p", "kind": "image", "frame": [0, 0, 10, 10] }"#)
        #expect(error?.key == "root.children[0].src")
        #expect(error?.message == "required key is missing")
    }

    @Test func imageKeysOnAnotherKindAreRejected() {
        let error = oneChildRejection(#"{ "name": "b", "kind": "button", "frame": [0, 0, 10, 10], "cornerRadius": 4 }"#)
        #expect(error?.key == "root.children[0].cornerRadius")
        #expect(error?.message == "only image nodes have 'cornerRadius' (this node's kind is 'button')")
    }

    @Test func anUnknownContentModeIsRejected() {
        let error = oneChildRejection(
            #"{ "name": "p", "kind": "image", "src": "p.png", "frame": [0, 0, 10, 10], "contentMode": "fill" }"#)
        #expect(error?.key == "root.children[0].contentMode")
    }

    @Test func locationOfAKeyIsFoundByTheNodeName() {
        let bytes = Array(sceneWithOneChild("""
        { "name": "a", "frame": [0, 0, 1, 1], "children": [
          { "name": "p", "kind": "image",
            "src": "p.png", "frame": [0, 0, 10, 10] } ] }
        """).utf8)
        let location = SceneDecoder.location(ofKey: "src", inNodeNamed: "p", of: bytes)
        #expect(location?.line == 5)
        #expect(location?.keyPath == "root.children[0].children[0].src")
    }
}
