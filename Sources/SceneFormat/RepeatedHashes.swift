/// Whether a list of hashes holds one twice, in time linear in the list and without random
/// access to anything larger than a cache: the hashes are grouped by their top bits into
/// about 256 per group (two passes in order), then each group goes through a small table.
enum RepeatedHashes {
    /// Slots looked at past the first before giving up: at most half full, a table of spread
    /// hashes practically never needs more.
    static let maximumProbes = 64

    /// Whether two of `hashes` are equal; also yes when two differ in the lowest bit only or
    /// a probe runs long (hashes not spread as `hashValue` spreads them): a caller compares
    /// what they stand for, so a rare false yes costs time, never a wrong answer or a hang.
    static func exist(in hashes: [UInt64]) -> Bool {
        guard hashes.count > 1 else { return false }
        var groupBits = 0
        while groupBits < 24, hashes.count >> (groupBits + 8) > 0 { groupBits += 1 }
        let (grouped, starts) = group(hashes, byTopBits: groupBits)
        var table = [UInt64](repeating: 0, count: 16)
        for g in 0 ..< starts.count - 1 where starts[g + 1] - starts[g] > 1 {
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
                var probes = 0
                while table[i] != 0 {
                    if table[i] == h || probes == maximumProbes { return true }
                    i = (i + 1) & mask
                    probes += 1
                }
                table[i] = h
            }
        }
        return false
    }

    /// `hashes` ordered by their top `bits` bits (a counting sort), and where each group starts
    /// (one more entry: the end).
    private static func group(_ hashes: [UInt64], byTopBits bits: Int) -> ([UInt64], [Int]) {
        // A shift by 64 gives 0 in Swift: one group when `bits` is 0.
        let shift = UInt64(64 - bits)
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for h in hashes { starts[Int(h >> shift) + 1] += 1 }
        for g in 0 ..< 1 << bits { starts[g + 1] += starts[g] }
        var grouped = [UInt64](repeating: 0, count: hashes.count)
        var next = starts
        for h in hashes {
            let g = Int(h >> shift)
            grouped[next[g]] = h
            next[g] += 1
        }
        return (grouped, starts)
    }
}
