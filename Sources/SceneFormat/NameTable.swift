/// The stream reading's node names: each name with its line and hash in file order, checked
/// for a repeat once all are in (`firstRepeat`). Looking each name up in a table as it came
/// missed the cache once a large scene's table outgrew it (docs/performance.md); hashes read
/// in order and compared in cache-sized groups do not, and names are compared only when
/// two hashes are equal.
struct NameTable: NodeNames {
    private var names: [String] = []
    private var lines: [Int] = []
    private var hashes: [UInt64] = []

    /// A table with room for `capacity` names before it grows.
    init(capacity: Int) {
        names.reserveCapacity(capacity)
        lines.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// Records `name`; nil, since repeats are found once all names are in (`firstRepeat`).
    mutating func add(_ name: String, line: Int) -> Int? {
        record(name, line: line, hash: name.hashValue)
        return nil
    }

    /// Records `name` with its hash given (`==` names must have `==` hashes, as `hashValue`
    /// gives them), so tests can force collisions.
    mutating func record(_ name: String, line: Int, hash: Int) {
        names.append(name)
        lines.append(line)
        hashes.append(UInt64(UInt(bitPattern: hash)))
    }

    /// The first name recorded again, with the lines of its first node and of the repeat:
    /// what a `[String: Int]` filled in the same order meets first.
    func firstRepeat() -> (name: String, earlier: Int, line: Int)? {
        guard RepeatedHashes.exist(in: hashes) else { return nil }
        var seen: [String: Int] = [:]
        for (name, line) in zip(names, lines) {
            if let earlier = seen.updateValue(line, forKey: name) { return (name, earlier, line) }
        }
        return nil
    }

    func makeIterator() -> some IteratorProtocol<(key: String, value: Int)> {
        zip(names, lines).lazy.map { (key: $0, value: $1) }.makeIterator()
    }
}
