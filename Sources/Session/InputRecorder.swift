import NodeCore
import SceneFormat

/// Writes the input of a live session as an input script (SPEC §7), line by
/// line, so `touchstone replay` can reproduce the session.
public final class InputRecorder {
    private let sink: LineSink

    public init(sink: LineSink) {
        self.sink = sink
    }

    /// Records one event.
    public func record(_ event: TimedInputEvent) throws(CommandFailure) {
        try sink.write(InputScript.encode(event))
    }
}
