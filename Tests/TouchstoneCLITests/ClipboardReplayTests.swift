import Foundation
import Testing

/// `touchstone replay` of copy and paste (behaviour.md §16.7): a script's own Ctrl+C and
/// Ctrl+V use an in-process clipboard; a recording's `text.paste` lines are its pastes.
@Suite struct ClipboardReplayTests {
    private static let tap = """
    {"t":0,"type":"touch.down","id":1,"x":100,"y":32}
    {"t":0,"type":"touch.frame"}
    {"t":50,"type":"touch.up","id":1}
    """

    private func replay(_ lines: String) throws -> [Substring] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID()).jsonl").path
        try (Self.tap + "\n" + lines).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["replay", "examples/search/scene.json", path])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").filter { $0.contains("editingChanged") }
    }

    @Test func aScriptsOwnCopyAndPasteUseAnInProcessClipboard() throws {
        let changes = try replay("""
        {"t":100,"type":"key","key":"o","state":"pressed"}
        {"t":200,"type":"key","key":"k","state":"pressed"}
        {"t":300,"type":"key","key":"a","state":"pressed","modifiers":["ctrl"]}
        {"t":400,"type":"key","key":"c","state":"pressed","modifiers":["ctrl"]}
        {"t":500,"type":"key","key":"End","state":"pressed"}
        {"t":600,"type":"key","key":"v","state":"pressed","modifiers":["ctrl"]}
        """)
        #expect(changes.last == #"{"t":600,"node":"search","event":"editingChanged","text":"okok","caret":4}"#)
    }

    @Test func aRecordingsPasteLinesPasteOnceAndItsCtrlVNothing() throws {
        // As `--record` writes a live paste: the key, then the text once it was read.
        let changes = try replay("""
        {"t":100,"type":"key","key":"o","state":"pressed"}
        {"t":300,"type":"key","key":"a","state":"pressed","modifiers":["ctrl"]}
        {"t":400,"type":"key","key":"c","state":"pressed","modifiers":["ctrl"]}
        {"t":500,"type":"key","key":"End","state":"pressed"}
        {"t":600,"type":"key","key":"v","state":"pressed","modifiers":["ctrl"]}
        {"t":603,"type":"text.paste","text":"from\\telsewhere"}
        """)
        #expect(changes == [
            #"{"t":100,"node":"search","event":"editingChanged","text":"o","caret":1}"#,
            #"{"t":603,"node":"search","event":"editingChanged","text":"ofrom elsewhere","caret":15}"#,
        ])
    }
}
