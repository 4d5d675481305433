import NodeCore
import Testing
@testable import SceneFormat

private func scene(shape: String) -> String {
    """
    { "size": [200, 100],
      "root": { "name": "root", "frame": [0, 0, 200, 100], "children": [
        { "name": "b", "kind": "button", "frame": [60, 20, 100, 44],
          "shape": \(shape) } ] } }
    """
}

private func decodeError(_ text: String) -> FormatError? {
    do {
        _ = try SceneDecoder.decode(Array(text.utf8), file: "scene.json")
        Issue.record("scene was accepted")
        return nil
    } catch {
        return error
    }
}

// behaviour.md §7.1: the `shape` key.
@Suite struct ShapeKeyTests {
    @Test func circleBecomesAnEllipseHitShape() throws {
        let decoded = try SceneDecoder.decode(Array(scene(shape: "\"circle\"").utf8), file: "scene.json")
        #expect(decoded.root.node(named: "b")?.hitShape == .ellipse)
    }

    @Test func bandsBecomeRectsInTheNodesCoordinates() throws {
        let decoded = try SceneDecoder.decode(Array(scene(shape: #"{"bands": [[-20, 0, 40, 44], [80, 0, 40, 44]]}"#).utf8),
                                              file: "scene.json")
        #expect(decoded.root.node(named: "b")?.hitShape == .bands([Rect(x: -20, y: 0, width: 40, height: 44),
                                                                  Rect(x: 80, y: 0, width: 40, height: 44)]))
    }

    @Test func anUnknownShapeNameIsRejectedWithItsKey() {
        let error = decodeError(scene(shape: "\"star\""))
        #expect(error?.key == "root.children[0].shape")
        #expect(error?.line == 4)
        #expect(error?.message == "'star' is not a shape; expected \"circle\" or {\"bands\": [[x, y, width, height], ...]}")
    }

    @Test func malformedBandsAreRejectedNamingTheBand() {
        #expect(decodeError(scene(shape: #"{"bands": [[0, 0, 10]]}"#))?.key == "root.children[0].shape.bands[0]")
        #expect(decodeError(scene(shape: #"{"bands": [[0, 0, -1, 5]]}"#))?.message == "width and height must not be negative")
        #expect(decodeError(scene(shape: #"{"bands": []}"#))?.key == "root.children[0].shape.bands")
        #expect(decodeError(scene(shape: #"{"rects": []}"#))?.key == "root.children[0].shape.bands")
    }
}
