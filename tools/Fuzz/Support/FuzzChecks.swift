/// What every command must do with any input (issue 31): end by itself within the time
/// limit and under the memory limit, exit 0, 2 or (audit) 3; on 2 print one line naming
/// the file and line at fault; write an event log whose `t` never decreases and whose
/// numbers are plain decimals; and accept or reject a scene alike in every command.
public enum FuzzChecks {
    public static let timeLimit = 10.0
    /// 1 GiB.
    public static let memoryLimitKiB = 1 << 20

    /// Runs replay (log and PNG), render and audit on `scene` and `script` (files inside
    /// `folder`, which also takes the outputs), and `import` when the script is a device
    /// recording, and returns every problem found, one line each.
    public static func check(binary: String, scene: String, script: String, folder: String,
                             timeout: Double = timeLimit, clock: HangClock = .wall) -> [String] {
        run(binary: binary, scene: scene, script: script, folder: folder, timeout: timeout, clock: clock).problems
    }

    /// `check`, with whether replay accepted the files (exit 0): the fuzzer reports how many did.
    public static func run(binary: String, scene: String, script: String, folder: String, timeout: Double = timeLimit,
                           clock: HangClock = .wall) -> (problems: [String], replayed: Bool, rejection: String) {
        var problems: [String] = []
        func run(_ name: String, _ arguments: [String], allowed: Set<Int32>) -> FuzzOutcome {
            let outcome = FuzzProcess.run(binary, arguments, folder: folder, timeout: timeout, clock: clock)
            problems += self.problems(of: outcome, command: name, allowed: allowed, inputs: [scene, script])
            return outcome
        }
        let events = folder + "/events.jsonl"
        let replay = run("replay", ["replay", scene, script, "--events", events], allowed: [0, 2])
        if replay.status == 0 { problems += logProblems(FuzzProcess.read(events)).map { "replay: \($0)" } }
        _ = run("replay --png", ["replay", scene, script, "--png", folder + "/replay.png", "--debug-overlay",
                                 "--show-touches", "--pointer-location"], allowed: [0, 2])
        let render = run("render", ["render", scene, "--png", folder + "/render.png", "--debug-overlay"], allowed: [0, 2])
        let audit = run("audit", ["audit", scene, "--json"], allowed: [0, 2, 3])
        if isRecording(FuzzProcess.read(script)) {
            let imported = run("import", ["import", script, "--size", "320x480"], allowed: [0, 2])
            if imported.status == 0 { problems += logProblems(imported.stdout).map { "import: \($0)" } }
        }
        if let a = audit.status, let r = render.status, (a == 2) != (r == 2) {
            problems.append("audit exits \(a) but render \(r) on the same scene")
        }
        if audit.status == 2, let status = replay.status, status != 2 {
            problems.append("audit rejects the scene but replay exits \(status)")
        }
        if replay.status == 2, replay.stderr.contains(scene + ":"), let a = audit.status, a != 2 {
            problems.append("replay rejects the scene but audit exits \(a)")
        }
        return (problems, replay.status == 0, replay.status == 2 ? replay.stderr : "")
    }

    static func problems(of outcome: FuzzOutcome, command: String, allowed: Set<Int32>, inputs: [String]) -> [String] {
        var found: [String] = []
        if let timedOut = outcome.timedOut {
            found.append("\(command): \(timedOut) (hang)")
        } else if let signal = outcome.signal {
            found.append("\(command): killed by signal \(signal) (crash): \(outcome.stderr.suffix(300))")
        } else if let status = outcome.status, !allowed.contains(status) {
            found.append("\(command): exit status \(status): \(outcome.stderr.prefix(300))")
        }
        if outcome.peakKiB > memoryLimitKiB { found.append("\(command): peak memory \(outcome.peakKiB / 1024) MiB") }
        if outcome.status == 2, !isClearError(outcome.stderr, inputs: inputs) {
            found.append("\(command): exit 2 without one FILE:LINE error line: \(outcome.stderr.prefix(300))")
        }
        return found
    }

    /// One line, `touchstone: error: FILE:LINE: …` with FILE one of the inputs.
    public static func isClearError(_ stderr: String, inputs: [String]) -> Bool {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == 1, lines[0].hasPrefix("touchstone: error: ") else { return false }
        let rest = lines[0].dropFirst("touchstone: error: ".count)
        return inputs.contains { input in
            guard rest.hasPrefix(input + ":") else { return false }
            let after = rest.dropFirst(input.count + 1)
            let digits = after.prefix { $0.isNumber }
            return !digits.isEmpty && after.dropFirst(digits.count).hasPrefix(":")
        }
    }

    /// The problems of an event log (or an imported input script): a `t` below the line before, a number in exponent form
    /// or not a number, a line that is not an object.
    public static func logProblems(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var previous = -Double.infinity
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("{\"t\":"), text.hasSuffix("}") else {
                found.append("log line \(index + 1) is not an event: \(text.prefix(120))")
                continue
            }
            let numbers = numberTokens(text)
            if let bad = numbers.first(where: { $0.contains { "eE".contains($0) } || Double($0) == nil }) {
                found.append("log line \(index + 1) has the number \(bad.prefix(40))")
            }
            if text.contains(":null") || text.contains(":inf") || text.contains(":nan") {
                found.append("log line \(index + 1) has a value that is not a number: \(text.prefix(120))")
            }
            guard let t = numbers.first.flatMap(Double.init) else { continue }
            if t < previous { found.append("log line \(index + 1): t \(numbers[0]) is below the line before (\(previous))") }
            previous = max(previous, t)
        }
        return found
    }

    /// A device recording rather than an input script: its first character is not `{`.
    static func isRecording(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![9, 10, 13, 32].contains($0) }) else { return false }
        return first != UInt8(ascii: "{")
    }

    /// The number tokens of a JSON line, strings skipped.
    static func numberTokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var inString = false, escaped = false
        var current = ""
        for c in line {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" { inString = true; continue }
            if c.isNumber || c == "-" || !current.isEmpty && "+.eE".contains(c) {
                current.append(c)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
