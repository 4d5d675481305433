import Testing
@testable import SceneFormat

/// A 200 × 100 scene whose root's one child is `node`, a node's JSON object.
func sceneWithOneChild(_ node: String) -> String {
    """
    { "size": [200, 100],
      "root": { "name": "root", "frame": [0, 0, 200, 100], "children": [
        \(node) ] } }
    """
}

/// Decodes `sceneWithOneChild(node)` as the file `file`.
func decodeOneChild(_ node: String, file: String = "scene.json") throws(FormatError) -> Scene {
    try SceneDecoder.decode(Array(sceneWithOneChild(node).utf8), file: file)
}

/// The error `sceneWithOneChild(node)` is rejected with, or nil and a failed expectation.
func oneChildRejection(_ node: String, file: String = "scene.json",
                       sourceLocation: SourceLocation = #_sourceLocation) -> FormatError? {
    do {
        _ = try decodeOneChild(node, file: file)
        Issue.record("scene was accepted", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
