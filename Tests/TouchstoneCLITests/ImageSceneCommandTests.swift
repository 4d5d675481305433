import Foundation
import ImageFixtures
import Render
import Testing

/// A folder holding `image` as `src` and a scene, removed when the test ends.
private struct ImageSceneFolder {
    let path: String
    var scene: String { path + "/scene.json" }

    /// `scene` is the scene's JSON; by default a 100 × 100 window whose one node is an
    /// interactive image of `src` with the extra keys `photoKeys`.
    init(src: String, image: [UInt8]?, scene: String? = nil, photoKeys: String = "") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-images-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let image { try Data(image).write(to: URL(fileURLWithPath: path + "/" + src)) }
        let json = scene ?? """
        {"size": [100, 100],
         "root": {"name": "root", "frame": [0, 0, 100, 100], "children": [
           {"name": "photo", "kind": "image", "frame": [0, 0, 100, 100],
            "src": "\(src)", "interactive": true\(photoKeys)}]}}
        """
        try json.write(toFile: self.scene, atomically: true, encoding: .utf8)
    }

    /// Writes taps as the folder's input script, each a down at `t` and an up 50 ms later; returns its path.
    func writeTaps(_ taps: (t: Int, x: Int, y: Int)...) throws -> String {
        let input = path + "/input.jsonl"
        let lines = taps.enumerated().map { index, tap in
            #"{"t":\#(tap.t),"type":"touch.down","id":\#(index + 1),"x":\#(tap.x),"y":\#(tap.y)}"# + "\n"
                + #"{"t":\#(tap.t),"type":"touch.frame"}"# + "\n"
                + #"{"t":\#(tap.t + 50),"type":"touch.up","id":\#(index + 1)}"# + "\n"
        }
        try lines.joined().write(toFile: input, atomically: true, encoding: .utf8)
        return input
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
        let folder = try ImageSceneFolder(src: "half.png", image: png, photoKeys: #", "hitTestAlpha": true"#)
        defer { folder.remove() }
        let input = try folder.writeTaps((t: 0, x: 20, y: 50), (t: 100, x: 80, y: 50))
        let run = try CLIRun(["replay", folder.scene, input])
        #expect(run.status == 0)
        #expect(run.stdout == """
        {"t":0,"node":"photo","event":"touchDown","touch":1,"x":20.0,"y":50.0}
        {"t":50,"node":"photo","event":"touchUpInside","touch":1,"x":20.0,"y":50.0}

        """)
    }

    /// A scene whose only image is in a list's row template: a list with no rows at load,
    /// whose fetch adds two rows at 10 ms. Each row is a control under an image that is
    /// opaque red on its left half and transparent on its right (`hitTestAlpha`).
    private func listRowFolder() throws -> ImageSceneFolder {
        let png = PNGFixture.rgba(width: 10, height: 10) { x, _ in x < 5 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        return try ImageSceneFolder(src: "half.png", image: png, scene: """
        {"size": [100, 100],
         "root": {"name": "root", "frame": [0, 0, 100, 100], "children": [
           {"name": "list", "kind": "list", "frame": [0, 0, 100, 100],
            "rows": {"count": 0, "extent": 50, "template":
              {"name": "row-{i}", "kind": "control", "frame": [0, 0, 100, 50], "color": "#0000FF", "children": [
                {"name": "photo-{i}", "kind": "image", "src": "half.png", "frame": [0, 0, 100, 50],
                 "placeholderColor": "#00FF00", "interactive": true, "hitTestAlpha": true}]}},
            "fetch": {"batch": 2, "delay": 10, "total": 2}}]}}
        """)
    }

    @Test func imagesInListRowsMadeAfterLoadAreDecodedBeforeTheNextEvent() throws {
        let folder = try listRowFolder()
        defer { folder.remove() }
        // After the fetch: a tap on row 0's transparent half goes to the row, one on the opaque half to the photo.
        let input = try folder.writeTaps((t: 100, x: 80, y: 25), (t: 200, x: 20, y: 25))
        let run = try CLIRun(["replay", folder.scene, input])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
        {"t":0,"node":"list","event":"batchFetchBegan","rows":0}
        {"t":10,"node":"list","event":"batchFetchCompleted","rows":2}
        {"t":100,"node":"row-0","event":"touchDown","touch":1,"x":80.0,"y":25.0}
        {"t":150,"node":"row-0","event":"touchUpInside","touch":1,"x":80.0,"y":25.0}
        {"t":200,"node":"photo-0","event":"touchDown","touch":2,"x":20.0,"y":25.0}
        {"t":250,"node":"photo-0","event":"touchUpInside","touch":2,"x":20.0,"y":25.0}

        """)
    }

    @Test(arguments: ["1", "2"])
    func replayPaintsImagesInListRowsMadeAfterLoad(scale: String) throws {
        let folder = try listRowFolder()
        defer { folder.remove() }
        let input = folder.path + "/input.jsonl"
        try "{\"t\":100,\"type\":\"key\",\"key\":\"a\",\"state\":\"pressed\"}\n".write(toFile: input, atomically: true, encoding: .utf8)
        let png = folder.path + "/final.png"
        let run = try CLIRun(["replay", folder.scene, input, "--png", png, "--scale", scale])
        #expect(run.status == 0)
        let image = try Canvas.readPNG(from: png)
        let s = Int(scale)!
        // Row 1's image: red where opaque, the row's blue through its transparent half; no placeholder green.
        #expect(image.components(x: 20 * s, y: 75 * s) == PixelComponents(alpha: 255, red: 255, green: 0, blue: 0))
        #expect(image.components(x: 80 * s, y: 75 * s) == PixelComponents(alpha: 255, red: 0, green: 0, blue: 255))
    }

    @Test func layoutSizesImagesByTheirFilesAsRenderDoes() throws {
        // A 30 × 20 PNG in a row layout with no size of its own: its intrinsic size.
        let png = PNGFixture.rgba(width: 30, height: 20) { _, _ in (255, 0, 0, 255) }
        let folder = try ImageSceneFolder(src: "icon.png", image: png, scene: """
        {"size": [100, 100],
         "root": {"name": "root", "layout": {"direction": "row", "alignItems": "flex-start", "padding": 10}, "children": [
           {"name": "icon", "kind": "image", "src": "icon.png"}]}}
        """)
        defer { folder.remove() }
        let layout = try CLIRun(["layout", folder.scene])
        #expect(layout.status == 0 && layout.stderr == "")
        #expect(layout.stdout == """
        root  0, 0, 100 × 100
          icon  10, 10, 30 × 20

        """)
        let png1 = folder.path + "/out.png"
        #expect(try CLIRun(["render", folder.scene, "--png", png1]).status == 0)
        let image = try Canvas.readPNG(from: png1)
        #expect(image.components(x: 39, y: 29) == PixelComponents(alpha: 255, red: 255, green: 0, blue: 0))
        #expect(image.components(x: 41, y: 29) == PixelComponents(alpha: 255, red: 255, green: 255, blue: 255))
    }
}
