import NodeCore

extension SceneDecoder {
    /// Keys of `kind: "textField"` nodes (behaviour.md §16).
    static let textFieldKeys = ["text", "placeholder", "secure", "contentType", "maxLength", "fontSize", "textColor"]
    /// The keys only text fields have.
    static let textFieldOnlyKeys = ["placeholder", "secure", "contentType", "maxLength"]

    /// Reads a text field's keys, or rejects the keys only text fields have on another kind.
    static func readTextFieldKeys(_ r: inout ObjectReader, kind: NodeKind) throws(FormatError) -> NodeDescription.TextFieldKeys {
        var keys = NodeDescription.TextFieldKeys()
        guard kind == .textField else {
            if let key = r.firstUnread(of: textFieldOnlyKeys) {
                throw r.fail(key, "only text fields have '\(key)' (this node's kind is '\(kind.rawValue)')")
            }
            return keys
        }
        keys.text = try r.string("text").map { RowText($0) }
        keys.placeholder = try r.string("placeholder").map { RowText($0) }
        keys.secure = try r.bool("secure")
        if let type = try r.choice("contentType", TextContentType.allCases.map(\.rawValue)) {
            keys.contentType = TextContentType(rawValue: type)!
        }
        if let maxLength = try r.integer("maxLength") {
            guard maxLength >= 0 else { throw r.fail("maxLength", "must be at least 0, got \(maxLength)") }
            keys.maxLength = maxLength
        }
        keys.fontSize = try r.number("fontSize", in: 1...1000)
        keys.textColor = try r.color("textColor")
        if let text = keys.text?.text(row: nil), let type = keys.contentType,
           let rejected = text.first(where: { !type.accepts($0) }) {
            throw r.fail("text", "'\(rejected)' is not allowed in a '\(type.rawValue)' field")
        }
        if let text = keys.text?.text(row: nil), let maxLength = keys.maxLength, text.count > maxLength {
            throw r.fail("text", "has \(text.count) characters, more than maxLength \(maxLength)")
        }
        return keys
    }
}

extension NodeDescription {
    /// The keys of text fields (behaviour.md §16).
    struct TextFieldKeys {
        var text: RowText?
        var placeholder: RowText?
        var secure: Bool?
        var contentType: TextContentType?
        var maxLength: Int?
        var fontSize: Double?
        var textColor: Color?

        func apply(to field: TextFieldNode, row: RowFill?) {
            if let contentType { field.contentType = contentType }
            if let secure { field.isSecureTextEntry = secure }
            if let fontSize { field.fontSize = fontSize }
            if let textColor { field.textColor = textColor }
            if let placeholder { field.placeholder = placeholder.text(row: row) }
            if let text { field.text = text.text(row: row) }
            if let maxLength { field.maxLength = maxLength }
        }
    }
}
