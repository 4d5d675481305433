import BenchmarkSupport
import Foundation

// Writes docs/performance.md's generated region from the log `tools/benchmarks --report` keeps:
//   BenchmarkReport LOG DOCUMENT --date DATE --commit HASH --minutes N [--quick | --full]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var files: [String] = []
var quick = false, date = "an unknown date", commit = "unknown", minutes = 0
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick": quick = true
    case "--full": quick = false
    case "--date", "--commit", "--minutes":
        guard let value = arguments.first else { fail("BenchmarkReport: \(argument): expects a value") }
        arguments.removeFirst()
        switch argument {
        case "--date": date = value
        case "--commit": commit = value
        default:
            guard let number = Int(value) else { fail("BenchmarkReport: --minutes: '\(value)' is not a whole number") }
            minutes = number
        }
    default: files.append(argument)
    }
}
guard files.count == 2 else { fail("usage: BenchmarkReport LOG DOCUMENT --date DATE --commit HASH --minutes N [--quick | --full]") }
let (logFile, documentFile) = (files[0], files[1])
guard let log = try? String(contentsOfFile: logFile, encoding: .utf8) else { fail("\(logFile):1: log: cannot be read") }
guard let document = try? String(contentsOfFile: documentFile, encoding: .utf8) else { fail("\(documentFile):1: document: cannot be read") }

do {
    let runs = try ReportLog.runs(in: log, file: logFile)
    let generated = PerformanceReport.markdown(runs, provenance: ReportProvenance(quick: quick, date: date, commit: commit, minutes: minutes))
    let updated = try PerformanceReport.replacingRegion(of: document, file: documentFile, with: generated)
    do { try updated.write(toFile: documentFile, atomically: true, encoding: .utf8) } catch {
        fail("\(documentFile):1: document: cannot be written (\(error))")
    }
    print("wrote \(runs.reduce(0) { $0 + $1.results.count }) figures from \(runs.count) commands into \(documentFile)")
} catch {
    fail(error.message)
}
