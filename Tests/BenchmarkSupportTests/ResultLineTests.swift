import Testing
@testable import BenchmarkSupport

@Suite struct ResultLineTests {
    private let tap = BenchmarkResult(table: "Tap to commit", figure: "touchstone run, median", value: 412.4, unit: "µs",
                                      baseline: "weston-simple-touch 300 µs", ratio: 1.375, target: .atMost(1.3))

    @Test func aResultLineIsThePrefixAndSevenTabSeparatedFields() {
        #expect(tap.line == "BENCHMARK-RESULT\tTap to commit\ttouchstone run, median\t412.4\tµs\tweston-simple-touch 300 µs\t1.375\t<=1.3")
        let bare = BenchmarkResult(table: "Audit", figure: "10000 controls", value: 80, unit: "ms")
        #expect(bare.line == "BENCHMARK-RESULT\tAudit\t10000 controls\t80.0\tms\t\t\t")
    }

    @Test func aResultLineReadsBackAsTheSameResult() throws {
        #expect(try BenchmarkResult.parse(Substring(tap.line))?.get() == tap)
        let atLeast = BenchmarkResult(table: "Replay", figure: "slowest", value: 1.7, unit: "M events/s", target: .atLeast(1))
        #expect(try BenchmarkResult.parse(Substring(atLeast.line))?.get() == atLeast)
    }

    @Test func tabsAndLineBreaksInANameBecomeSpaces() throws {
        let result = BenchmarkResult(table: "a\tb", figure: "c\nd", value: 1, unit: "ms")
        let read = try #require(try BenchmarkResult.parse(Substring(result.line))?.get())
        #expect(read.table == "a b")
        #expect(read.figure == "c d")
    }

    @Test func otherOutputIsNotAResultLine() {
        #expect(BenchmarkResult.parse("  median 412 µs") == nil)
        #expect(BenchmarkResult.parse("BENCHMARK-RESULTS\ta") == nil)
    }

    @Test func aMalformedResultLineSaysWhatIsWrong() {
        #expect(BenchmarkResult.parse("BENCHMARK-RESULT\tt\tf\t1\tms") == .failure(ResultLineError("expected 7 tab-separated fields after BENCHMARK-RESULT, found 4")))
        #expect(BenchmarkResult.parse("BENCHMARK-RESULT\tt\tf\tfast\tms\t\t\t") == .failure(ResultLineError("value 'fast' is not a number")))
        #expect(BenchmarkResult.parse("BENCHMARK-RESULT\tt\tf\t1\tms\t\tx\t") == .failure(ResultLineError("ratio 'x' is not a number")))
        #expect(BenchmarkResult.parse("BENCHMARK-RESULT\tt\tf\t1\tms\t\t\t<1.3") == .failure(ResultLineError("target '<1.3' is not <=NUMBER or >=NUMBER")))
    }

    @Test func theTargetBoundsTheRatioWhenThereIsOneElseTheValue() {
        #expect(tap.isMet == false)
        #expect(BenchmarkResult(table: "t", figure: "f", value: 9, unit: "ms", ratio: 1.2, target: .atMost(1.3)).isMet == true)
        #expect(BenchmarkResult(table: "t", figure: "f", value: 0.8, unit: "%", target: .atMost(1)).isMet == true)
        #expect(BenchmarkResult(table: "t", figure: "f", value: 0.9, unit: "M events/s", target: .atLeast(1)).isMet == false)
        #expect(BenchmarkResult(table: "t", figure: "f", value: 1, unit: "ms").isMet == nil)
    }
}
