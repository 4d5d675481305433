import Testing
@testable import NodeCore
@testable import SceneFormat

// A scene is read in one pass (`SceneStreamReader`), nodes made as their objects end;
// the JSON tree read key by key (`SceneDecoder.decodeTree`) is what reports faults. These
// tests pin that the stream gives exactly the tree's scene, and gives up exactly when the
// tree reading fails (whose error `decode` then throws).

/// The scene's window keys and every node's properties, one line per node.
private func snapshot(_ scene: Scene) -> String {
    "\(scene.size) \(scene.background) line \(scene.sizeLine)\n" + snapshot(scene.root)
}

private func streamed(_ bytes: [UInt8], file: String = "s.json") -> Scene? {
    bytes.withUnsafeBufferPointer { SceneStreamReader.scene(in: $0, file: file) }
}

/// The stream and the tree agree on `bytes`: the same scene, or both refuse it.
private func expectAgreement(_ bytes: [UInt8], _ comment: Comment) {
    let stream = streamed(bytes)
    switch Result(catching: { () throws(FormatError) in try SceneDecoder.decodeTree(bytes, file: "s.json") }) {
    case .success(let tree):
        #expect(stream.map(snapshot) == snapshot(tree), comment)
    case .failure:
        #expect(stream == nil, comment)
    }
}

@Suite struct SceneStreamReaderTests {
    @Test func everyExampleStreamsToTheSceneTheTreeGives() throws {
        let corpus = try ParserFuzzTests.corpus(["scene.json"])
        #expect(corpus.count >= 7)
        for (name, bytes) in corpus {
            #expect(streamed(bytes, file: name) != nil, "\(name)")
            expectAgreement(bytes, "\(name)")
        }
    }

    @Test func mutatedExamplesStreamToTheTreesSceneOrAreRefusedByBoth() throws {
        var mutator = ParserFuzzTests.Mutator(state: 0x5EED_0515)
        var accepted = 0, refused = 0
        for (name, bytes) in try ParserFuzzTests.corpus(["scene.json"]) {
            for k in 0 ..< 300 {
                let mutant = mutator.mutate(bytes)
                expectAgreement(mutant, "\(name) mutant \(k)")
                if streamed(mutant) == nil { refused += 1 } else { accepted += 1 }
            }
        }
        // Both outcomes are exercised, so the agreement means something either way.
        #expect(accepted >= 20 && refused >= 1000)
    }

    @Test func randomNodesReadFromTheirBytesGiveTheTreesSceneOrAreRefusedByBoth() {
        // Plain nodes are read straight from their bytes, others the general way (also after
        // their children were made plainly); both against the tree on random keys and values.
        var scenes = RandomNodeScenes(seed: 0x5EED_0015)
        var accepted = 0, refused = 0
        for k in 0 ..< 2400 {
            // One fault at most, so that it alone decides; a third of the scenes have none.
            scenes.maximumFaults = k % 3 == 0 ? 0 : 1
            scenes.faultOdds = 2 + k % 12
            let bytes = scenes.scene(maximumNodes: 1 + k % 12)
            expectAgreement(bytes, "scene \(k): \(String(decoding: bytes, as: UTF8.self))")
            if streamed(bytes) == nil { refused += 1 } else { accepted += 1 }
        }
        #expect(accepted >= 800 && refused >= 800, "accepted \(accepted), refused \(refused)")
    }

    @Test func plainNodeKeysAreMatchedExactlyFromTheirBytes() {
        let formatKeys = SceneDecoder.nodeKeys + SceneDecoder.controlKeys + SceneDecoder.sliderKeys
        for key in PlainNodeKey.allCases {
            let text = "\(key.text)"
            #expect(formatKeys.contains(text))
            #expect(Array(text.utf8).withUnsafeBufferPointer(PlainNodeKey.init) == key)
        }
        // Every other key, and near misses, are left to the general reading.
        let others = ["shape", "layout", "contentInsets"] + SceneDecoder.itemKeys + SceneDecoder.scrollKeys + SceneDecoder.listKeys + SceneDecoder.textKeys
            + ["nam", "names", "Name", "colour", "clipz", "borderColors", "borderWidtH", "dragTolerancE", "children ",
               "bordexColor", "highlighteXColor", "dragTolXrance", "chilXren", "selecteX",
               "labelHighXightedColor", "labelSelectedColoX", "labelDisXbledColor", "labelFontSizX"]
        for text in others {
            #expect(Array(text.utf8).withUnsafeBufferPointer(PlainNodeKey.init) == nil, "\(text)")
        }
        #expect(Set(PlainNodeKey.allCases.map { "\($0.text)" }) == Set(formatKeys).subtracting(["shape", "layout", "contentInsets"]))
    }

    @Test func keysInAnyOrderStreamToTheSameTree() {
        // `children` before a node's own keys, lists and scroll nodes among them, nested deep.
        let scene = """
        {"root": {"children": [
            {"children": [{"label": "deep", "frame": [1, 2, 3, 4], "name": "leaf"}], "name": "inner", "frame": [0, 0, 50, 50],
             "kind": "scroll", "contentSize": [50, 500]},
            {"rows": {"template": {"name": "row-{i}", "frame": [0, 0, 100, 20]}, "extent": 20, "count": 30},
             "kind": "list", "frame": [0, 60, 100, 100], "name": "list"},
            {"kind": "button", "name": "b", "frame": [0, 170, 80, 30], "selectedColor": "#123456", "slop": [-1, -2, -3, -4]}],
          "frame": [0, 0, 200, 200], "name": "root", "color": "#EEEEEE"},
         "background": "#101010", "size": [200, 200]}
        """
        let bytes = Array(scene.utf8)
        #expect(streamed(bytes)?.root.node(named: "leaf")?.label == "deep")
        expectAgreement(bytes, "reordered keys")
    }

    @Test func faultsTheStreamMeetsFirstAreStillReportedAsTheTreeFindsThem() {
        // The child's bad frame comes first in the file; the syntax error after it, and
        // the parent's missing frame, are what the format reports first.
        let syntaxLater = #"{"size":[10,10],"root":{"name":"r","frame":[0,0,1,1],"children":[{"name":"c","frame":[0,0,-1,1]}]},}"#
        let parentFirst = #"{"size":[10,10],"root":{"children":[{"name":"c","frame":[0,0,-1,1]}],"name":"r"}}"#
        for text in [syntaxLater, parentFirst] {
            let bytes = Array(text.utf8)
            #expect(streamed(bytes) == nil)
            #expect(throws: treeError(bytes)) { try SceneDecoder.decode(bytes, file: "f.json") }
        }
        #expect(treeError(Array(syntaxLater.utf8)).message.contains("expected a key in quotes"))
        #expect(treeError(Array(parentFirst.utf8)).key == "root.frame")
    }
}

private func treeError(_ bytes: [UInt8]) -> FormatError {
    do {
        _ = try SceneDecoder.decodeTree(bytes, file: "f.json")
        return FormatError(file: "", line: 0, key: nil, message: "decoded")
    } catch {
        return error
    }
}
