import DeviceRecording
import FileOutput
import FoundationEssentials
import Glibc
import JSONOutput
public import NodeCore
import Render
import SceneFormat
import TouchstoneApp

/// What checking one case found (behaviour.md §19).
public struct CheckCaseResult: Sendable, Equatable {
    /// The case's folder as given.
    public var name: String
    /// What differed from the expectations, one phrase each.
    public var failures: [String] = []
    /// Why the case could not be checked (a missing or malformed file).
    public var errors: [String] = []
    /// The unified diff of the event log; empty when it matched.
    public var diff = ""
    /// The expectation files `--update` wrote.
    public var updated: [String] = []
    public var seconds = 0.0

    public init(name: String) { self.name = name }

    public var passed: Bool { failures.isEmpty && errors.isEmpty }

    /// The case's one line: `ok   NAME`, `FAIL NAME: what differed; ...`, plus what `--update` wrote.
    public var line: String {
        var text = passed ? "ok   \(name)" : "FAIL \(name): " + (errors + failures).joined(separator: "; ")
        if !updated.isEmpty { text += " (updated \(updated.joined(separator: ", ")))" }
        return text
    }
}

/// How `check` checks its cases (behaviour.md §19).
public struct CheckOptions: Sendable {
    /// Write the current results as the new expectations.
    public var update = false
    /// Also run each case through this live session and compare its event log (`check --live`);
    /// nil: offline only.
    public var live: (any LiveEventLog)?

    public init(update: Bool = false, live: (any LiveEventLog)? = nil) {
        self.update = update
        self.live = live
    }
}

/// A case's event log from a live session (`check --live`): the program plugs in
/// HeadlessSession's `LiveCheck`, so the offline checks hold no compositor code.
public protocol LiveEventLog: Sendable {
    /// The live event log of the scene at `scenePath` in a `size` output with `script`, on the
    /// script's clock; the session lasts until `lastsUntil`, when the replay's last timer fired.
    func log(scenePath: String, size: Size, script: [TimedInputEvent], lastsUntil: Double) throws(CheckCase.Failure) -> [UInt8]
}

/// Checks one case folder in process: replays `input.jsonl` over `scene.json` through the
/// same code as `replay`, renders the final frame as `replay --png` does, audits as `audit`
/// does, and compares each with its expectation; `update` writes the results instead.
/// With `live`, the case also runs through that live session.
public enum CheckCase {
    public static func run(folder: String, options: CheckOptions) -> CheckCaseResult {
        var result = CheckCaseResult(name: folder)
        let start = ContinuousClock.now
        do {
            try check(folder: folder, options: options, into: &result)
        } catch {
            result.errors.append(error.description)
        }
        let elapsed = start.duration(to: .now)
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    /// A case could not be checked: a file's own message.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    static func file(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private static func check(folder: String, options: CheckOptions, into result: inout CheckCaseResult) throws(Failure) {
        let configPath = file(folder, "check.json")
        var config = CheckConfig()
        if exists(configPath) {
            let bytes = try attempt { try InputFiles.read(configPath) }
            config = try attempt { try CheckConfig.decode(bytes, file: configPath) }
        }
        let scenePath = file(folder, "scene.json")
        // Images decoded as `replay --scale` does: an alpha-shaped tap target follows those pixels.
        let scene = try attempt { try InputFiles.loadScene(scenePath, for: .offline(scale: config.scale ?? 1)) }
        let script = try attempt { try InputFiles.loadInputScript(file(folder, "input.jsonl"), recording: RecordingOptions(size: scene.size)) }

        // The event log.
        var log: [UInt8] = []
        let replay = Replay(scene: scene, imageScale: config.scale ?? 1) { entry in
            entry.appendLine(to: &log)
            log.append(0x0A)
        }
        replay.play(script)
        let eventsPath = file(folder, "events.jsonl")
        var expectedLog: [UInt8]? = exists(eventsPath) ? try attempt { try InputFiles.read(eventsPath) } : nil
        if expectedLog != log {
            if options.update {
                try attempt { try write(log, to: eventsPath) }
                result.updated.append("events.jsonl")
                expectedLog = log
            } else if let expectedLog {
                compare(log, with: expectedLog, path: eventsPath, run: "this run", into: &result)
            } else {
                result.failures.append("no events.jsonl (--update writes it)")
            }
        }

        try checkFrame(of: replay, scenePath: scenePath, config: config, folder: folder, update: options.update, into: &result)
        if let audit = config.audit {
            try checkAudit(audit, scenePath: scenePath, config: config, configPath: configPath, update: options.update, into: &result)
        }

        // The same input through a real compositor.
        if let session = options.live, let expectedLog {
            let live = try session.log(scenePath: scenePath, size: scene.size, script: script, lastsUntil: replay.window.clock.now)
            if live != expectedLog { compare(live, with: expectedLog, path: eventsPath, run: "live", into: &result) }
        }
    }

