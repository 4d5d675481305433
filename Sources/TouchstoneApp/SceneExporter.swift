import FileOutput
import Glibc
import NodeCore
import SceneFormat

/// Writes the screens an app shows as `touchstone check` cases (behaviour.md §19.1): each case
/// is a new folder `DIR/001`, `DIR/002`, … holding `scene.json` (the tree when the case began),
/// and `input.jsonl` and `events.jsonl` (the input from then on and the log it gave), which
/// replay to each other. A failure is one line through `report`, and the app goes on.
final class SceneExporter {
    /// Turns export on for any app: `TOUCHSTONE_EXPORT=DIR`.
    static let environmentVariable = "TOUCHSTONE_EXPORT"
    /// Where Ctrl+Shift+E writes when neither `AppOptions.exportDirectory` nor the environment names a folder.
    static let defaultDirectory = "touchstone-export"

    /// A case being recorded: its files stay temporary until `finish` renames them into place.
    private final class Case {
        let folder: String
        let generation: Int
        let input: LineSink
        let recorder: InputRecorder
        let events: LineSink
        var pendingEntries: [EventLogEntry] = []

        init(folder: String, generation: Int) throws(OutputFileError) {
            self.folder = folder
            self.generation = generation
            input = try LineSink(replacing: folder + "/input.jsonl")
            recorder = InputRecorder(sink: input)
            events = try LineSink(replacing: folder + "/events.jsonl")
        }
    }

    let directory: String
    /// Whether a case begins with the first frame (the folder was asked for), not only on the key.
    var startsAtFirstFrame: Bool
    private var current: Case?
    /// Counts cases begun, so that a scroll node's observer from an earlier case stays quiet.
    private var generation = 0
    private let report: (String) -> Void
    /// Where the pointer is in the window (nil: outside), from the input recorded.
    private var pointer: Point?

    /// `directory` is the folder asked for (nil: the default folder, and no case until the key).
    init(directory: String?, report: @escaping (String) -> Void) {
        self.directory = directory ?? Self.defaultDirectory
        startsAtFirstFrame = directory != nil
        self.report = report
    }

    /// The folder `options` or, failing that, `environment` asks for.
    static func directory(options: AppOptions, environment: [String: String]) -> String? {
        if let folder = options.exportDirectory { return folder }
        guard let folder = environment[environmentVariable], !folder.isEmpty else { return nil }
        return folder
    }

    /// The variables of this process's environment that export reads.
    static func processEnvironment() -> [String: String] {
        guard let value = getenv(environmentVariable) else { return [:] }
        return [environmentVariable: String(cString: value)]
    }

    /// The case being recorded, if any: its folder.
    var currentFolder: String? { current?.folder }

    /// Ends the case being recorded, if any, and begins one with `window`'s tree as it is now.
    func begin(window: Window, background: Color, now: @escaping () -> Double) {
        finish()
        generation += 1
        let export = SceneWriter.export(root: window.root, size: window.size, background: background,
                                        imagePath: Self.absolutePath)
        let begun: Case
        do throws(OutputFileError) {
            let folder = try makeCaseFolder()
            let scene = try OutputFile(path: folder + "/scene.json")
            try scene.write(export.bytes)
            try scene.commit()
            begun = try Case(folder: folder, generation: generation)
        } catch {
            return report("scene export: \(error)")
        }
        current = begun
        // What the live window holds from before the case and a scene cannot say is put back
        // as input or forgotten, so that the case replays as it ran: a tap before the case is
        // no first tap of a double tap, and the key repeat and the pointer's place are recorded.
        window.tapCounter.reset()
        if window.keyRepeat != .standard {
            record(TimedInputEvent(time: now(), event: .keyRepeat(rate: window.keyRepeat.rate, delay: Int(window.keyRepeat.delay))))
        }
        if let pointer { record(TimedInputEvent(time: now(), event: .pointerMotion(location: pointer))) }
        let generation = generation
        EventRecorder.attach(toExported: export, now: now) { [weak self] entry in
            guard let current = self?.current, current.generation == generation else { return }
            current.pendingEntries.append(entry)
        }
    }

    /// Records one input event into the case being recorded.
    func record(_ event: TimedInputEvent) {
        switch event.event {
        case let .pointerMotion(location): pointer = location
        case .pointerLeave: pointer = nil
        default: break
        }
        current?.recorder.record(event)
    }

    /// Writes what the case recorded since the last call; a failure ends the case.
    func write() {
        guard let current else { return }
        do throws(OutputError) {
            try current.recorder.flush()
            guard !current.pendingEntries.isEmpty else { return }
            var bytes: [UInt8] = []
            for entry in current.pendingEntries {
                entry.appendLine(to: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
            current.pendingEntries.removeAll(keepingCapacity: true)
            try current.events.write(bytes: bytes)
        } catch {
            self.current = nil
            report("scene export: \(error)")
        }
    }

    /// Writes the rest of the case being recorded and puts its files in place.
    func finish() {
        write()
        guard let done = current else { return }
        current = nil
        do throws(OutputFileError) {
            try done.input.commit()
            try done.events.commit()
        } catch {
            report("scene export: \(error)")
        }
    }

    /// A new folder for the next case: the first of `DIR/001`, `DIR/002`, … that does not
    /// exist yet (so no earlier case is ever replaced), `DIR` and its parents made as needed.
    private func makeCaseFolder() throws(OutputFileError) -> String {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw Self.folderError(directory, errno) }
        }
        for number in 1 ... 999_999 {
            let digits = String(number)
            let folder = directory + "/" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
            if mkdir(folder, 0o777) == 0 { return folder }
            guard errno == EEXIST else { throw Self.folderError(folder, errno) }
        }
        throw OutputFileError(path: directory, reason: "holds 999999 cases already")
    }

    private static func folderError(_ path: String, _ code: Int32) -> OutputFileError {
        OutputFileError(path: path, reason: "cannot create folder: \(DescriptorWriting.openErrorText(code))")
    }

    /// `path` from the working directory, so the scene finds the image wherever it is read.
    static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }
}
