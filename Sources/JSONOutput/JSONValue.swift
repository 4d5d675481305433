/// A JSON document with object keys in insertion order, written with two-space indentation
/// (the audit report's layout); strings and numbers as `JSONWriting` writes them.
public indirect enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Appends the value, two spaces per level from `indent`; arrays of scalars stay on one line.
    public func write(to out: inout String, indent: Int) {
        var bytes: [UInt8] = []
        write(to: &bytes, indent: indent)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value's UTF-8 to `out` (no intermediate strings: an audit of 100k controls
    /// writes tens of MB through here).
    public func write<Sink: JSONByteSink>(to out: inout Sink, indent: Int) {
        switch self {
        case .null: JSONWriting.appendLiteral("null", to: &out)
        case let .bool(b): b ? JSONWriting.appendLiteral("true", to: &out) : JSONWriting.appendLiteral("false", to: &out)
        case let .number(n): JSONWriting.appendIntegral(n, to: &out)
        case let .string(s): JSONWriting.appendQuoted(s, to: &out)
        case let .array(items):
            if items.isEmpty { return JSONWriting.appendLiteral("[]", to: &out) }
            // Arrays of scalars (rects, side lists) stay on one line.
            if items.allSatisfy(\.isScalar) {
                out.write(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { JSONWriting.appendLiteral(", ", to: &out) }
                    item.write(to: &out, indent: indent)
                }
                return out.write(UInt8(ascii: "]"))
            }
            JSONWriting.appendLiteral("[\n", to: &out)
            for (i, item) in items.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                item.write(to: &out, indent: indent + 1)
                i == items.count - 1 ? out.write(UInt8(ascii: "\n")) : JSONWriting.appendLiteral(",\n", to: &out)
            }
            Self.appendIndent(indent, to: &out)
            out.write(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { return JSONWriting.appendLiteral("{}", to: &out) }
            JSONWriting.appendLiteral("{\n", to: &out)
            for (i, (key, value)) in members.enumerated() {
                Self.appendIndent(indent + 1, to: &out)
                JSONWriting.appendQuoted(key, to: &out)
                JSONWriting.appendLiteral(": ", to: &out)
                value.write(to: &out, indent: indent + 1)
                i == members.count - 1 ? out.write(UInt8(ascii: "\n")) : JSONWriting.appendLiteral(",\n", to: &out)
            }
            Self.appendIndent(indent, to: &out)
            out.write(UInt8(ascii: "}"))
        }
    }

    private static func appendIndent<Sink: JSONByteSink>(_ level: Int, to out: inout Sink) {
        for _ in 0..<max(level, 0) { JSONWriting.appendLiteral("  ", to: &out) }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
