import SeededRandom
import Testing
@testable import SceneFormat

// The stream reading finds repeated node names with `NameTable` (hashes grouped by
// `RepeatedHashes`, names compared only on equal hashes); the tree reading, whose messages
// users see, with a `[String: Int]`. They must agree on every list of names, also when
// hashes collide, so the stream never accepts what the tree refuses.

@Suite struct NameTableTests {
    /// Hashes that keep `==` names equal (as `record` requires) but collide a lot.
    static let hashes: [(String, @Sendable (String) -> Int)] = [
        ("own", { $0.hashValue }),
        ("all the same", { _ in 0 }),
        ("two bits", { $0.hashValue & 3 }),
        ("low bit dropped", { $0.hashValue & ~1 }),
        ("top bits only", { $0.hashValue & ~0xFFFF_FFFF }),
        ("by length", { $0.count << 40 }),
    ]

    /// Names from a small alphabet, so that they repeat; with strings that are `==` to others
    /// spelled differently (composed and decomposed é, the Kelvin sign and K).
    static func randomName(_ rng: inout SplitMix64) -> String {
        let pieces = ["a", "b", "K", "\u{212A}", "é", "e\u{301}", "row-", "7", "long-name-past-fifteen-bytes-"]
        return (0 ..< Int.random(in: 1 ... 3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// The first repeat a `[String: Int]` filled in order meets, as the tree reading meets it.
    static func plainFirstRepeat(_ names: [String]) -> (name: String, earlier: Int, line: Int)? {
        var seen: [String: Int] = [:]
        for (line, name) in names.enumerated() {
            if let earlier = seen.updateValue(line, forKey: name) { return (name, earlier, line) }
        }
        return nil
    }

    @Test func findsTheFirstRepeatedNameADictionaryFindsEvenWhenHashesCollide() {
        var rng = SplitMix64(seed: 0x5EED_0015)
        var repeats = 0, unique = 0
        for (label, hash) in Self.hashes {
            for trial in 0 ..< 150 {
                // Few names from many pieces, or many: with and without repeats.
                let count = Int.random(in: 0 ... (trial % 3 == 0 ? 600 : 8), using: &rng)
                var names = (0 ..< count).map { _ in Self.randomName(&rng) }
                if trial % 2 == 0 { names = Array(Set(names)) }  // no repeat
                var table = NameTable(capacity: Int.random(in: 0 ... 4, using: &rng))
                for (line, name) in names.enumerated() { table.record(name, line: line, hash: hash(name)) }
                let expected = Self.plainFirstRepeat(names)
                let found = table.firstRepeat()
                #expect(found?.name == expected?.name && found?.earlier == expected?.earlier && found?.line == expected?.line,
                        "\(label) trial \(trial): \(names)")
                if expected == nil { unique += 1 } else { repeats += 1 }
                if expected == nil {
                    // Every name once, with its line, in the order they came.
                    #expect(table.map { "\($0.key) \($0.value)" } == names.enumerated().map { "\($1) \($0)" })
                }
            }
        }
        #expect(repeats > 100 && unique > 100)
    }

    @Test func hashesThatShareTheirTopAndLowBitsGiveNoFalseRepeatAndNoLongSearch() {
        // Every hash in one group and starting at one slot: the search stops after a bounded
        // probe and the names are compared instead, which finds them all different.
        var table = NameTable(capacity: 0)
        for i in 0 ..< 20_000 { table.record("n\(i)", line: i, hash: i << 32) }
        #expect(RepeatedHashes.exist(in: (0 ..< 20_000).map { UInt64($0) << 32 }))
        #expect(table.firstRepeat() == nil)
        table.record("n7", line: 20_000, hash: 7 << 32)
        #expect(table.firstRepeat().map { "\($0.name) \($0.earlier) \($0.line)" } == "n7 7 20000")
    }

    @Test func repeatedHashesAreFoundAsASetFindsThemAtEverySize() {
        var rng = SplitMix64(seed: 0x5EED_0016)
        for size in [0, 1, 2, 3, 255, 256, 257, 511, 4_096, 70_000] {
            for trial in 0 ..< 6 {
                // Random hashes (a repeat only when one is planted), or from a few values.
                var hashes = (0 ..< size).map { _ in trial % 3 == 2 ? UInt64.random(in: 0 ... 40, using: &rng) << 62 : rng.next() }
                if trial % 3 == 1, size > 1 {
                    hashes[Int.random(in: 0 ..< size, using: &rng)] = hashes[Int.random(in: 0 ..< size, using: &rng)]
                }
                let plain = Set(hashes).count < hashes.count
                #expect(RepeatedHashes.exist(in: hashes) == plain, "size \(size) trial \(trial)")
            }
        }
    }
}
