import NodeCore

/// The values of the layout keys (behaviour.md §15.1): lengths that are points, `"N%"` or
/// `"auto"`, the four sides of padding and margins, and the keyword choices, each with
/// the one-line error of every other key.
extension ObjectReader {
    /// What a length may be, for reading and for its messages.
    struct LengthForm {
        /// `"N%"` is allowed.
        var percent = true
        /// `"auto"` is allowed.
        var auto = true
        /// Below zero is allowed (insets and margins; never a size).
        var negative = false

        static let size = LengthForm()
        static let inset = LengthForm(auto: false, negative: true)
        static let margin = LengthForm(percent: false, negative: true)
        static let padding = LengthForm(percent: false, auto: false)

        /// `a number of points, "N%" or "auto"`.
        var expected: String {
            var forms = ["a number of points"]
            if percent { forms.append("\"N%\"") }
            if auto { forms.append("\"auto\"") }
            return forms.dropLast().joined(separator: ", ") + (forms.count > 1 ? " or " : "") + forms.last!
        }
    }

    /// The length at `key`, if present.
    mutating func length(_ key: String, _ form: LengthForm) throws(FormatError) -> LayoutDimension? {
        guard let node = raw(key) else { return nil }
        return try length(node, form, key: key)
    }

    /// `node` read as a length of `form`; messages name `key` (and `side` when it is one of four).
    func length(_ node: JSONNode, _ form: LengthForm, key: String, side: String? = nil) throws(FormatError) -> LayoutDimension {
        let what = side.map { "\($0) " } ?? ""
        switch node.value {
        case .number(let n):
            try checkLength(n, form, key: key, what: what, line: node.line)
            return .points(n)
        case .string("auto") where form.auto:
            return .auto
        case .string(let text) where form.percent && text.hasSuffix("%"):
            guard let n = Self.percent(text) else {
                throw fail(key, "\(what)'\(text)' is not a percent; write a number and %, such as \"50%\"", line: node.line)
            }
            try checkLength(n, form, key: key, what: what, line: node.line)
            return .percent(n)
        case .string(let text):
            throw fail(key, "\(what)'\(text)' is not a length; use \(form.expected)", line: node.line)
        default:
            throw fail(key, "\(what)expected \(form.expected), got \(node.typeName)", line: node.line)
        }
    }

    private func checkLength(_ n: Double, _ form: LengthForm, key: String, what: String, line: Int) throws(FormatError) {
        if !form.negative, n < 0 { throw fail(key, "\(what)must not be negative, got \(Self.format(n))", line: line) }
        let limit = FileLimits.maximumCoordinate
        guard abs(n) <= limit else {
            throw fail(key, "\(what)\(Self.format(n)) is out of range \(form.negative ? "-" : "")\(Self.format(limit))...\(Self.format(limit))",
                       line: line)
        }
    }

    /// The number of `"N%"`: digits with an optional sign and fraction (as JSON writes
    /// numbers, no exponent), nil for anything else (`"%"`, `"5 %"`, `"1e2%"`, `"inf%"`).
    static func percent(_ text: String) -> Double? {
        let body = text.utf8.dropLast()
        var digits = 0, points = 0
        for (i, byte) in body.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "-") where i == 0: break
            default: return nil
            }
        }
        guard digits > 0, points <= 1, body.last != UInt8(ascii: ".") else { return nil }
        return Double(String(decoding: body, as: UTF8.self))
    }

    /// Four sides `[top, left, bottom, right]` or one value for all of them, each a length of `form`.
    mutating func edges(_ key: String, _ form: LengthForm) throws(FormatError) -> LayoutEdges? {
        guard let node = raw(key) else { return nil }
        guard case .array(let items) = node.value else {
            return LayoutEdges(all: try length(node, form, key: key))
        }
        let names = SceneDecoder.slopNames
        guard items.count == names.count else {
            throw fail(key, "expected one value or 4 [\(names.joined(separator: ", "))], got \(items.count)")
        }
        var sides: [LayoutDimension] = []
        for (item, name) in zip(items, names) { sides.append(try length(item, form, key: key, side: name)) }
        return LayoutEdges(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// Padding: four sides or one number, in points, none negative.
    mutating func padding(_ key: String) throws(FormatError) -> EdgeInsets? {
        guard let edges = try edges(key, .padding) else { return nil }
        func points(_ side: LayoutDimension) -> Double {
            if case .points(let value) = side { return value }
            return 0
        }
        return EdgeInsets(top: points(edges.top), left: points(edges.left), bottom: points(edges.bottom), right: points(edges.right))
    }

    /// One of a keyword enum's values, by its raw value.
    mutating func keyword<Value: RawRepresentable & CaseIterable>(_ key: String, _: Value.Type) throws(FormatError) -> Value?
        where Value.RawValue == String {
        guard let text = try choice(key, Value.allCases.map(\.rawValue)) else { return nil }
        return Value(rawValue: text)
    }
}
