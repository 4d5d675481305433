import DeviceRecording
import FileOutput
import FoundationEssentials
import Glibc
import JSONOutput
import NodeCore
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

/// Checks one case folder in process: replays `input.jsonl` over `scene.json` through the
/// same code as `replay`, renders the final frame as `replay --png` does, audits as `audit`
/// does, and compares each with its expectation; `update` writes the results instead.
public enum CheckCase {
    public static func run(folder: String, update: Bool) -> CheckCaseResult {
        var result = CheckCaseResult(name: folder)
        let start = ContinuousClock.now
        do {
            try check(folder: folder, update: update, into: &result)
        } catch {
            result.errors.append(error.description)
        }
        let elapsed = start.duration(to: .now)
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }

    /// A case could not be checked: a file's own message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func file(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private static func check(folder: String, update: Bool, into result: inout CheckCaseResult) throws(Failure) {
        func attempt<T>(_ body: () throws -> T) throws(Failure) -> T {
            do { return try body() } catch { throw Failure(description: "\(error)") }
        }
        let configPath = file(folder, "check.json")
        var config = CheckConfig()
        if exists(configPath) {
            let bytes = try attempt { try InputFiles.read(configPath) }
            config = try attempt { try CheckConfig.decode(bytes, file: configPath) }
        }
        let scenePath = file(folder, "scene.json")
        // Images decoded as `replay --scale` does: an alpha-shaped tap target follows those pixels.
        let scene = try attempt { try InputFiles.loadScene(scenePath, images: .decode(scale: config.scale ?? 1)) }
        let script = try attempt { try InputFiles.loadInputScript(file(folder, "input.jsonl"), recording: RecordingOptions(size: scene.size)) }

        // The event log.
        var log: [UInt8] = []
        let replay = Replay(scene: scene) { entry in
            log.append(contentsOf: entry.line.utf8)
            log.append(0x0A)
        }
        replay.play(script)
        let eventsPath = file(folder, "events.jsonl")
        let expectedLog: [UInt8]? = exists(eventsPath) ? try attempt { try InputFiles.read(eventsPath) } : nil
        if expectedLog != log {
            if update {
                try attempt { try write(log, to: eventsPath) }
                result.updated.append("events.jsonl")
            } else if let expectedLog {
                result.diff = UnifiedDiff.text(expected: String(decoding: expectedLog, as: UTF8.self), actual: String(decoding: log, as: UTF8.self),
                                               expectedName: eventsPath, actualName: "\(eventsPath) (this run)")
                let changed = result.diff.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count - 2
                result.failures.append("events.jsonl differs (\(changed) line\(changed == 1 ? "" : "s") removed or added)")
            } else {
                result.failures.append("no events.jsonl (--update writes it)")
            }
        }

        // The final frame.
        let pngPath = file(folder, "final.png"), diffPath = file(folder, "final.diff.png")
        if exists(pngPath) || config.scale != nil {
            guard let scale = RenderScale(exactly: config.scale ?? 1) else {
                throw Failure(description: "\(configPath): scale: \(config.scale ?? 1) is not a multiple of 1/\(RenderScale.denominator)")
            }
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

        // The audit.
        if let audit = config.audit {
            let sizes = audit.sizes.isEmpty ? [scene.size] : audit.sizes
            var findings = 0
            for size in sizes {
                guard size == scene.size else {
                    throw Failure(description: "\(configPath): audit: size \(text(size)): only the scene's own size (\(text(scene.size))) "
                                  + "can be audited until scenes lay out at other sizes")
                }
                findings += Audit.run(window: scene.makeWindow(), minimumSize: audit.minSize).findingCount
            }
            if findings != audit.findings {
                if update {
                    config.audit?.findings = findings
                    try attempt { try write(Array(config.encoded().utf8), to: configPath) }
                    result.updated.append("check.json")
                } else {
                    result.failures.append("audit: \(findings) finding\(findings == 1 ? "" : "s") at \(sizes.map(text).joined(separator: ", ")) "
                                           + "(minimum \(JSONWriting.integral(audit.minSize)) pt), expected \(audit.findings)")
                }
            }
        }
    }

    static func text(_ size: Size) -> String { "\(JSONWriting.integral(size.width))x\(JSONWriting.integral(size.height))" }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let sink = try LineSink(replacing: path)
        try sink.write(bytes: bytes)
        try sink.commit()
    }
}
