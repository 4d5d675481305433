import SeededRandom
import Testing
@testable import SceneFormat

/// The parser converts plain decimals (digits together at most 2^53, at most 22 decimals)
/// with one exact division; it must give the correctly rounded double, bit for bit what
/// the standard library's conversion gives, on both sides of every limit.
@Suite struct JSONNumberTests {
    @Test func plainDecimalsConvertAsTheGeneralConversionDoes() throws {
        var random = SplitMix64(seed: 0x0DEC_1A1)
        let edges = ["9007199254740992", "9007199254740993", "9007199254740991.5", "900719925474099.3", "0.1", "-0",
                     "1234567890123456", "123456789012345.67", "0.0000000000000000000001", "0.00000000000000000000001",
                     "17.939999999999998", "-2.2250738585072014"]
        var texts = edges
        for _ in 0 ..< 20_000 {
            let digits = Int(random.next() % 18) + 1
            var text = random.next() % 4 == 0 ? "-" : ""
            // Digits before the point; all of them when it is 0 or `digits` (no point).
            var whole = Int(random.next() % UInt64(digits + 1))
            if whole == 0 { whole = digits }
            for k in 0 ..< digits {
                if k == whole { text += "." }
                let digit = k == 0 && whole > 1 ? random.next() % 9 + 1 : random.next() % 10
                text += String(digit)
            }
            texts.append(text)
        }
        for text in texts {
            let parsed = try JSONParser.parse(Array(text.utf8))
            guard case .number(let value) = parsed.value else { Issue.record("\(text) is no number"); continue }
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }
}
