import NodeCore

extension SceneDecoder {
    /// Keys of `kind: "image"` nodes (behaviour.md §17.4).
    static let imageKeys = ["src", "contentMode", "cornerRadius", "placeholderColor", "hitTestAlpha"]

    /// Reads an image node's keys, or rejects them on a node of another kind. `src` is
    /// resolved against the scene file's folder; its pixels are decoded by whoever runs the
    /// scene (`touchstone` decodes every image before the first event).
    static func readImageKeys(_ r: inout ObjectReader, kind: NodeKind) throws(FormatError) -> NodeDescription.ImageKeys {
        var keys = NodeDescription.ImageKeys()
        guard kind == .image else {
            if let key = r.firstUnread(of: imageKeys) {
                throw r.fail(key, "only image nodes have '\(key)' (this node's kind is '\(kind.rawValue)')")
            }
            return keys
        }
        let src = try r.required("src") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
        guard !src.isEmpty else { throw r.fail("src", "must name a PNG or JPEG file") }
        keys.src = RowText(resolve(src, relativeTo: r.file))
        if let mode = try r.choice("contentMode", ImageContentMode.allCases.map(\.rawValue)) {
            keys.contentMode = ImageContentMode(rawValue: mode)!
        }
        keys.cornerRadius = try r.number("cornerRadius", in: FileLimits.lengths)
        keys.placeholderColor = try r.color("placeholderColor")
        keys.hitTestAlpha = try r.bool("hitTestAlpha")
        return keys
    }

    /// `path` as seen from the folder of `file` (unchanged when absolute or when `file` has no folder).
    static func resolve(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    /// Where `key` of the scene node named `name` is: its line and key path (as other errors
    /// name keys, `root.children[1].src`), for a message about a value only a later step can
    /// check (an image's `src` that does not decode). Nil when there is no such node.
    public static func location(ofKey key: String, inNodeNamed name: String,
                                of bytes: [UInt8]) -> (line: Int, keyPath: String)? {
        guard let json = try? JSONParser.parse(bytes), case let .object(scene) = json.value,
              let root = scene.first(where: { $0.key == "root" }) else { return nil }
        func search(_ node: JSONNode, path: String) -> (line: Int, keyPath: String)? {
            guard case let .object(members) = node.value else { return nil }
            let isNamed = members.contains { member in
                if member.key == "name", case let .string(text) = member.value.value { return text == name }
                return false
            }
            if isNamed, let member = members.first(where: { $0.key == key }) { return (member.line, "\(path).\(key)") }
            guard let children = members.first(where: { $0.key == "children" }),
                  case let .array(items) = children.value.value else { return nil }
            for (i, item) in items.enumerated() {
                if let found = search(item, path: "\(path).children[\(i)]") { return found }
            }
            return nil
        }
        return search(root.value, path: "root")
    }
}

extension NodeDescription.ImageKeys {
    func apply(to node: ImageNode, row: RowFill?) {
        if let contentMode { node.contentMode = contentMode }
        if let cornerRadius { node.cornerRadius = cornerRadius }
        if let placeholderColor { node.placeholderColor = placeholderColor }
        if let hitTestAlpha { node.hitTestAlpha = hitTestAlpha }
        if let src { node.source = .file(path: src.text(row: row)) }
    }
}
