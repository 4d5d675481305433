import Foundation
import SceneFormat
import Testing

/// A seeded mutation fuzzer over the scene and input-script parsers, with `examples/` as
/// its corpus: every mutant must decode or fail with a `FormatError`, never crash, hang or
/// trap (under AddressSanitizer in CI, never touch memory it should not). A fixed seed and
/// count bound its time and make a failure reproducible.
@Suite struct ParserFuzzTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    static let mutantsPerFile = 600

    /// Values that have broken parsers before: limits, non-finite spellings, deep nesting.
    static let tokens: [[UInt8]] = ["1e308", "-1e308", "9007199254740993", "1e-400", "-0", "NaN", "Infinity",
                                    "\"\\u0000\"", "\"\\ud800\"", "[[[[[[[[", "}}}}", "null", "\"\u{1B}[31m\"",
                                    "4294967296", "-2147483649", "0.1e1", "\"\u{202E}\"", ",", ":", "\n"].map { Array($0.utf8) }

    /// The files named `names` in each example's case folder (`NAME/scene.json`, ...).
    static func corpus(_ names: [String]) throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted().flatMap { folder in
            try names.compactMap { name in
                let file = examples.appendingPathComponent(folder).appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: file.path) else { return nil }
                return ("\(folder)/\(name)", Array(try Data(contentsOf: file)))
            }
        }
    }

    struct Mutator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }

        /// One to four random edits: flip a byte, delete or duplicate a run, splice a token.
        mutating func mutate(_ input: [UInt8]) -> [UInt8] {
            var bytes = input
            for _ in 0 ... next(4) {
                let at = next(bytes.count + 1)
                switch next(5) {
                case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << next(8))
                case 1: bytes.removeSubrange(at ..< min(bytes.count, at + next(16) + 1))
                case 2: bytes.insert(contentsOf: bytes[at ..< min(bytes.count, at + next(64) + 1)], at: at)
                case 3: bytes.insert(UInt8(next(256)), at: at)
                default: bytes.insert(contentsOf: ParserFuzzTests.tokens[next(ParserFuzzTests.tokens.count)], at: at)
                }
            }
            return bytes
        }
    }

    @Test func mutatedScenesDecodeOrFailWithALineNumber() throws {
        var mutator = Mutator(state: 0x5EED_0001)
        for (name, bytes) in try Self.corpus(["scene.json"]) {
            for _ in 0 ..< Self.mutantsPerFile {
                do {
                    _ = try SceneDecoder.decode(mutator.mutate(bytes), file: name)
                } catch {
                    // Messages may quote the input as it is; the command escapes them for the terminal.
                    #expect(error.line >= 0 && !error.message.isEmpty)
                }
            }
        }
    }

    @Test func mutatedInputScriptsAndEventLogsDecodeOrFailWithALineNumber() throws {
        var mutator = Mutator(state: 0x5EED_0002)
        for (name, bytes) in try Self.corpus(["input.jsonl", "events.jsonl"]) {
            for _ in 0 ..< Self.mutantsPerFile {
                let mutant = mutator.mutate(bytes)
                do {
                    let events = try InputScript.decode(mutant, file: name)
                    // Whatever decodes encodes to lines that decode and encode to the same text.
                    let text = events.map(InputScript.encode).joined(separator: "\n")
                    let again = try InputScript.decode(Array(text.utf8), file: "re-encoded")
                    #expect(again.map(InputScript.encode).joined(separator: "\n") == text)
                } catch {
                    #expect(error.line >= 1)
                }
                do { _ = try EventLog.decode(mutant, file: name) } catch { #expect(error.line >= 1) }
            }
        }
    }
}
