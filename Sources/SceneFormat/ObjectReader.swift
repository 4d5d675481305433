import JSONOutput
import NodeCore

/// Reads the members of one JSON object with typed getters, and rejects keys
/// that no getter asked for (unknown keys are errors, never ignored).
struct ObjectReader {
    let file: String
    /// Where this object is, e.g. `root.children[1]`, for messages.
    let objectPath: ObjectPath
    /// Key path of this object, written out.
    var path: String { objectPath.text }
    let line: Int
    private let members: [JSONNode.Member]
    /// Which members a getter read, by index: a bit each for the first 64 (a valid object
    /// never has more), a set for any beyond. No allocation for an ordinary object.
    private var consumedBits: UInt64 = 0
    private var consumedBeyond: Set<Int> = []
    /// A bit for the UTF-8 length of each member's key: most keys a reader asks for are
    /// absent (a node may have some 40), and most of those are answered without a scan.
    private let presentLengths: UInt64

    init(_ node: JSONNode, file: String, path: String) throws(FormatError) {
        try self.init(node, file: file, at: .named(path))
    }

    init(_ node: JSONNode, file: String, at path: ObjectPath) throws(FormatError) {
        guard case .object(let members) = node.value else {
            let text = path.text
            throw FormatError(file: file, line: node.line, key: text.isEmpty ? nil : text,
                              message: "expected an object, got \(node.typeName)")
        }
        self.file = file
        self.objectPath = path
        self.line = node.line
        self.members = members
        var lengths: UInt64 = 0
        for member in members { lengths |= Self.lengthBit(member.key) }
        presentLengths = lengths
    }

    /// The bit for a key's UTF-8 length (lengths past 63 share the last bit).
    @inline(__always)
    private static func lengthBit(_ key: String) -> UInt64 {
        1 << UInt64(min(key.utf8.count, 63))
    }

    func keyPath(_ key: String) -> String {
        let path = self.path
        return path.isEmpty ? key : "\(path).\(key)"
    }

    func fail(_ key: String, _ message: String, line: Int? = nil) -> FormatError {
        FormatError(file: file, line: line ?? memberLine(key) ?? self.line, key: keyPath(key), message: message)
    }

    func memberLine(_ key: String) -> Int? { index(of: key).map { members[$0].line } }

    func has(_ key: String) -> Bool { index(of: key) != nil }

