import Testing
@testable import JSONOutput

@Suite struct JSONWritingTests {
    /// What `coordinate` must equal: the rounded value as the standard library prints it;
    /// from 10¹⁵ on, where that would be `1e+16`, the digits of the whole number (§20.4).
    private func reference(_ n: Double) -> String {
        if abs(n) >= 1e15 { return n < 0 ? "-" + String(UInt64(-n)) : String(UInt64(n)) }
        let rounded = (n * JSONWriting.coordinateScale).rounded() / JSONWriting.coordinateScale
        return String(rounded == 0 ? 0 : rounded)
    }

    @Test func coordinatesPrintLikeTheStandardLibraryAfterRounding() {
        let samples: [Double] = [0, -0.0, 0.0004, 0.0005, -0.0005, 0.001, 0.1 + 0.2, 12, -12, 12.5, 12.05, 12.005,
                                 1.0 / 3, -2.0 / 3, 255.99609375, 999_999_999.999, 1e9, 123_456_789_012.345,
                                 1e12, -1e15, 1e16, 3.5e18]
        for n in samples {
            #expect(JSONWriting.coordinate(n) == reference(n), "\(n)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 20_000 {
            let magnitude = [1.0, 100, 10_000, 1e7, 1e10][Int.random(in: 0 ..< 5, using: &generator)]
            let n = Double.random(in: -magnitude ... magnitude, using: &generator)
            #expect(JSONWriting.coordinate(n) == reference(n), "\(n)")
        }
    }

    @Test func wlFixedCoordinatesPrintLikeTheStandardLibrary() {
        // Surface coordinates arrive as 24.8 fixed point: every 1/256 step up to 4096.
        for raw in stride(from: -4096 * 256, through: 4096 * 256, by: 37) {
            let n = Double(raw) / 256
            #expect(JSONWriting.coordinate(n) == reference(n), "\(n)")
        }
    }

    @Test func integralNumbersHaveNoFractionAndOthersPrintShortest() {
        #expect(JSONWriting.integral(30) == "30")
        #expect(JSONWriting.integral(-7) == "-7")
        #expect(JSONWriting.integral(1.5) == "1.5")
        #expect(JSONWriting.integral(1e15) == "1000000000000000")
        #expect(JSONWriting.integral(1e20) == "100000000000000000000")
        #expect(JSONWriting.integral(.infinity) == "null")
        #expect(JSONWriting.integral(.nan) == "null")
    }

    @Test func hugeNumbersArePlainDecimalsNeverExponents() {
        #expect(JSONWriting.integral(9_007_199_254_740_993) == "9007199254740992")
        #expect(JSONWriting.coordinate(-1e300) == "-1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160")
        #expect(JSONWriting.coordinate(1.5e15) == "1500000000000000")
        #expect(JSONWriting.coordinate(Double.greatestFiniteMagnitude).count == 309)
        for n in [1e15, 2e16, 1e18, 9.3e18, 1e19, 1e300, -4.5e17] {
            let text = JSONWriting.coordinate(n)
            #expect(!text.contains("e") && Double(text) == n, "\(text)")
        }
    }

    @Test func integersPrintInDecimal() {
        for n in [0, 9, 10, -1, 1234567890, Int.max, Int.min] {
            var bytes: [UInt8] = []
            JSONWriting.appendInteger(n, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
        }
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        #expect(JSONWriting.quote("play") == #""play""#)
        #expect(JSONWriting.quote("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONWriting.quote("l1\nl2\r\t") == #""l1\nl2\r\t""#)
        #expect(JSONWriting.quote("\u{1}\u{1F}") == #""\u0001\u001f""#)
        #expect(JSONWriting.quote("Grüße ✓") == "\"Grüße ✓\"")
    }
}
