import FoundationEssentials
import Glibc
import WestonControl

/// Runs check cases, in parallel processes when asked (behaviour.md §19): the cases are
/// dealt round the jobs in order, this process checks the first share itself and
/// `touchstone check --worker` children the others, and the results come back in the cases'
/// order, so any `-j` prints the same.
public enum CheckRunner {
    /// The case folders `arguments` name: a folder with `scene.json` is a case; a folder
    /// without one stands for its subfolders that have one, in name order.
    public static func cases(_ arguments: [String]) throws(InputFileError) -> [String] {
        var cases: [String] = []
        for argument in arguments {
            var info = stat()
            guard stat(argument, &info) == 0 else { throw .unreadable(path: argument, reason: InputFiles.reason(errno)) }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .unreadable(path: argument, reason: "not a case folder (a folder with scene.json)") }
            if CheckCase.exists(CheckCase.file(argument, "scene.json")) {
                cases.append(argument)
                continue
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted()
            let inner = names.map { CheckCase.file(argument, $0) }.filter { CheckCase.exists(CheckCase.file($0, "scene.json")) }
            guard !inner.isEmpty else { throw .unreadable(path: argument, reason: "no scene.json in it or in its subfolders") }
            cases += inner
        }
        return cases
    }

    /// The number of cores, the default `-j`.
    public static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Checks `cases` with `jobs` processes; `executable` is this program (for the workers).
    public static func run(_ cases: [String], update: Bool, jobs: Int, executable: String = "/proc/self/exe") -> [CheckCaseResult] {
        let jobs = max(1, min(jobs, cases.count))
        guard jobs > 1 else { return cases.map { CheckCase.run(folder: $0, update: update) } }
        let shares = (0..<jobs).map { job in Array(stride(from: job, to: cases.count, by: jobs)) }
        var results = [CheckCaseResult?](repeating: nil, count: cases.count)
        var workers: [(share: [Int], child: ChildProcess?, output: String, spawnError: String?)] = []
        let folder: PrivateTemporaryFolder
        do {
            folder = try PrivateTemporaryFolder(prefix: "touchstone-check")
        } catch {
            return cases.map { CheckCase.run(folder: $0, update: update) }
        }
        let environment = ProcessInfo.processInfo.environment
        for (job, share) in shares.enumerated().dropFirst() {
            let output = folder.url.path + "/worker-\(job)"
            let arguments = ["check", "--worker"] + (update ? ["--update"] : []) + ["--"] + share.map { cases[$0] }
            do {
                let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment, outputPath: output)
                workers.append((share, child, output, nil))
            } catch {
                workers.append((share, nil, output, error.description))
            }
        }
        for index in shares[0] { results[index] = CheckCase.run(folder: cases[index], update: update) }
        for worker in workers {
            let status = worker.child?.waitUntilExit()
            let text = (try? InputFiles.read(worker.output)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            var records = WorkerRecord.decode(text)
            for index in worker.share {
                if !records.isEmpty, records[0].name == cases[index] {
                    results[index] = records.removeFirst()
                } else {
                    var failed = CheckCaseResult(name: cases[index])
                    failed.errors.append(worker.spawnError ?? "the process checking it ended with status \(status.map(String.init) ?? "unknown")")
                    results[index] = failed
                }
            }
        }
        return results.map { $0! }
    }

    /// `check --worker`: checks `cases` one after another and writes each case's record as
    /// soon as it is known (a worker that dies keeps the records written before).
    public static func runWorker(_ cases: [String], update: Bool, write: (String) -> Void) {
        for folder in cases { write(WorkerRecord.encode(CheckCase.run(folder: folder, update: update))) }
    }

    /// The printed report: each case's line, the event-log diff after a failing one, and a summary.
    public static func report(_ results: [CheckCaseResult]) -> String {
        var text = ""
        for result in results {
            text += result.line + "\n"
            text += result.diff
        }
        let failed = results.filter { !$0.passed }.count
        text += "\(results.count) case\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed\n"
        return text
    }
}

/// A worker's results on its standard output, one record per case: `\u{1E}` then
/// `field\tvalue` lines with backslash, newline and tab escaped.
enum WorkerRecord {
    static func encode(_ result: CheckCaseResult) -> String {
        var text = "\u{1E}\n" + "name\t\(escape(result.name))\n" + "seconds\t\(result.seconds)\n"
        for failure in result.failures { text += "failure\t\(escape(failure))\n" }
        for error in result.errors { text += "error\t\(escape(error))\n" }
        for file in result.updated { text += "updated\t\(escape(file))\n" }
        if !result.diff.isEmpty { text += "diff\t\(escape(result.diff))\n" }
        return text
    }

    static func decode(_ text: String) -> [CheckCaseResult] {
        var results: [CheckCaseResult] = []
        for line in text.split(separator: "\n") {
            if line == "\u{1E}" {
                results.append(CheckCaseResult(name: ""))
                continue
            }
            guard !results.isEmpty, let tab = line.firstIndex(of: "\t") else { continue }
            let value = unescape(line[line.index(after: tab)...])
            switch line[..<tab] {
            case "name": results[results.count - 1].name = value
            case "seconds": results[results.count - 1].seconds = Double(value) ?? 0
            case "failure": results[results.count - 1].failures.append(value)
            case "error": results[results.count - 1].errors.append(value)
            case "updated": results[results.count - 1].updated.append(value)
            case "diff": results[results.count - 1].diff = value
            default: break
            }
        }
        return results
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String {
        var out = "", escaped = false
        for c in text {
            if escaped {
                out.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
