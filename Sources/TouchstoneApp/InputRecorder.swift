import NodeCore
import SceneFormat

/// Writes the input of a live session as an input script (behaviour.md §7.2), so `touchstone
/// replay` can reproduce the session. Events are kept until `flush`, which the live
/// session calls once per loop iteration, after the frame that shows them went out.
final class InputRecorder {
    private let sink: LineSink
    private var pending: [TimedInputEvent] = []
    private var bytes: [UInt8] = []

    init(sink: LineSink) {
        self.sink = sink
    }

    /// Records one event.
    func record(_ event: TimedInputEvent) {
        pending.append(event)
    }

    /// Writes the recorded events not written yet, one line each, with one `write(2)`.
    func flush() throws(OutputError) {
        guard !pending.isEmpty else { return }
        bytes.removeAll(keepingCapacity: true)
        for event in pending {
            bytes += InputScript.encode(event).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        pending.removeAll(keepingCapacity: true)
        try sink.write(bytes: bytes)
    }
}
