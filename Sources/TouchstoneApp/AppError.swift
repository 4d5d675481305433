import FileOutput
import Render
import WaylandClient
import SystemCalls

/// Why an app could not start or stopped with a failure: which part failed and one line
/// saying why. The layers' own error types stay inside TouchstoneApp, so an app depends
/// on this module alone; the command line maps every kind to exit status 1.
public struct AppError: Error, CustomStringConvertible, Sendable {
    /// The part of the app that failed.
    public enum Kind: Hashable, Sendable {
        /// No compositor to connect to, or it lacks a required global.
        case connection
        /// The compositor went away or the connection failed while running.
        case compositorLost
        /// An output file (event log, recording) could not be created or written.
        case output
        /// The renderer could not be made.
        case render
        /// A system resource (timerfd, signalfd) could not be set up.
        case system
        /// The compositor could not give the window a buffer to draw into.
        case window
    }

    /// The part that failed.
    public let kind: Kind
    /// What went wrong, in one line.
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    static func connection(_ error: ConnectionError) -> AppError { AppError(.connection, "\(error)") }
    static func compositorLost(_ error: EventLoopError) -> AppError {
        AppError(.compositorLost, "lost the Wayland compositor: \(error)")
    }
    static func output(_ error: OutputError) -> AppError { AppError(.output, "\(error)") }
    static func render(_ error: RenderError) -> AppError { AppError(.render, "\(error)") }
    static func system(_ error: SystemCallError) -> AppError { AppError(.system, "\(error)") }
    static func window(_ error: WindowError) -> AppError { AppError(.window, "\(error)") }
}
