/// Values kept in insertion order with lookup, insertion and removal by key in O(1)
/// (removal amortized): a removed value leaves a hole, and the holes are squeezed out once
/// they outnumber the values. A few slots are searched in turn, many through an index. Active touches live here, so thousands of fingers down at
/// once cost each event the same as one; the pointer-location HUD keeps its touches here too.
/// Inlinable, so that other modules (the HUD's, on every seat event) get it specialized
/// instead of going through generic metadata and witness tables.
public struct OrderedTable<Key: Hashable, Value> {
    @usableFromInline var slots: [(key: Key, value: Value)?] = []
    /// Each key's slot, kept only while there are more than `linearLimit` slots: below that a
    /// scan of the slots finds a key sooner than hashing it (a tap's one finger).
    @usableFromInline var positions: [Key: Int] = [:]
    @usableFromInline var isIndexed = false
    @usableFromInline var present = 0

    /// Up to this many slots a key is looked for by a scan, with no hashing.
    @inlinable static var linearLimit: Int { 8 }

    @inlinable public init() {}

    /// How many values are present.
    @inlinable public var count: Int { present }
    @inlinable public var isEmpty: Bool { present == 0 }

    @inlinable func position(of key: Key) -> Int? {
        if isIndexed { return positions[key] }
        return slots.firstIndex { $0?.key == key }
    }

    @inlinable public subscript(key: Key) -> Value? {
        position(of: key).map { slots[$0]!.value }
    }

    @inlinable public func contains(_ key: Key) -> Bool { position(of: key) != nil }

    /// Adds `value` last; the key must not be present.
    @inlinable public mutating func append(_ value: Value, for key: Key) {
        precondition(position(of: key) == nil, "key already present")
        if isIndexed { positions[key] = slots.count }
        slots.append((key, value))
        present += 1
        if !isIndexed && slots.count > Self.linearLimit { index() }
    }

    /// Removes and returns the value for `key`, if any.
    @inlinable
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let position = isIndexed ? positions.removeValue(forKey: key) : position(of: key) else { return nil }
        let value = slots[position]!.value
        slots[position] = nil
        present -= 1
        if isIndexed {
            if slots.count > 8 && slots.count > 2 * present { compact() }
        } else {
            // Holes at the end go at once: a finger tapping again and again keeps one slot.
            while let last = slots.last, last == nil { slots.removeLast() }
        }
        return value
    }

    @inlinable public mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        isIndexed = false
        present = 0
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
        guard let position = position(of: key) else { return nil }
        return body(&slots[position]!.value)
    }

    /// Keeps only the values `keep` accepts, in order.
    @inlinable public mutating func removeAll(where remove: (Value) -> Bool) {
        for case let (key, value)? in slots where remove(value) { self.remove(key) }
    }

    @inlinable mutating func compact() {
        slots.removeAll { $0 == nil }
        positions.removeAll(keepingCapacity: true)
        isIndexed = false
        if slots.count > Self.linearLimit { index() }
    }

    /// Starts keeping `positions`: the slots outgrew a scan.
    @inlinable mutating func index() {
        isIndexed = true
        for (index, slot) in slots.enumerated() {
            if let slot { positions[slot.key] = index }
        }
    }
}

extension OrderedTable: Sendable where Key: Sendable, Value: Sendable {}
