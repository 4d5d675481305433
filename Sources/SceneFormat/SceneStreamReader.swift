import NodeCore

/// Reads a valid scene in one pass over its bytes, making each node as its object ends:
/// no JSON tree of the whole file is built and then freed (building one costs ~45 % of loading).
///
/// A node's own keys are read as JSON values and checked by the same `ObjectReader` code
/// as ever; only the nodes under `root` and `children` are made while they are read. So a
/// valid scene gives the very same tree. At the first fault of any kind the reader gives
/// up, and `SceneDecoder.decode` reads the file again in the way that reports that fault
/// as the format defines it (the stream would meet a child's fault before a later
/// syntax error, or before its parent's own keys).
///
/// Most nodes are plain and read straight from their bytes (`SceneStreamReader+PlainNode`);
/// any other is read again from its start as JSON values, keeping the children made already.
struct SceneStreamReader {
    var parser: JSONParser
    private let file: String
    /// Every node's name and line, as `SceneDecoder.decodeNode` collects them; checked for a
    /// repeat once the whole file is read.
    var names: NameTable
    /// The scene's lists, in the order their objects end.
    private var lists: [ListNode] = []
    /// The placement facts of the nodes read the general way whose facts are not
    /// `.framed` (a plain node always has a frame and no item keys), checked by the parent
    /// once its own `layout` is known (behaviour.md §15.1).
    private var unframed: [ObjectIdentifier: PlacementFacts] = [:]

    /// The scene in `buffer`, or nil when it is not a valid scene file.
    static func scene(in buffer: UnsafeBufferPointer<UInt8>, file: String) -> Scene? {
        // Room for a node per 128 bytes at once, so a large scene's names are not copied as they double.
        var reader = SceneStreamReader(parser: JSONParser(document: buffer), file: file,
                                       names: NameTable(capacity: buffer.count / 128))
        return try? reader.readScene()
    }

    /// Why the stream gave up; never shown (the tree reader says what is wrong).
    struct GaveUp: Error {}

    private init(parser: JSONParser, file: String, names: NameTable) {
        self.parser = parser
        self.file = file
        self.names = names
    }

    private mutating func readScene() throws -> Scene {
        let (json, roots) = try readObject(depth: 0, nodesKey: "root")
        try parser.endDocument()
        var reader = try ObjectReader(json, file: file, path: "")
        let keys = try SceneDecoder.readSceneKeys(&reader)
        guard roots.count == 1, names.firstRepeat() == nil,
              facts(of: roots[0]).fitsRoot(laidOut: roots[0].layout != nil) else { throw GaveUp() }
        return try SceneDecoder.makeScene(keys, root: roots[0], names: names, lists: lists, reader)
    }

    /// What `node`'s keys said about its placement.
    private func facts(of node: Node) -> PlacementFacts {
        unframed[ObjectIdentifier(node)] ?? .framed
    }

    /// Gives up unless every one of `children` is placed as a parent with (`laidOut`) or
    /// without `layout` requires: the general reading then says which is not.
    func checkPlacement(of children: [Node], laidOut: Bool) throws {
        guard laidOut || !unframed.isEmpty else { return }
        for child in children where !facts(of: child).fitsChild(ofLaidOut: laidOut) { throw GaveUp() }
    }

    /// The node whose object starts at the parser's position, `depth` deep, with its subtree.
    private mutating func readNode(depth: Int) throws -> Node {
        let start = parser
        var made: MadeChildren?
        if let node = try readPlainNode(depth: depth, made: &made) { return node }
        parser = start
        let (json, children) = try readObject(depth: depth, nodesKey: "children", made: made)
        var r = try ObjectReader(json, file: file, at: .named(""))
        let (node, facts) = try SceneDecoder.makeNode(&r, placement: .unknown, names: &names, lists: &lists) { _, _, _, _ in children }
        try checkPlacement(of: children, laidOut: node.layout != nil)
        if facts != .framed { unframed[ObjectIdentifier(node)] = facts }
        return node
    }

    /// Reads the object at the parser's position, `depth` deep: its members as JSON values,
    /// but the nodes under `nodesKey` (`root`: one node, `children`: an array of them) are
    /// made as they are read (or were, `made`) and stand as an empty array among the members.
    private mutating func readObject(depth: Int, nodesKey: String, made: MadeChildren? = nil) throws -> (JSONNode, [Node]) {
        try parser.checkDepth(depth)
        guard parser.isAt(UInt8(ascii: "{")) else { throw GaveUp() }
        let line = parser.currentLine
        var members: [JSONNode.Member] = []
        members.reserveCapacity(16)
        var nodes: [Node] = []
        if try parser.beginObject() {
            repeat {
                let (key, keyLine) = try parser.memberKey(after: members)
                let value: JSONNode
                if key.utf8.count == nodesKey.utf8.count, key == nodesKey {
                    value = JSONNode(value: .array([]), line: parser.currentLine)
                    if let made {
                        nodes = made.nodes
                        parser = made.end
                    } else {
                        nodes = depth == 0 ? [try readNode(depth: depth + 1)] : try readChildren(depth: depth + 1)
                    }
                } else {
                    value = try parser.value(depth: depth + 1)
                }
                members.append(JSONNode.Member(key: key, line: keyLine, value: value))
            } while try parser.endMember()
        }
        return (JSONNode(value: .object(members), line: line), nodes)
    }

    /// The nodes of the `children` array at the parser's position, `depth` deep.
    mutating func readChildren(depth: Int) throws -> [Node] {
        try parser.checkDepth(depth)
        guard parser.isAt(UInt8(ascii: "[")) else { throw GaveUp() }
        var nodes: [Node] = []
        guard try parser.beginArray() else { return nodes }
        repeat {
            nodes.append(try readNode(depth: depth + 1))
        } while try parser.endItem()
        return nodes
    }
}
