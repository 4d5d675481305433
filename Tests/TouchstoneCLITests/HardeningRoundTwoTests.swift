import Foundation
import FuzzSupport
import Testing

/// Issue 31: the defect classes a fuzzer found, each pinned by a minimized input.
@Suite struct HardeningRoundTwoTests {
    static let corpus = "tools/Fuzz/corpus"

    private func scene(_ children: String, width: Int = 200, height: Int = 100) -> String {
        #"{"size":[\#(width),\#(height)],"root":{"name":"root","frame":[0,0,\#(width),\#(height)],"children":[\#(children)]}}"#
    }

    @Test func aFlagOrANoncharacterInTextRendersReplaysAndAudits() throws {
        let folder = try ScratchFolder()
        for name in ["flag-in-text", "noncharacter-label"] {
            let scene = "\(Self.corpus)/\(name).json", input = "\(Self.corpus)/\(name).input.jsonl"
            #expect(try CLIRun(["render", scene, "--png", folder.file("r.png")]).status == 0)
            #expect(try CLIRun(["replay", scene, input, "--png", folder.file("p.png")]).status == 0)
            #expect(try CLIRun(["audit", scene]).status != 2)
        }
    }

    @Test func aTouchHeldForItsFrameNeverTakesTheLogBackInTime() throws {
        let run = try CLIRun(["replay", "\(Self.corpus)/touch-held-past-fetch.json", "\(Self.corpus)/touch-held-past-fetch.input.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("batchFetchCompleted"))
        #expect(FuzzChecks.logProblems(Array(run.stdout.utf8)).isEmpty, "\(run.stdout)")
    }

    @Test func logNumbersArePlainDecimalsWhateverTheirSize() throws {
        let run = try CLIRun(["replay", "\(Self.corpus)/exponent-coordinates.json", "\(Self.corpus)/exponent-coordinates.input.jsonl"])
        #expect(run.status == 0)
        // The fetch begun at 2⁵³ − 991 ms completes an hour later, past 2⁵³: still digits.
        #expect(run.stdout.contains(#"{"t":9007199258340000,"node":"list","event":"batchFetchCompleted","rows":110}"#))
        #expect(!run.stdout.isEmpty && FuzzChecks.logProblems(Array(run.stdout.utf8)).isEmpty, "\(run.stdout)")
    }

    @Test func aFetchThatCouldSpinIsOneFileLineErrorInEveryCommand() throws {
        let scene = "\(Self.corpus)/list-fetch-at-once.json"
        let runs = [try CLIRun(["replay", scene, "\(Self.corpus)/list-fetch-at-once.input.jsonl"]),
                    try CLIRun(["render", scene, "--png", "/dev/null"]), try CLIRun(["audit", scene]),
                    try CLIRun(["run", scene], environment: ["PATH": "/usr/bin:/bin"])]
        for run in runs {
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("touchstone: error: \(scene):2: root.children[0].leadingScreens: "), "\(run.stderr)")
        }
    }

    @Test func theListsOfARowTemplateShareOneFetchBudget() throws {
        let folder = try ScratchFolder()
        // Every row holds a list that alone would fetch about 4,000 times (1 pt rows, 100 screens ahead).
        let inner = #"{"name":"in-{i}","kind":"list","frame":[0,0,200,40],"horizontal":true,"leadingScreens":100,"#
            + #""rows":{"count":0,"extent":1,"template":{"name":"c-{i}","frame":[0,0,1,40]}},"#
            + #""fetch":{"batch":1,"delay":1,"total":10000}}"#
        let path = try folder.write("nested.json", scene(#"{"name":"outer","kind":"list","frame":[0,0,200,100],"#
            + #""rows":{"count":30,"extent":40,"template":\#(inner)}}"#))
        let input = try folder.write("in.jsonl", #"{"t":100000,"type":"touch.frame"}"# + "\n")
        let run = try CLIRun(["replay", path, input])
        #expect(run.status == 0, "\(run.stderr)")
        let completed = run.stdout.split(separator: "\n").filter { $0.contains("batchFetchCompleted") }.count
        #expect(completed == 10_000)
    }

    @Test func badScalesAndMissingValuesAreOneErrorLine() throws {
        let cases: [[String]] = [["render", "examples/overlap/scene.json", "--png", "/dev/null", "--scale", "1e17"],
                                 ["render", "examples/overlap/scene.json", "--png", "/dev/null", "--scale", "5"],
                                 ["render", "examples/overlap/scene.json", "--png", "/dev/null", "--scale", "9223372036854775807/2"],
                                 ["render", "examples/overlap/scene.json", "--png"],
                                 ["replay", "examples/overlap/scene.json"]]
        for arguments in cases {
            let run = try CLIRun(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix("touchstone: error: ") && run.stderr.split(separator: "\n").count == 1,
                    "\(arguments): \(run.stderr)")
        }
        #expect(try CLIRun(["render", "examples/overlap/scene.json", "--png", "/dev/null", "--scale", "5"]).stderr
                == "touchstone: error: --scale must be 0.25...4, got 5\n")
    }

    @Test func touchTestRefusesToWriteOverItsRecording() throws {
        let folder = try ScratchFolder()
        let input = try folder.write("in.jsonl", #"{"t":0,"type":"touch.down","id":1,"x":5,"y":5}"# + "\n")
        for flag in ["--report", "--png"] {
            let run = try CLIRun(["touch-test", "--replay", input, flag, input])
            #expect(run.status == 2)
            #expect(run.stderr.contains("is the same file as the --replay"))
            #expect(try String(contentsOfFile: input, encoding: .utf8).hasPrefix("{\"t\":0"))
        }
    }

    @Test func aTouchTestReportOntoAFullDiskKeepsTheOldReport() throws {
        let folder = try ScratchFolder()
        let input = try folder.write("in.jsonl", #"{"t":0,"type":"touch.down","id":1,"x":5,"y":5}"# + "\n")
        let old = try folder.write("report.json", "the old report")
        // A 1-block file-size limit makes the write fail with EFBIG, as a full disk would.
        let run = try ShellRun(["touch-test", "--replay", input, "--report", old], setup: "trap '' XFSZ; ulimit -f 1;")
        #expect(run.status == 1)
        #expect(run.stderr.contains("File too large"))
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "the old report")
        #expect(folder.contents == ["in.jsonl", "report.json"])
    }

    @Test func theEventsFileIsNotReplacedWhenThePNGFails() throws {
        let folder = try ScratchFolder()
        let events = try folder.write("events.jsonl", "old log\n")
        let run = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--events", events,
                              "--png", folder.file("missing/out.png")])
        #expect(run.status == 1)
        #expect(try String(contentsOfFile: events, encoding: .utf8) == "old log\n")
        #expect(folder.contents == ["events.jsonl"])
    }

    @Test func eventsIntoAFIFOWithNoReaderFailAtOnce() throws {
        let folder = try ScratchFolder()
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--events", fifo])
        #expect(run.status == 1)
        #expect(run.stderr == "touchstone: error: \(fifo): cannot open: no process is reading this FIFO\n")
    }

    @Test func aNonBlockingStandardOutputWithASlowReaderGetsTheWholeLog() throws {
        let folder = try ScratchFolder()
        var script = ""
        for i in 0 ..< 3000 {
            script += #"{"t":\#(i * 100),"type":"touch.down","id":\#(i),"x":60,"y":60}"# + "\n"
            script += #"{"t":\#(i * 100 + 50),"type":"touch.up","id":\#(i)}"# + "\n"
        }
        let input = try folder.write("taps.jsonl", script)
        let expected = try CLIRun(["replay", "examples/overlap/scene.json", input]).stdout
        #expect(expected.utf8.count > 200_000)
        let pipe = Pipe()
        let writeEnd = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = CLIRun.executable
        process.arguments = ["replay", "examples/overlap/scene.json", input]
        process.currentDirectoryURL = CLIRun.packageRoot
        process.standardOutput = pipe
        try process.run()
        try pipe.fileHandleForWriting.close()
        // Nothing is read until the child has filled the pipe and met EAGAIN; then all of it.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }

    @Test func aLabelABillionPointsTallRendersQuickly() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("tall.json", scene(#"{"name":"tall","kind":"button","frame":[0,-500000000,200,1000000000],"label":"Tall"},{"name":"t","kind":"text","frame":[0,0,100,1000000000],"text":"A long text that wraps"}"#))
        let start = Date()
        let run = try CLIRun(["render", path, "--png", folder.file("out.png")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func anEmptyGridOfOnePointCellsListsABoundedNumberOfCells() throws {
        let folder = try ScratchFolder()
        let input = try folder.write("none.jsonl", "")
        let run = try CLIRun(["touch-test", "--replay", input, "--size", "4096x4096", "--cell", "1", "--report", folder.file("r.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try String(contentsOfFile: folder.file("r.json"), encoding: .utf8)
        #expect(report.utf8.count < 200_000)
        #expect(report.contains("\"untouchedCellsNotListed\":16767216"))
    }

    @Test func aSignalDuringRenderLeavesNoTemporaryFile() throws {
        let folder = try ScratchFolder()
        let big = try folder.write("big.json", scene("", width: 16384, height: 4096))
        let process = Process()
        process.executableURL = CLIRun.executable
        process.arguments = ["render", big, "--png", folder.file("out.png"), "--scale", "1"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the temporary file to exist (the command is writing), then end it.
        let deadline = Date().addingTimeInterval(30)
        while !folder.contents.contains(where: { $0.hasSuffix(".tmp") }), process.isRunning, Date() < deadline {
            usleep(1000)
        }
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 0)
        #expect(!folder.contents.contains { $0.hasSuffix(".tmp") }, "\(folder.contents)")
    }
}
