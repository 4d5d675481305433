import ArgumentParser
import NodeCore
import SceneFormat
import Session
import TouchstoneApp

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a device recording (`libinput record` YAML or evemu) to an input script on standard output.",
        discussion: """
        The touchscreen's touches as a compositor delivers them: seat-slot ids, one touch.frame per \
        SYN_REPORT that changed a touch, whole milliseconds from the first event, the device's range \
        mapped onto --size (without it, one device unit is one point). `replay` and \
        `touch-test --replay` also take the recording itself.
        """
    )

    @Argument(help: "The recording (libinput record YAML or evemu-record output).")
    var recording: String

    @Option(help: "The window the device's range is mapped onto, WIDTHxHEIGHT in points.", transform: parseSize)
    var size: Size?

    @OptionGroup var mapping: RecordingArguments

    func run() throws {
        let events = try InputFiles.loadRecording(recording, options: mapping.options(size: size))
        let sink = LineSink()
        for event in events { try sink.write(InputScript.encode(event)) }
        try sink.commit()
    }
}
