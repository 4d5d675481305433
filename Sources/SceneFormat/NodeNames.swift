/// The names of a scene's nodes with the line of each, collected as they are read to find
/// duplicates (docs/behaviour.md: names are unique) and checked against list rows at the end.
protocol NodeNames: Sequence where Element == (key: String, value: Int) {
    /// Adds `name`, met on `line`; the line of an earlier node of that name if there is one
    /// (the stream's `NameTable` finds repeats once all names are in, and says nil here).
    mutating func add(_ name: String, line: Int) -> Int?
}

/// The tree reading's names: its messages have always been made from this dictionary.
extension Dictionary: NodeNames where Key == String, Value == Int {
    mutating func add(_ name: String, line: Int) -> Int? {
        updateValue(line, forKey: name)
    }
}
