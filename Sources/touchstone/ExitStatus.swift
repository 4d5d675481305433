import FileOutput
import SceneFormat
import HeadlessSession
import Session
import TouchstoneApp

/// The process exit statuses of behaviour.md §8, and the one place errors become them:
/// the layers below throw their own error types and know nothing of exit codes.
enum ExitStatus {
    /// A runtime failure: no compositor or a lost one, I/O, an output that cannot be written.
    static let runtimeFailure: Int32 = 1
    /// Bad arguments or input files.
    static let badInput: Int32 = 2
    /// `audit` found problems.
    static let auditFindings: Int32 = 3

    /// The status for an error a command threw; nil for the argument parser's own errors.
    static func of(_ error: any Error) -> Int32? {
        switch error {
        case is InputFileError, is OutputPaths.Conflict, is FormatError, is TouchTestOptions.Invalid:
            return badInput
        case let error as ImageOutputError:
            if case .unrenderable = error { return badInput }
            return runtimeFailure
        case is AppError, is OutputError, is OutputFileError, is HeadlessDemoError, is DemoScene.Broken,
             is NoWaylandSession:
            return runtimeFailure
        default:
            return nil
        }
    }
}

/// `demo` without `--headless` outside a Wayland session.
struct NoWaylandSession: Error, CustomStringConvertible {
    var description: String {
        "no Wayland session (WAYLAND_DISPLAY is not set); run `touchstone demo --headless DIR` to play the demo under a private headless weston"
    }
}
