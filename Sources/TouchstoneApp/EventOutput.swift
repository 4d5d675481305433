import NodeCore
import SceneFormat

/// The app's output files: the control-event log and the input recording. Both are
/// collected while input is dispatched and written by `write()`, which the loop runs
/// after each iteration's frame went to the compositor (and once more when it stops),
/// so writing never delays the frame that shows a touch and nothing is lost.
final class EventOutput {
    let recorder: InputRecorder?
    private let log: LineSink?
    /// Control events sent since the last `write`.
    private var pendingEntries: [EventLogEntry] = []
    /// The event-log lines being written, reused so logging allocates nothing per event.
    private var lineBuffer: [UInt8] = []

    init(eventLog: AppOptions.EventLog?, recordPath: String?) throws(OutputError) {
        switch eventLog {
        case .none: log = nil
        case .standardOutput: log = LineSink()
        case let .file(path): log = try LineSink(path: path)
        }
        recorder = try recordPath.map { path throws(OutputError) in InputRecorder(sink: try LineSink(path: path)) }
        // Room for a busy frame's lines from the start: a line that grows (a timestamp gaining
        // a digit) does not make the buffer grow mid-session.
        lineBuffer.reserveCapacity(4096)
    }

    /// Logs every control under `root` (those in the tree now), timing sends without a
    /// touch with `now`.
    func attach(to root: Node, now: @escaping () -> Double) {
        guard log != nil else { return }
        // The tree is the app's, so its controls may outlive this object: plain `unowned`.
        EventRecorder.attach(to: root, now: now) { [unowned self] entry in pendingEntries.append(entry) }
    }

    /// Writes the recording and the log lines collected since the last call.
    func write() throws(OutputError) {
        try recorder?.flush()
        guard let log, !pendingEntries.isEmpty else { return }
        lineBuffer.removeAll(keepingCapacity: true)
        // Each entry read in place: a copy of one retains its strings.
        pendingEntries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                entries[index].appendLine(to: &lineBuffer)
                lineBuffer.append(UInt8(ascii: "\n"))
            }
        }
        pendingEntries.removeAll(keepingCapacity: true)
        try log.write(bytes: lineBuffer)
    }
}
