extension Node {
    /// Calls `body` with each of `children` (this node's subnodes, as read by the caller),
    /// back to front, with no retain or release per child.
    ///
    /// Sound because `children` is the caller's own copy of the array: its buffer holds a
    /// reference to every element for the whole walk, whatever `body` does to the tree
    /// (a change to `subnodes` copies the array, it never frees the caller's buffer), so each
    /// element can be lent to `body` unretained. Debug builds count the visits
    /// (`subnodeVisits`), so tests can pin how many subnodes a frame looks at.
    @inline(__always)
    final func forEach(in children: [Node], _ body: (Node) -> Void) {
        #if DEBUG
        subnodeVisits += children.count
        #endif
        children.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for i in 0..<buffer.count {
                raw.load(fromByteOffset: i * MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Calls `body` with `children[i]` (this node's subnodes, as read by the caller) with no
    /// retain or release, for the same reason as `forEach(in:_:)`.
    @inline(__always)
    final func with<Result>(_ children: [Node], _ i: Int, _ body: (Node) -> Result) -> Result {
        precondition(i >= 0 && i < children.count)
        #if DEBUG
        subnodeVisits += 1
        #endif
        return children.withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress!).load(fromByteOffset: i * MemoryLayout<Node>.stride, as: Unmanaged<Node>.self)
                ._withUnsafeGuaranteedRef(body)
        }
    }
}
