import SeededRandom

/// The generators' source of choices: a seeded sequence, so a case is rebuilt from its seed.
struct FuzzRandom {
    private var generator: SplitMix64
    /// How many values past the file limits the case may still take: most cases get none,
    /// so that most files are accepted and their behaviour, not their errors, is exercised.
    private var invalidLeft: Int

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
        invalidLeft = 0
        invalidLeft = chance(0.25) ? 1 : 0
    }

    /// One of `valid`, or now and then (once per case at most) one of `invalid`.
    mutating func value(_ valid: [Double], invalid: [Double]) -> Double {
        if invalidLeft > 0, !invalid.isEmpty, chance(0.05) {
            invalidLeft -= 1
            return pick(invalid)
        }
        return pick(valid)
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &generator) < p }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0 ... items.count - 1)] }

    /// A number for a coordinate or size: mostly ordinary, sometimes one of the values at or
    /// past the limits a file may hold (behaviour.md §7, §20), sometimes fractional.
    mutating func number(typical: ClosedRange<Double>) -> Double {
        switch int(0 ... 19) {
        case 0: return value([0, -0.5, 1e9, -1e9, 1e-9, 100_000, 0.001], invalid: [1e9 + 1, 9_007_199_254_740_991, 1e300, -1e300])
        case 1: return Double(int(-3 ... 3)) * 0.1
        case 2...4: return (Double.random(in: typical, using: &generator) * 1000).rounded() / 1000
        default: return Double.random(in: typical, using: &generator).rounded()
        }
    }

    /// A string for a label or a text node: plain words, or the scripts, marks, flags and
    /// code points that once crashed the text pipeline.
    mutating func text() -> String {
        let pieces = ["OK", "Play", "Supercalifragilisticexpialidocious", " ", "🇺🇸", "🇫🇷🇩🇪", "\u{1F1E6}", "\u{FFFF}",
                      "\u{FFFE}", "\u{10FFFF}", "مرحبا", "שלום", "我能吞下玻璃", "e\u{301}", "\u{0300}", "\u{202E}",
                      "\u{200F}", "\n", "\r\n", "\u{2028}", "\t", "👩‍👩‍👧", "{i}", "\"", "\\", "\u{1}", "ꦲꦤꦕꦫ", "ภาษาไทย"]
        var s = ""
        for _ in 0 ..< int(1 ... 6) { s += pick(pieces) }
        if chance(0.03) { s = String(repeating: s, count: int(50 ... 400)) }
        return s
    }
}
