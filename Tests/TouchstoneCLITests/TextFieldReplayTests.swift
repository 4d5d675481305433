import Foundation
import Testing

/// `touchstone replay` with text fields (behaviour.md §16).
@Suite struct TextFieldReplayTests {
    private func script(_ lines: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID()).jsonl").path
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aKeyNameXKBCommonDoesNotKnowExitsTwoNamingTheLine() throws {
        let path = try script("""
        {"t":0,"type":"key","key":"a","state":"pressed"}
        {"t":10,"type":"key","key":"Retrun","state":"pressed"}
        """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["replay", "examples/search/scene.json", path])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "touchstone: error: \(path):2: key: 'Retrun' is not an xkb keysym name\n")
    }

    @Test func keysymsByNameTypeTheirCharactersAndDeadKeysCompose() throws {
        let path = try script("""
        {"t":0,"type":"touch.down","id":1,"x":100,"y":32}
        {"t":0,"type":"touch.frame"}
        {"t":50,"type":"touch.up","id":1}
        {"t":100,"type":"key","key":"eacute","state":"pressed"}
        {"t":200,"type":"key","key":"dead_diaeresis","state":"pressed"}
        {"t":300,"type":"key","key":"u","state":"pressed"}
        {"t":400,"type":"key","key":"EuroSign","state":"pressed"}
        {"t":500,"type":"text.commit","text":"日本"}
        """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIRun(["replay", "examples/search/scene.json", path])
        #expect(run.status == 0, "\(run.stderr)")
        let changes = run.stdout.split(separator: "\n").filter { $0.contains("editingChanged") }
        #expect(changes == [
            #"{"t":100,"node":"search","event":"editingChanged","text":"é","caret":1}"#,
            #"{"t":300,"node":"search","event":"editingChanged","text":"éü","caret":2}"#,
            #"{"t":400,"node":"search","event":"editingChanged","text":"éü€","caret":3}"#,
            #"{"t":500,"node":"search","event":"editingChanged","text":"éü€日本","caret":5}"#,
        ])
    }
}
