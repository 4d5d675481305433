import Testing
@testable import JSONOutput

@Suite struct JSONWritingTests {
    /// What `coordinate` must equal: the rounded value as the standard library prints it.
    private func reference(_ n: Double) -> String {
        let rounded = (n * JSONWriting.coordinateScale).rounded() / JSONWriting.coordinateScale
        return String(rounded == 0 ? 0 : rounded)
    }

    @Test func coordinatesPrintLikeTheStandardLibraryAfterRounding() {
        let samples: [Double] = [0, -0.0, 0.0004, 0.0005, -0.0005, 0.001, 0.1 + 0.2, 12, -12, 12.5, 12.05, 12.005,
                                 1.0 / 3, -2.0 / 3, 255.99609375, 999_999_999.999, 1e9, 123_456_789_012.345,
                                 1e12, -1e15, 1e16, 3.5e20]
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
        #expect(JSONWriting.integral(1e20) == "1e+20")
        #expect(JSONWriting.integral(.infinity) == "null")
        #expect(JSONWriting.integral(.nan) == "null")
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
