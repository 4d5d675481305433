import FoundationEssentials
public import NodeCore
import SceneFormat
public import Session

/// `check --live` (behaviour.md §19): a case's scene shown by this program under a private
/// headless weston, its input played through weston's seat, and the live event log
/// compared with the case's expected one. `touchstone check --live` plugs it into `CheckOptions`.
public struct LiveCheck: LiveEventLog {
    public init() {}

    /// The live event log of the scene at `scenePath` with `script`, on the script's clock.
    /// `lastsUntil` is when the replay's last timer fired: the live session runs that long,
    /// so what a deceleration logs after the last touch is in its log too.
    public func log(scenePath: String, size: Size, script: [TimedInputEvent], lastsUntil: Double) throws(CheckCase.Failure) -> [UInt8] {
        let folder: PrivateTemporaryFolder
        do throws(PrivateTemporaryFolder.Failure) {
            folder = try PrivateTemporaryFolder(prefix: "touchstone-check")
        } catch {
            throw CheckCase.Failure(description: "live: \(error.description)")
        }
        defer { folder.remove() }
        let files = HeadlessScene.Files(in: folder.url)
        do throws(HeadlessDemoError) {
            try HeadlessScene.show(scenePath: scenePath, size: size, scale: 1, script: script, files: files, lastsUntil: lastsUntil)
        } catch {
            // The client's log goes with the folder: its last line says what the client said.
            // The client's last words are extra detail: without its log the error stands alone.
            let said = (try? InputFiles.read(files.log.path)).flatMap { String(decoding: $0, as: UTF8.self)
                .split(separator: "\n").last.map(String.init) }
            throw CheckCase.Failure(description: "live: " + Self.message(error) + (said.map { " (the client: \($0))" } ?? ""))
        }
        do {
            // The client gave the first input the script's first time: the log is on the script's clock.
            return try InputFiles.read(files.events.path)
        } catch {
            throw CheckCase.Failure(description: "live: \(error)")
        }
    }

    /// A headless run's error without its log's path, which is gone with the folder.
    static func message(_ error: HeadlessDemoError) -> String {
        switch error {
        case .clientDidNotQuit: "headless weston: the client did not quit on 'q'"
        case let .clientFailed(status, _): "headless weston: the client exited with status \(status)"
        default: error.description
        }
    }
}
