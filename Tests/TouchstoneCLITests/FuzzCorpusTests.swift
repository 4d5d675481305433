import Foundation
import FuzzSupport
import Testing

/// Every case the fuzzer ever found (tools/Fuzz/corpus: `NAME.json` with `NAME.input.jsonl`)
/// stays fixed: replay, render and audit keep every rule of `FuzzChecks` on it.
@Suite struct FuzzCorpusTests {
    static let corpus = CLIRun.packageRoot.appendingPathComponent("tools/Fuzz/corpus").path

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
    }

    @Test func theCorpusHoldsCases() {
        #expect(Self.cases.count >= 5)
    }

    @Test(arguments: cases)
    func corpusCaseKeepsEveryRule(name: String) throws {
        let folder = try ScratchFolder()
        // CPU time: a suite that runs beside many others must not call a slow turn a hang.
        let problems = FuzzChecks.check(binary: CLIRun.executable.path, scene: "\(Self.corpus)/\(name).json",
                                        script: "\(Self.corpus)/\(name).input.jsonl", folder: folder.path, clock: .cpu)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func generatedCasesAreTheSameForTheSameSeed() {
        #expect(FuzzCase(seed: 42).scene == FuzzCase(seed: 42).scene)
        #expect(FuzzCase(seed: 42).script == FuzzCase(seed: 42).script)
        #expect(FuzzCase(seed: 42).scene != FuzzCase(seed: 43).scene)
    }

    @Test func aDecreasingTimeAndAnExponentAreLogProblems() {
        let log = #"{"t":5,"node":"a","event":"touchDown","touch":1,"x":1.0,"y":2.0}"# + "\n"
            + #"{"t":4,"node":"a","event":"touchUpInside","touch":1,"x":1e+300,"y":2.0}"# + "\n"
        let problems = FuzzChecks.logProblems(Array(log.utf8))
        #expect(problems.count == 2)
        #expect(FuzzChecks.logProblems(Array(log.split(separator: "\n")[0].utf8)).isEmpty)
    }

    @Test func anErrorMustNameTheFileAndLine() {
        #expect(FuzzChecks.isClearError("touchstone: error: s.json:3: root.frame: bad\n", inputs: ["s.json"]))
        #expect(!FuzzChecks.isClearError("touchstone: error: bad\n", inputs: ["s.json"]))
        #expect(!FuzzChecks.isClearError("touchstone: error: s.json:3: x\nUsage: touchstone\n", inputs: ["s.json"]))
    }
}
