import Foundation
import ImageFixtures
import Testing

/// A folder with a scene showing `image` from `src`, removed when the test ends.
private struct ImageSceneFolder {
    let path: String
    var scene: String { path + "/scene.json" }

    init(src: String, image: [UInt8]?) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-images-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let image { try Data(image).write(to: URL(fileURLWithPath: path + "/" + src)) }
        let json = """
        {"size": [100, 100],
         "root": {"name": "root", "frame": [0, 0, 100, 100], "children": [
           {"name": "photo", "kind": "image", "frame": [0, 0, 100, 100],
            "src": "\(src)", "interactive": true}]}}
        """
        try json.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

// behaviour.md §17.4: a src that does not decode is a scene error, before anything runs.
@Suite struct ImageSceneCommandTests {
    @Test func missingImageIsASceneErrorNamingFileLineAndKey() throws {
        let folder = try ImageSceneFolder(src: "missing.png", image: nil)
        defer { folder.remove() }
        let run = try CLIRun(["replay", folder.scene, "examples/overlap.input.jsonl"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "touchstone: error: \(folder.scene):4: root.children[0].src: \(folder.path)/missing.png: "
            + "cannot read the file: no such file or directory\n")
    }

    @Test(arguments: ["replay", "render", "audit"])
    func truncatedJPEGIsASceneErrorForEveryCommandThatDecodes(command: String) throws {
        let photo = JPEGFixture.photo(width: 256, height: 256)
        let folder = try ImageSceneFolder(src: "cut.jpg", image: Array(photo.prefix(photo.count / 2)))
        defer { folder.remove() }
        var arguments = [command, folder.scene]
        if command == "replay" { arguments.append("examples/overlap.input.jsonl") }
        if command == "render" { arguments += ["--png", folder.path + "/out.png"] }
        let run = try CLIRun(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("touchstone: error: \(folder.scene):4: root.children[0].src: \(folder.path)/cut.jpg: "
            + "not a decodable JPEG: "))
        #expect(run.stderr.contains("truncated"))
    }

    @Test func corruptPNGIsASceneError() throws {
        var png = PNGFixture.rgba(width: 8, height: 8) { _, _ in (1, 2, 3, 255) }
        png[45] ^= 0x5A
        let folder = try ImageSceneFolder(src: "bad.png", image: png)
        defer { folder.remove() }
        let run = try CLIRun(["render", folder.scene, "--png", folder.path + "/out.png"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("root.children[0].src: \(folder.path)/bad.png: not a decodable PNG: "))
    }

    @Test func imagesAreDecodedBeforeTheFirstEventSoAlphaDecidesTheTarget() throws {
        // Left half opaque: a tap there reaches the photo, one on the right passes through.
        let png = PNGFixture.rgba(width: 10, height: 10) { x, _ in x < 5 ? (0, 0, 0, 255) : (0, 0, 0, 0) }
        let folder = try ImageSceneFolder(src: "half.png", image: png)
        defer { folder.remove() }
        var scene = try String(contentsOfFile: folder.scene, encoding: .utf8)
        scene = scene.replacingOccurrences(of: "\"interactive\": true", with: "\"interactive\": true, \"hitTestAlpha\": true")
        try scene.write(toFile: folder.scene, atomically: true, encoding: .utf8)
        let input = folder.path + "/input.jsonl"
        try """
        {"t":0,"type":"touch.down","id":1,"x":20,"y":50}
        {"t":0,"type":"touch.frame"}
        {"t":50,"type":"touch.up","id":1}
        {"t":100,"type":"touch.down","id":2,"x":80,"y":50}
        {"t":100,"type":"touch.frame"}
        {"t":150,"type":"touch.up","id":2}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CLIRun(["replay", folder.scene, input])
        #expect(run.status == 0)
        #expect(run.stdout == """
        {"t":0,"node":"photo","event":"touchDown","touch":1,"x":20.0,"y":50.0}
        {"t":50,"node":"photo","event":"touchUpInside","touch":1,"x":20.0,"y":50.0}

        """)
    }
}