    /// Turns any error into a `Failure` with the error's own message.
    static func attempt<T>(_ body: () throws -> T) throws(Failure) -> T {
        do { return try body() } catch { throw Failure(description: "\(error)") }
    }

    /// Records how `log` differs from the expected one: a failure phrase and the unified diff.
    private static func compare(_ log: [UInt8], with expected: [UInt8], path: String, run: String, into result: inout CheckCaseResult) {
        let diff = UnifiedDiff.text(expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: log, as: UTF8.self),
                                    expectedName: path, actualName: "\(path) (\(run))")
        let changed = diff.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count - 2
        let what = run == "live" ? "the live events.jsonl differs" : "events.jsonl differs"
        result.failures.append("\(what) (\(changed) line\(changed == 1 ? "" : "s") removed or added)")
        result.diff += diff
    }

    /// The final frame against `final.png`, when it exists or `check.json` has a `scale`.
    private static func checkFrame(of replay: Replay, scenePath: String, config: CheckConfig, folder: String, update: Bool,
                                   into result: inout CheckCaseResult) throws(Failure) {
        let pngPath = file(folder, "final.png"), diffPath = file(folder, "final.diff.png")
        guard exists(pngPath) || config.scale != nil else { return }
        guard let scale = RenderScale(exactly: config.scale ?? 1) else {
            throw Failure(description: "\(file(folder, "check.json")): scale: \(config.scale ?? 1) is not a multiple of 1/\(RenderScale.denominator)")
        }
        let scene = replay.scene
        try attempt { try SceneRendering.requireRenderable(scene, file: scenePath, scale: scale) }
        let frame = try attempt {
            try SceneRendering.image(of: replay.window, background: scene.background, scale: scale,
                                     touchMarkers: replay.touchMarkers(), pointerLocation: replay.pointerLocationOverlay, name: pngPath)
        }
        let expected: Canvas? = exists(pngPath) ? try attempt { try Canvas.readPNG(from: pngPath) } : nil
        let comparison = expected.map { ImageComparison(expected: $0, actual: frame, tolerance: config.tolerance) }
        let withinBudget = comparison.map { !$0.sizesDiffer && $0.differingPixels <= config.maxDifferingPixels } ?? false
        if update {
            if !withinBudget {
                try attempt { try frame.writePNG(to: pngPath, encoding: .compact) }
                result.updated.append("final.png")
            }
            if exists(diffPath) { unlink(diffPath) }
        } else if let expected, let comparison {
            if withinBudget {
                if exists(diffPath) { unlink(diffPath) }
            } else {
                let image = try attempt { try ImageComparison.diffImage(expected: expected, actual: frame, tolerance: config.tolerance) }
                try attempt { try image.writePNG(to: diffPath) }
                if comparison.sizesDiffer {
                    result.failures.append("final.png is \(expected.width)×\(expected.height) pixels, the frame \(frame.width)×\(frame.height) (see final.diff.png)")
                } else {
                    result.failures.append("final.png: \(comparison.differingPixels) pixels differ by more than \(config.tolerance) "
                                           + "(at most \(config.maxDifferingPixels) allowed; see final.diff.png)")
                }
            }
        } else {
            result.failures.append("no final.png (--update writes it)")
        }
    }

    static func text(_ size: Size) -> String { "\(JSONWriting.integral(size.width))x\(JSONWriting.integral(size.height))" }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let sink = try LineSink(replacing: path)
        try sink.write(bytes: bytes)
        try sink.commit()
    }
}
