/// Values kept in insertion order with lookup, insertion and removal by key in O(1)
/// (removal amortized): a removed value leaves a hole, and the holes are squeezed out once
/// they outnumber the values. Active touches live here, so thousands of fingers down at
/// once cost each event the same as one.
struct OrderedTable<Key: Hashable, Value> {
    private var slots: [(key: Key, value: Value)?] = []
    private var positions: [Key: Int] = [:]

    /// How many values are present.
    var count: Int { positions.count }
    var isEmpty: Bool { positions.isEmpty }

    subscript(key: Key) -> Value? {
        positions[key].map { slots[$0]!.value }
    }

    func contains(_ key: Key) -> Bool { positions[key] != nil }

    /// Adds `value` last; the key must not be present.
    mutating func append(_ value: Value, for key: Key) {
        precondition(positions[key] == nil, "key already present")
        positions[key] = slots.count
        slots.append((key, value))
    }

    /// Removes and returns the value for `key`, if any.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let position = positions.removeValue(forKey: key) else { return nil }
        let value = slots[position]!.value
        slots[position] = nil
        if slots.count > 8 && slots.count > 2 * positions.count { compact() }
        return value
    }

    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }

    /// The values in insertion order.
    var values: [Value] { slots.compactMap { $0?.value } }
    /// Whether some value satisfies `predicate` (no array is made).
    func contains(where predicate: (Value) -> Bool) -> Bool {
        slots.contains { $0.map { predicate($0.value) } ?? false }
    }
    /// The keys in insertion order.
    var keys: [Key] { slots.compactMap { $0?.key } }

    private mutating func compact() {
        slots.removeAll { $0 == nil }
        for (index, slot) in slots.enumerated() { positions[slot!.key] = index }
    }
}
