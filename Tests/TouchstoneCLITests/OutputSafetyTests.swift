import Foundation
import WestonHarness
import Render
import Testing

/// `touchstone` run through `/bin/sh`, so a test can close or redirect its streams and set
/// resource limits: `setup` runs first (`ulimit -f 2;`), `redirections` follow the command.
struct ShellRun {
    let status: Int32
    let stdout: String
    let stderr: String

    init(_ arguments: [String], setup: String = "", redirections: String = "", stdin: String? = nil,
         closedStdout: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(setup) exec \"$0\" \"$@\" \(redirections)", CLIRun.executable.path] + arguments
        process.currentDirectoryURL = CLIRun.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin { process.standardInput = FileHandle(forReadingAtPath: stdin) }
        // A pipe whose reader is gone before the child writes: every write gets EPIPE.
        if closedStdout { try out.fileHandleForReading.close() }
        try process.run()
        let (outData, errData) = ChildOutput.read(output: closedStdout ? nil : out.fileHandleForReading,
                                                  error: err.fileHandleForReading)
        process.waitUntilExit()
        status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }
}

/// A fresh folder for one test's files, removed with everything in it.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: false, encoding: .utf8)
        return file(name)
    }

    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

@Suite struct OutputSafetyTests {
    // Issue 13, item 1.
    @Test func aFailedPNGWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        let folder = try ScratchFolder()
        let old = try folder.write("out.png", "the old picture")
        // A 2 KiB file-size limit makes the PNG write fail with EFBIG, as a full disk would.
        let run = try ShellRun(["render", "examples/overlap/scene.json", "--png", old, "--scale", "3"],
                               setup: "trap '' XFSZ; ulimit -f 4;")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("touchstone: error: cannot write PNG \(old): "))
        #expect(run.stderr.contains("File too large"))
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "the old picture")
        #expect(folder.contents == ["out.png"])
    }

    @Test func aPNGReplacesAnExistingFileWholeAndKeepsItsMode() throws {
        let folder = try ScratchFolder()
        let old = try folder.write("out.png", "the old picture")
        chmod(old, 0o600)
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", old])
        #expect(run.status == 0)
        #expect(try Canvas.readPNG(from: old).width == 320)
        let attributes = try FileManager.default.attributesOfItem(atPath: old)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(folder.contents == ["out.png"])
    }

    @Test func aPNGThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try ScratchFolder()
        let target = try folder.write("target.png", "old")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.png"), withDestinationPath: target)
        #expect(try CLIRun(["render", "examples/overlap/scene.json", "--png", folder.file("link.png")]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.png")) == target)
        #expect(try Canvas.readPNG(from: target).width == 320)
    }

    @Test func aPNGIntoAFIFOIsWrittenInPlaceAndTheFIFOStays() throws {
        let folder = try ScratchFolder()
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Both ends open first, so the command's open does not wait; the small PNG fits the pipe's buffer.
        // Close-on-exec: a child another test spawns meanwhile must not keep the write end.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let keepOpen = open(fifo, O_WRONLY | O_CLOEXEC)
        #expect(reader >= 0 && keepOpen >= 0)
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", fifo])
        close(keepOpen)
        // Read blocking: a child another test is spawning holds a copy of the write end
        // until its exec closes it, so the pipe may be empty and not yet ended for a moment.
        #expect(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK) == 0)
        let bytes = FileHandle(fileDescriptor: reader, closeOnDealloc: true).readDataToEndOfFile()
        #expect(run.status == 0)
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aPNGOntoASocketOrFolderIsRefusedAndLeftAlone() throws {
        let folder = try ScratchFolder()
        let run = try CLIRun(["render", "examples/overlap/scene.json", "--png", folder.path])
        #expect(run.status == 1)
        #expect(run.stderr == "touchstone: error: cannot write PNG \(folder.path): is a directory\n")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aFailedEventsWriteInReplayKeepsTheOldLog() throws {
        let folder = try ScratchFolder()
        let old = try folder.write("events.jsonl", "old log\n")
        let run = try ShellRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl", "--events", old],
                               setup: "trap '' XFSZ; ulimit -f 1;")
        #expect(run.status == 1)
        #expect(run.stderr.contains("File too large"))
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old log\n")
        #expect(folder.contents == ["events.jsonl"])
    }

    // Issue 13, item 10.
    @Test func anOutputNamingAnInputOrTheOtherOutputIsRefused() throws {
        let folder = try ScratchFolder()
        let input = folder.file("in.jsonl")
        try FileManager.default.copyItem(atPath: CLIRun.packageRoot.path + "/examples/overlap/input.jsonl", toPath: input)
        let original = try String(contentsOfFile: input, encoding: .utf8)

        let replay = try CLIRun(["replay", "examples/overlap/scene.json", input, "--events", input])
        #expect(replay.status == 2)
        #expect(replay.stderr == "touchstone: error: --events \(input) is the same file as the input script \(input); choose another path\n")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == original)

        let render = try CLIRun(["render", "examples/overlap/scene.json", "--png", "./examples/../examples/overlap/scene.json"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("is the same file as the scene examples/overlap/scene.json"))

        let both = try CLIRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl",
                               "--events", folder.file("x"), "--png", folder.path + "/./x"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--png \(folder.path)/./x is the same file as the --events \(folder.file("x"))"))
        #expect(folder.contents == ["in.jsonl"])

        let run = try CLIRun(["run", "examples/overlap/scene.json", "--events", folder.file("log"), "--record", folder.file("log")],
                             environment: [:])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--record \(folder.file("log")) is the same file as the --events"))
    }

    // Issue 13, item 2.
    @Test func auditOntoAFullDiskOrClosedStdoutSaysSoAndExitsOne() throws {
        let full = try ShellRun(["audit", "examples/overlap/scene.json"], redirections: ">/dev/full")
        #expect(full.status == 1)
        #expect(full.stderr == "touchstone: error: standard output: write failed: No space left on device\n")
        let closed = try ShellRun(["audit", "examples/overlap/scene.json"], redirections: ">&-")
        #expect(closed.status == 1)
        #expect(closed.stderr == "touchstone: error: standard output: write failed: Bad file descriptor\n")
    }

    // Issue 13, item 7.
    @Test func errorsWithStderrClosedStillExitWithTheirStatus() throws {
        #expect(try ShellRun(["render", "examples/nope/scene.json", "--png", "/tmp/x.png"], redirections: "2>&-").status == 2)
        #expect(try ShellRun(["audit", "examples/overlap/scene.json"], redirections: ">/dev/full 2>&-").status == 1)
        #expect(try ShellRun(["replay", "examples/overlap/scene.json"], redirections: "2>&-").status == 2)
    }

    // Issue 13, item 12.
    @Test func aClosedPipeIsAnOutputErrorWithStatusOneNotSIGPIPE() throws {
        let run = try ShellRun(["replay", "examples/overlap/scene.json", "examples/overlap/input.jsonl"], closedStdout: true)
        #expect(run.status == 1)
        #expect(run.stderr == "touchstone: error: standard output: write failed: Broken pipe\n")
        let help = try ShellRun(["--help"], closedStdout: true)
        #expect(help.status == 1)
    }

    // Issue 13, item 8.
    @Test func inputFilesAreReadFromPipesFIFOsAndStandardInput() throws {
        let expected = try String(contentsOfFile: CLIRun.packageRoot.path + "/examples/overlap/events.jsonl", encoding: .utf8)
        let viaStdin = try ShellRun(["replay", "examples/overlap/scene.json", "/dev/stdin"],
                                    stdin: CLIRun.packageRoot.path + "/examples/overlap/input.jsonl")
        #expect(viaStdin.status == 0 && viaStdin.stdout == expected)
        let viaPipe = try ShellRun(["replay", "examples/overlap/scene.json", "/dev/stdin"],
                                   setup: "cat examples/overlap/input.jsonl |")
        #expect(viaPipe.status == 0 && viaPipe.stdout == expected)
        let folder = try ScratchFolder()
        let directory = try CLIRun(["audit", folder.path])
        #expect(directory.status == 2)
        #expect(directory.stderr == "touchstone: error: \(folder.path): cannot read: is a directory\n")
    }

    // Issue 13, item 11.
    @Test func terminalControlCharactersInNamesAreEscapedInTheTableAndInErrors() throws {
        let folder = try ScratchFolder()
        let scene = try folder.write("scene.json", """
        {"size": [100, 100], "root": {"name": "root", "frame": [0, 0, 100, 100], "children": [
          {"name": "red\\u001b[31m\\u0007\\u202e", "kind": "button", "frame": [0, 0, 50, 50]}]}}
        """)
        let audit = try CLIRun(["audit", scene])
        #expect(!audit.stdout.contains("\u{1B}") && !audit.stdout.contains("\u{07}") && !audit.stdout.contains("\u{202E}"))
        #expect(audit.stdout.contains(#"red\x1B[31m\x07\u{202E}  button"#))
        let duplicate = try folder.write("dup.json", """
        {"size": [100, 100], "root": {"name": "\\u001b]0;owned\\u0007", "frame": [0, 0, 100, 100], "children": [
          {"name": "\\u001b]0;owned\\u0007", "frame": [0, 0, 50, 50]}]}}
        """)
        let error = try CLIRun(["audit", duplicate])
        #expect(error.status == 2)
        #expect(!error.stderr.contains("\u{1B}") && error.stderr.contains(#"'\x1B]0;owned\x07' is already used"#))
    }
}
