import Testing
@testable import Render

@Suite struct RoundingTests {
    /// What painting rounded with before: the standard library's rounding, then a clamp.
    private func reference(_ v: Double) -> Int {
        let rounded = v.rounded(.toNearestOrAwayFromZero)
        if rounded.isNaN { return 0 }
        return Int(min(max(rounded, -1_000_000_000), 1_000_000_000))
    }

    @Test func roundsHalvesAwayFromZeroLikeTheStandardLibrary() {
        let samples: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
                                 1e9, -1e9, 1e9 + 0.5, 999_999_999.5, -999_999_999.5, 1e300, -1e300,
                                 .infinity, -.infinity, .nan, .ulpOfOne, 4503599627370495.5]
        for v in samples { #expect(roundedInteger(v) == reference(v), "\(v)") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 50_000 {
            let magnitude = [1.0, 300, 5_000, 2e9][Int.random(in: 0 ..< 4, using: &generator)]
            let v = Double.random(in: -magnitude ... magnitude, using: &generator)
            #expect(roundedInteger(v) == reference(v), "\(v)")
            // Halves and their neighbours, where the two ways of rounding could part.
            let half = (v * 2).rounded(.down) / 2
            for w in [half, half.nextUp, half.nextDown] { #expect(roundedInteger(w) == reference(w), "\(w)") }
        }
    }
}
