import Render
import WaylandClient

/// Why an app could not start or stopped with a failure. Each case keeps the error of
/// the layer that failed; the command line maps them all to exit status 1.
public enum AppError: Error, CustomStringConvertible {
    /// No compositor to connect to, or it lacks a required global.
    case connection(ConnectionError)
    /// The compositor went away or the connection failed while running.
    case compositorLost(EventLoopError)
    /// An output file (event log, recording) could not be created or written.
    case output(OutputError)
    /// The renderer could not be made.
    case render(RenderError)
    /// A system resource (timerfd, signalfd) could not be set up.
    case system(SystemCallError)
    /// The compositor could not give the window a buffer to draw into.
    case window(WindowError)

    public var description: String {
        switch self {
        case let .connection(error): "\(error)"
        case let .compositorLost(error): "lost the Wayland compositor: \(error)"
        case let .output(error): "\(error)"
        case let .render(error): "\(error)"
        case let .system(error): "\(error)"
        case let .window(error): "\(error)"
        }
    }
}
