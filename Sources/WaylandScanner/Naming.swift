/// Interfaces seen across all inputs of one scanner run, for cross references.
struct KnownInterfaces {
    /// interface name → (protocol name, index within that protocol)
    private var table: [String: (protocolName: String, index: Int)] = [:]

    init(protocols: [ProtocolModel]) {
        for proto in protocols {
            for (index, interface) in proto.interfaces.enumerated() {
                table[interface.name] = (proto.name, index)
            }
        }
    }

    func location(of interface: String) -> (protocolName: String, index: Int)? { table[interface] }
}

enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Any", "Type", "Protocol", "some", "package",
    ]

    /// `wl_surface` → `WlSurface`
    static func typeName(_ raw: String) -> String {
        raw.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `set_buffer_scale` → `setBufferScale`; leading digits get an underscore; keywords get backticks.
    static func memberName(_ raw: String) -> String {
        let parts = raw.split(separator: "_").map(String.init)
        guard let first = parts.first else { return "_" }
        var name = first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let c = name.first, c.isNumber { name = "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A member name usable after a dot without backticks where Swift allows it.
    static func bare(_ name: String) -> String { name.replacingOccurrences(of: "`", with: "") }

    /// Swift type for an `enum="..."` attribute seen inside `interface`.
    static func enumTypeName(_ reference: String) -> String {
        let parts = reference.split(separator: ".").map(String.init)
        if parts.count == 2 { return typeName(parts[0]) + "." + typeName(parts[1]) }
        return typeName(reference)
    }
}
