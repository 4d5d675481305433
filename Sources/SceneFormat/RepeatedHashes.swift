/// Whether a list of hashes holds one twice, in time linear in the list and without random
/// access to anything larger than a cache: the hashes are grouped by their top bits into
/// about 256 per group (two passes in order), then each group goes through a small table.
enum RepeatedHashes {
    /// Whether two of `hashes` are equal (or differ in the lowest bit only: a caller
    /// compares what they stand for, so a rare false yes costs time, never a wrong answer).
    static func exist(in hashes: [UInt64]) -> Bool {
        let count = hashes.count
        guard count > 1 else { return false }
        var groupBits = 0
        while groupBits < 24, count >> (groupBits + 8) > 0 { groupBits += 1 }
        // A shift by 64 gives 0 in Swift: one group when the list is short.
        let shift = UInt64(64 - groupBits)
        var starts = [Int](repeating: 0, count: (1 << groupBits) + 1)
        for h in hashes { starts[Int(h >> shift) + 1] += 1 }
        for g in 0 ..< 1 << groupBits { starts[g + 1] += starts[g] }
        var grouped = [UInt64](repeating: 0, count: count)
        var next = starts
        for h in hashes {
            let g = Int(h >> shift)
            grouped[next[g]] = h
            next[g] += 1
        }
        var table = [UInt64](repeating: 0, count: 16)
        for g in 0 ..< 1 << groupBits where starts[g + 1] - starts[g] > 1 {
            let range = starts[g] ..< starts[g + 1]
            var size = 16
            while size < 2 * range.count { size *= 2 }
            if table.count < size { table = [UInt64](repeating: 0, count: size) } else {
                for i in 0 ..< size { table[i] = 0 }
            }
            let mask = size - 1
            for k in range {
                // 0 marks an empty slot; the low bits (the group took the top ones) pick the first.
                let h = grouped[k] | 1
                var i = Int(truncatingIfNeeded: h >> 1) & mask
                while table[i] != 0 {
                    if table[i] == h { return true }
                    i = (i + 1) & mask
                }
                table[i] = h
            }
        }
        return false
    }
}
