/// Values kept in insertion order with lookup, insertion and removal by key in O(1)
/// (removal amortized): a removed value leaves a hole, and the holes are squeezed out once
/// they outnumber the values. Active touches live here, so thousands of fingers down at
/// once cost each event the same as one; the pointer-location HUD keeps its touches here too.
/// Inlinable, so that other modules (the HUD's, on every seat event) get it specialized
/// instead of going through generic metadata and witness tables.
public struct OrderedTable<Key: Hashable, Value> {
    @usableFromInline var slots: [(key: Key, value: Value)?] = []
    @usableFromInline var positions: [Key: Int] = [:]

    @inlinable public init() {}

    /// How many values are present.
    @inlinable public var count: Int { positions.count }
    @inlinable public var isEmpty: Bool { positions.isEmpty }

    @inlinable public subscript(key: Key) -> Value? {
        positions[key].map { slots[$0]!.value }
    }

    @inlinable public func contains(_ key: Key) -> Bool { positions[key] != nil }

    /// Adds `value` last; the key must not be present.
    @inlinable public mutating func append(_ value: Value, for key: Key) {
        precondition(positions[key] == nil, "key already present")
        positions[key] = slots.count
        slots.append((key, value))
    }

    /// Removes and returns the value for `key`, if any.
    @inlinable
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let position = positions.removeValue(forKey: key) else { return nil }
        let value = slots[position]!.value
        slots[position] = nil
        if slots.count > 8 && slots.count > 2 * positions.count { compact() }
        return value
    }

    @inlinable public mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }

    /// The values in insertion order.
    @inlinable public var values: [Value] { slots.compactMap { $0?.value } }
    /// Whether some value satisfies `predicate` (no array is made).
    @inlinable public func contains(where predicate: (Value) -> Bool) -> Bool {
        slots.contains { $0.map { predicate($0.value) } ?? false }
    }
    /// The keys in insertion order.
    @inlinable public var keys: [Key] { slots.compactMap { $0?.key } }

    /// Runs `body` on the value for `key` in place (no copy of what it holds); nil when absent.
    @inlinable
    @discardableResult
    public mutating func update<R>(_ key: Key, _ body: (inout Value) -> R) -> R? {
        guard let position = positions[key] else { return nil }
        return body(&slots[position]!.value)
    }

    /// Keeps only the values `keep` accepts, in order.
    @inlinable public mutating func removeAll(where remove: (Value) -> Bool) {
        for case let (key, value)? in slots where remove(value) { self.remove(key) }
    }

    @inlinable mutating func compact() {
        slots.removeAll { $0 == nil }
        for (index, slot) in slots.enumerated() { positions[slot!.key] = index }
    }
}

extension OrderedTable: Sendable where Key: Sendable, Value: Sendable {}
