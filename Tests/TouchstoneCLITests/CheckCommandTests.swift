import Foundation
import Render
import Testing

/// `touchstone check` over case folders (behaviour.md §19).
@Suite struct CheckCommandTests {
    /// A copy of example `name` as the case folder `folder/name`.
    func copyCase(_ name: String, into folder: ScratchFolder) throws -> String {
        let path = folder.file(name)
        try FileManager.default.copyItem(atPath: CLIRun.packageRoot.path + "/examples/\(name)", toPath: path)
        return path
    }

    @Test func passingCasePrintsOkAndExitsZero() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("padded-button", into: folder)
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == "ok   \(path)\n1 case: 1 passed, 0 failed\n")
    }

    @Test func repositoryExamplesAllPass() throws {
        let run = try CLIRun(["check", "examples"])
        #expect(run.status == 0)
        let count = ReplayCommandTests.examples.count
        #expect(run.stdout.hasSuffix("\(count) cases: \(count) passed, 0 failed\n"))
    }

    @Test func differingLogFailsWithOneLineAndAUnifiedDiff() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("padded-button", into: folder)
        let events = path + "/events.jsonl"
        let original = try String(contentsOfFile: events, encoding: .utf8)
        var lines = original.split(separator: "\n").map(String.init)
        let changed = lines[1]
        lines[1] = changed.replacingOccurrences(of: "\"t\":", with: "\"t\":1")
        try (lines.joined(separator: "\n") + "\n").write(toFile: events, atomically: false, encoding: .utf8)
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.status == 1)
        let output = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(output[0] == "FAIL \(path): events.jsonl differs (2 lines removed or added)")
        #expect(output[1] == "--- \(events)")
        #expect(output[2] == "+++ \(events) (this run)")
        #expect(output[3].hasPrefix("@@ -1,"))
        #expect(output.contains("-" + lines[1]))
        #expect(output.contains("+" + changed))
        #expect(output.contains(" " + lines[0]))
        #expect(run.stdout.hasSuffix("1 case: 0 passed, 1 failed\n"))
    }

    /// A case with a final.png expectation written by `--update`, then `count` pixels of it repainted green.
    func caseWithAlteredPNG(_ folder: ScratchFolder, changing count: Int, budget: Int) throws -> (String, [(Int, Int)]) {
        let path = try copyCase("slider-toggle", into: folder)
        try #"{"scale": 1}"#.write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        let update = try CLIRun(["check", path, "--update", "-j", "1"])
        #expect(update.status == 0)
        #expect(update.stdout.hasPrefix("ok   \(path) (updated final.png)\n"))
        let png = try Canvas.readPNG(from: path + "/final.png")
        let points = (0..<count).map { (5 + $0, 7) }
        for (x, y) in points { png.setPixel(x: x, y: y, to: 0xFF00_FF00) }
        try png.writePNG(to: path + "/final.png")
        try "{\"scale\": 1, \"tolerance\": 2, \"maxDifferingPixels\": \(budget)}".write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        return (path, points)
    }

    @Test func pngBeyondItsBudgetFailsAndWritesAMagentaDiffImage() throws {
        let folder = try ScratchFolder()
        let (path, points) = try caseWithAlteredPNG(folder, changing: 20, budget: 10)
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("FAIL \(path): final.png: 20 pixels differ by more than 2 (at most 10 allowed; see final.diff.png)\n"))
        let diff = try Canvas.readPNG(from: path + "/final.diff.png")
        for (x, y) in points { #expect(diff.pixel(x: x, y: y) == 0xFFFF_00FF) }
        // Elsewhere a faded copy: opaque, and not magenta.
        #expect(diff.pixel(x: 100, y: 100) != 0xFFFF_00FF)
        #expect(diff.pixel(x: 100, y: 100) >> 24 == 0xFF)
    }

    @Test func pngWithinItsBudgetPassesAndLeavesNoDiffImage() throws {
        let folder = try ScratchFolder()
        let (path, _) = try caseWithAlteredPNG(folder, changing: 20, budget: 20)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + "/final.diff.png"))
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "/final.diff.png"))
    }

    @Test func updateRewritesTheExpectationsThenTheCasePasses() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("overlap", into: folder)
        let expected = try String(contentsOfFile: path + "/events.jsonl", encoding: .utf8)
        try "{\"t\":0}\n".write(toFile: path + "/events.jsonl", atomically: false, encoding: .utf8)
        try #"{"audit": {"minSize": 44, "findings": 0}}"#.write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        let failing = try CLIRun(["check", path, "-j", "1"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("; audit: "))
        #expect(failing.stdout.contains("at 320x240 (minimum 44 pt), expected 0"))
        let update = try CLIRun(["check", path, "--update", "-j", "1"])
        #expect(update.status == 0)
        #expect(update.stdout.hasPrefix("ok   \(path) (updated events.jsonl, check.json)\n"))
        #expect(try String(contentsOfFile: path + "/events.jsonl", encoding: .utf8) == expected)
        let config = try String(contentsOfFile: path + "/check.json", encoding: .utf8)
        #expect(config.hasPrefix(#"{"audit": {"minSize": 44, "findings": "#) && !config.contains(#""findings": 0}"#))
        #expect(try CLIRun(["check", path, "-j", "1"]).status == 0)
    }

    @Test func auditAtSeveralSizesCountsEachFindingOnceAndUpdateWritesTheCount() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("product-grid", into: folder)
        _ = try copyCase("images", into: folder)
        try #"{"audit": {"minSize": 44, "sizes": ["340x420", "320x568", "300x568"], "findings": 0}}"#
            .write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        let failing = try CLIRun(["check", path, "-j", "1"])
        #expect(failing.status == 1)
        // cup and lamp lose their right slop at both narrow sizes: two findings, not four.
        #expect(failing.stdout == """
            FAIL \(path): audit: 2 findings at 340x420, 320x568, 300x568 (minimum 44 pt), expected 0
            Tappable-area audit at 3 sizes (340×420, 320×568, 300×568): 4 controls, minimum 44 pt
            CONTROL  KIND     SIZES             FINDING
            cup      control  320×568, 300×568  slop cut on right by root
            lamp     control  320×568, 300×568  slop cut on right by root
            2 findings in 2 of 4 controls, at 2 of 3 sizes
            1 case: 0 passed, 1 failed

            """)
        let update = try CLIRun(["check", path, "--update", "-j", "1"])
        #expect(update.stdout.hasPrefix("ok   \(path) (updated check.json)\n"))
        #expect(try String(contentsOfFile: path + "/check.json", encoding: .utf8)
                == #"{"audit": {"minSize": 44, "sizes": ["340x420", "320x568", "300x568"], "findings": 2}}"# + "\n")
        #expect(try CLIRun(["check", path, "-j", "1"]).status == 0)
    }

    @Test func auditSizeBelowTheScenesMinSizeIsAnError() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("checkout", into: folder)
        try "{\"audit\": {\"findings\": 0, \"sizes\": [\n  \"1280x800\",\n  \"320x568\"]}}"
            .write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("FAIL \(path): \(path)/check.json:3: audit.sizes: 320x568 is smaller than the scene's minSize "
                                     + "640x640 (\(path)/scene.json); no window of it gets that small\n"))
        // At the sizes it allows, one finding: at its minSize the coupon button is unreachable.
        try #"{"audit": {"findings": 1, "sizes": ["1280x800", "800x1280", "640x640"]}}"#
            .write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        #expect(try CLIRun(["check", path, "-j", "1"]).status == 0)
    }

    @Test func junitReportParsesWithTheRightCounts() throws {
        let folder = try ScratchFolder()
        let good = try copyCase("padded-button", into: folder)
        let bad = try copyCase("overlap", into: folder)
        try "".write(toFile: bad + "/events.jsonl", atomically: false, encoding: .utf8)
        let broken = folder.file("broken")
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try "{".write(toFile: broken + "/scene.json", atomically: false, encoding: .utf8)
        let run = try CLIRun(["check", good, bad, broken, "--junit", folder.file("report.xml"), "-j", "2"])
        #expect(run.status == 1)
        let script = """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        suite = root.find('testsuite')
        cases = suite.findall('testcase')
        print(root.tag, suite.get('tests'), suite.get('failures'), suite.get('errors'), len(cases),
              len([c for c in cases if c.find('failure') is not None]), len([c for c in cases if c.find('error') is not None]))
        """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, folder.file("report.xml")]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(text == "testsuites 3 1 1 3 1 1\n")
    }

    @Test func twoJobsGiveTheSameResultsAsOne() throws {
        let folder = try ScratchFolder()
        for name in ["padded-button", "overlap", "slider-toggle", "chat", "scroll-list"] { _ = try copyCase(name, into: folder) }
        try "{\"t\":0}\n".write(toFile: folder.file("chat/events.jsonl"), atomically: false, encoding: .utf8)
        let one = try CLIRun(["check", folder.path, "-j", "1", "--junit", folder.file("one.xml")])
        let two = try CLIRun(["check", folder.path, "-j", "2", "--junit", folder.file("two.xml")])
        #expect(one.status == 1)
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        #expect(one.stdout.contains("FAIL \(folder.file("chat")): events.jsonl differs"))
        func withoutTimes(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
        }
        #expect(try withoutTimes(folder.file("one.xml")) == withoutTimes(folder.file("two.xml")))
    }

    @Test func brokenCaseFilesFailWithTheirOwnMessage() throws {
        let folder = try ScratchFolder()
        let path = try copyCase("padded-button", into: folder)
        try #"{"scale": 5, "audit": {"findings": 0, "sizes": ["9x"]}}"#.write(toFile: path + "/check.json", atomically: false, encoding: .utf8)
        let run = try CLIRun(["check", path, "-j", "1"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("FAIL \(path): \(path)/check.json:1: scale: 5 is out of range 1...4\n"))
        try FileManager.default.removeItem(atPath: path + "/check.json")
        try FileManager.default.removeItem(atPath: path + "/input.jsonl")
        let missing = try CLIRun(["check", path, "-j", "1"])
        #expect(missing.stdout.hasPrefix("FAIL \(path): \(path)/input.jsonl: cannot read: no such file\n"))
        let notACase = try CLIRun(["check", folder.file("nothing-here")])
        #expect(notACase.status == 2)
        #expect(notACase.stderr == "touchstone: error: \(folder.file("nothing-here")): cannot read: no such file\n")
    }
}
