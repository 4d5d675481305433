import Testing
@testable import BenchmarkSupport

@Suite struct PerformanceReportTests {
    /// What `tools/benchmarks --report` logs for three commands: free-form output between the lines.
    private let log = """
        BENCHMARK-RUN\t3.10\t.build/release/SessionBenchmarks --taps 40
        Input-to-commit latency: injected touch down → the client's commit of the next frame
        BENCHMARK-RESULT\tTap to commit\ttouchstone run, median\t412.4\tµs\tweston-simple-touch 300 µs\t1.375\t<=1.3
        BENCHMARK-RESULT\tStart to first frame\tpresented, median\t30000\tµs\tweston-simple-shm 25 ms\t1.2\t<=1.6
        BENCHMARK-EXIT\t0
        BENCHMARK-RUN\t2.50\t.build/release/SessionBenchmarks --nodes 100000 --flat
        BENCHMARK-RESULT\tTap to commit\t100000 nodes flat, median\t0.5\tms\t\t\t
        BENCHMARK-EXIT\t0
        BENCHMARK-RUN\t1.00\t.build/release/AuditBenchmarks
        Fatal error: no touchstone
        BENCHMARK-EXIT\t134
        """
    private let provenance = ReportProvenance(quick: true, date: "2026-11-28 12:00 UTC", commit: "abc1234", minutes: 4)

    @Test func theLogGivesEachRunItsLoadResultsAndExitStatus() throws {
        let runs = try ReportLog.runs(in: log, file: "log")
        #expect(runs.map(\.command) == [".build/release/SessionBenchmarks --taps 40",
                                        ".build/release/SessionBenchmarks --nodes 100000 --flat", ".build/release/AuditBenchmarks"])
        #expect(runs.map(\.load) == ["3.10", "2.50", "1.00"])
        #expect(runs.map(\.results.count) == [2, 1, 0])
        #expect(runs.map(\.exitStatus) == [0, 0, 134])
        #expect(runs[0].results[0].ratio == 1.375)
    }

    @Test func aBadLogLineIsReportedWithItsFileAndLine() {
        #expect(throws: ReportError("log:2: BENCHMARK-RESULT: value 'x' is not a number")) {
            try ReportLog.runs(in: "BENCHMARK-RUN\t1\tcmd\nBENCHMARK-RESULT\tt\tf\tx\tms\t\t\t", file: "log")
        }
        #expect(throws: ReportError("log:1: BENCHMARK-RESULT: comes before any BENCHMARK-RUN line")) {
            try ReportLog.runs(in: "BENCHMARK-RESULT\tt\tf\t1\tms\t\t\t", file: "log")
        }
        #expect(throws: ReportError("log:1: BENCHMARK-RUN: expected a load and a command")) {
            try ReportLog.runs(in: "BENCHMARK-RUN\t1", file: "log")
        }
    }

    @Test func eachTableGathersItsRowsFromEveryRunWithThatRunsLoadAndCommand() throws {
        let text = PerformanceReport.markdown(try ReportLog.runs(in: log, file: "log"), provenance: provenance)
        let tap = try #require(text.range(of: "### Tap to commit\n"))
        let start = try #require(text.range(of: "### Start to first frame\n"))
        #expect(tap.upperBound < start.lowerBound)
        #expect(text.contains("""
            | figure | value | baseline | ratio | target | met? | load | command |
            | --- | --- | --- | --- | --- | --- | --- | --- |
            | touchstone run, median | 412 µs | weston-simple-touch 300 µs | 1.38× | ≤ 1.3× | **no** | 3.10 | `.build/release/SessionBenchmarks --taps 40` |
            | 100000 nodes flat, median | 0.5 ms |  |  |  |  | 2.50 | `.build/release/SessionBenchmarks --nodes 100000 --flat` |

            ### Start to first frame
            """))
        #expect(text.contains("| presented, median | 30000 µs | weston-simple-shm 25 ms | 1.20× | ≤ 1.6× | yes | 3.10 |"))
    }

    @Test func theRegionSaysWhichModeProducedItAndWhichCommandsGaveNoFigures() throws {
        let runs = try ReportLog.runs(in: log, file: "log")
        let quick = PerformanceReport.markdown(runs, provenance: provenance)
        #expect(quick.hasPrefix("Written by a **quick** run (`tools/benchmarks --report --quick`"))
        #expect(quick.contains("on 2026-11-28 12:00 UTC at commit `abc1234`, in 4 min at load average 1.00–3.10."))
        #expect(quick.hasSuffix("Commands without figures:\n\n- `.build/release/AuditBenchmarks` exited with status 134\n"))
        var full = provenance
        full.quick = false
        #expect(PerformanceReport.markdown(runs, provenance: full).hasPrefix("Written by a full run (`tools/benchmarks --report`)"))
    }

    @Test func onlyTheTextBetweenTheMarkersIsReplaced() throws {
        let document = "# Performance\n\nprose\n\(PerformanceReport.beginMarker)\nold table\n\(PerformanceReport.endMarker)\n\n## Scrolling\n"
        let updated = try PerformanceReport.replacingRegion(of: document, file: "perf.md", with: "new table\n")
        #expect(updated == "# Performance\n\nprose\n\(PerformanceReport.beginMarker)\nnew table\n\n\(PerformanceReport.endMarker)\n\n## Scrolling\n")
        #expect(try PerformanceReport.replacingRegion(of: updated, file: "perf.md", with: "new table\n") == updated)
    }

    @Test func aDocumentWithoutBothMarkersIsAnError() {
        #expect(throws: ReportError("perf.md:1: region: no line \(PerformanceReport.beginMarker)")) {
            try PerformanceReport.replacingRegion(of: "# Performance\n", file: "perf.md", with: "")
        }
        #expect(throws: ReportError("perf.md:3: region: no \(PerformanceReport.endMarker) after the begin marker")) {
            try PerformanceReport.replacingRegion(of: "# P\n\n\(PerformanceReport.beginMarker)\n", file: "perf.md", with: "")
        }
    }

    @Test func figuresKeepAboutThreeSignificantDigitsWithoutAnExponent() {
        #expect([123_456, 412.4, 41.26, 4.126, 0.4126, 0.04126].map(PerformanceReport.figure)
                == ["123456", "412", "41.3", "4.13", "0.413", "0.0413"])
    }
}