    /// The index of the member named `key`. Lengths are compared first: comparing unequal
    /// strings goes through the standard library's slow path, comparing counts does not.
    private func index(of key: String) -> Int? {
        guard presentLengths & Self.lengthBit(key) != 0 else { return nil }
        let length = key.utf8.count
        return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    /// The raw value of `key`, marking it used.
    mutating func raw(_ key: String) -> JSONNode? {
        guard let i = index(of: key) else { return nil }
        if i < 64 { consumedBits |= 1 << UInt64(i) } else { consumedBeyond.insert(i) }
        return members[i].value
    }

    /// The first of `keys`, in their order, that is a member no getter has read: what
    /// `keys.first(where: has)` gives for keys no getter reads here (another kind's), with
    /// a look at the few unread members instead of a lookup per key.
    func firstUnread(of keys: [String]) -> String? {
        var first: Int?
        for i in members.indices where !isConsumed(i) {
            let key = members[i].key, length = key.utf8.count
            if let k = keys.firstIndex(where: { $0.utf8.count == length && $0 == key }), k < first ?? .max { first = k }
        }
        return first.map { keys[$0] }
    }

    private func isConsumed(_ i: Int) -> Bool {
        i < 64 ? consumedBits & (1 << UInt64(i)) != 0 : consumedBeyond.contains(i)
    }

    mutating func required<T>(_ key: String, _ read: (inout ObjectReader, String) throws(FormatError) -> T?) throws(FormatError) -> T {
        guard let value = try read(&self, key) else { throw fail(key, "required key is missing", line: line) }
        return value
    }

    mutating func string(_ key: String) throws(FormatError) -> String? {
        guard let node = raw(key) else { return nil }
        guard case .string(let s) = node.value else { throw fail(key, "expected a string, got \(node.typeName)") }
        return s
    }

    mutating func bool(_ key: String) throws(FormatError) -> Bool? {
        guard let node = raw(key) else { return nil }
        guard case .bool(let b) = node.value else { throw fail(key, "expected true or false, got \(node.typeName)") }
        return b
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(FormatError) -> Double? {
        guard let node = raw(key) else { return nil }
        guard case .number(let n) = node.value else { throw fail(key, "expected a number, got \(node.typeName)") }
        if let range, !range.contains(n) {
            if range.upperBound == .greatestFiniteMagnitude {
                throw fail(key, "must be at least \(Self.format(range.lowerBound)), got \(Self.format(n))")
            }
            throw fail(key, "\(Self.format(n)) is out of range \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))")
        }
        return n
    }

    /// A whole number of magnitude at most `FileLimits.maximumID`.
    mutating func integer(_ key: String) throws(FormatError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard let value = Self.wholeNumber(n) else { throw fail(key, Self.wholeNumberMessage(n)) }
        return value
    }

    static func wholeNumber(_ n: Double) -> Int? {
        n == n.rounded() && abs(n) <= FileLimits.maximumID ? Int(n) : nil
    }

    static func wholeNumberMessage(_ n: Double) -> String {
        let limit = format(FileLimits.maximumID)
        return "expected a whole number in -\(limit)...\(limit), got \(format(n))"
    }

    /// An array of exactly `count` numbers; `names` describe them in messages.
    mutating func numbers(_ key: String, names: [String],
                          in ranges: [ClosedRange<Double>]? = nil) throws(FormatError) -> [Double]? {
        guard let node = raw(key) else { return nil }
        func shape() -> String { "[" + names.joined(separator: ", ") + "]" }
        guard case .array(let items) = node.value else { throw fail(key, "expected \(shape()), got \(node.typeName)") }
        guard items.count == names.count else {
            throw fail(key, "expected \(names.count) numbers \(shape()), got \(items.count)")
        }
        var result: [Double] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard case .number(let n) = item.value else {
                throw fail(key, "\(names[i]) must be a number, got \(item.typeName)", line: item.line)
            }
            if let range = ranges?[i], !range.contains(n) {
                throw fail(key, "\(names[i]) \(Self.format(n)) is out of range \(Self.format(range.lowerBound))...\(Self.format(range.upperBound))",
                           line: item.line)
            }
            result.append(n)
        }
        return result
    }

    mutating func color(_ key: String) throws(FormatError) -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(hex: text) else {
            throw fail(key, "'\(text)' is not a color; use #RRGGBB or #RRGGBBAA")
        }
        return color
    }

    /// One of `choices`.
    mutating func choice(_ key: String, _ choices: [String]) throws(FormatError) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else {
            throw fail(key, "'\(text)' is not one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// Throws for the first key no getter read. `allowed` is only built for the message.
    func finish(allowed: @autoclosure () -> String) throws(FormatError) {
        if let i = members.indices.first(where: { !isConsumed($0) }) {
            let unknown = members[i]
            throw FormatError(file: file, line: unknown.line, key: keyPath(unknown.key),
                              message: "unknown key; allowed here: \(allowed())")
        }
    }

    static func format(_ n: Double) -> String { abs(n) <= 9_007_199_254_740_992 ? JSONWriting.integral(n) : String(n) }
}

/// Where an object sits in its file (`root.children[2].children[0]`), written out only for
/// a message: scenes are read a node at a time by the million and nearly never fail.
enum ObjectPath: ExpressibleByStringLiteral {
    case named(String)
    /// Child `index` of the node at the path (`….children[index]`).
    indirect case child(ObjectPath, Int)

    init(stringLiteral value: String) { self = .named(value) }

    var text: String {
        switch self {
        case .named(let text): return text
        case let .child(parent, index): return "\(parent.text).children[\(index)]"
        }
    }
}
