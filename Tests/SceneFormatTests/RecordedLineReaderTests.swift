import SeededRandom
import Testing
@testable import NodeCore
@testable import SceneFormat

// Input-script lines in the recorder's own shapes are read straight from their bytes
// (`RecordedLineReader`); every other line goes through the JSON parser. Over generated
// recordings and seeded mutations of them, the fast reader must never accept a line the
// parser rejects, and must read every line it accepts exactly as the parser does.

/// The event read by the fast reader, if it takes the line.
private func fast(_ line: [UInt8]) -> TimedInputEvent? {
    line.withUnsafeBufferPointer { RecordedLineReader.read($0) }
}

/// The parser's reading of the line, or its error.
private func parsed(_ line: [UInt8]) -> Result<TimedInputEvent, FormatError> {
    line.withUnsafeBufferPointer { buffer in
        Result { () throws(FormatError) in try InputScript.decodeParsedLine(buffer, file: "s.jsonl", line: 3) }
    }
}

/// Equal to the bit: -0 and 0 differ, as they would in a log.
private func identical(_ a: TimedInputEvent, _ b: TimedInputEvent) -> Bool {
    func bits(_ e: TimedInputEvent) -> [UInt64] {
        var numbers = [e.time]
        switch e.event {
        case let .touchDown(_, p), let .touchMotion(_, p), let .pointerMotion(p): numbers += [p.x, p.y]
        case let .pointerAxis(_, value, _): numbers.append(value)
        default: break
        }
        return numbers.map(\.bitPattern)
    }
    return a == b && bits(a) == bits(b)
}

/// Events of every type with values drawn to reach the limits and the number forms.
private func randomEvent(_ random: inout SplitMix64) -> TimedInputEvent {
    func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
    let numbers: [Double] = [0, -0.0, 1, 12.5, -3.25, 0.001, 1e9, -1e9, 1e9 + 1, 123_456.789, 9_007_199_254_740_991, 1e15, 1e300,
                             0.1, 17.939999999999998, Double(random.next() % 100_000) / 8]
    let time = pick([0, 16, 2.5, 9_007_199_254_740_991, 1e16, Double(random.next() % 1_000_000)])
    let id = pick([0, 1, -7, 9_007_199_254_740_991, Int(random.next() % 1000)])
    let point = Point(x: pick(numbers), y: pick(numbers))
    let event: InputEvent = pick([
        .touchDown(id: id, location: point), .touchMotion(id: id, location: point), .touchUp(id: id), .touchFrame,
        .touchCancel, .pointerMotion(location: point), .pointerButton(pick(PointerButton.allCases), pressed: pick([true, false])),
        .pointerLeave, .pointerAxis(pick(Axis.allCases), value: pick(numbers), source: pick(AxisSource.allCases)),
        .pointerAxisStop(pick(Axis.allCases)), .key(pick(["d", "Escape", "", "a\"b", "é", "\\", "F1", "\u{1}"]), pressed: pick([true, false])),
    ])
    return TimedInputEvent(time: time, event: event)
}

/// Spellings the recorder never writes but people and other tools do.
private let variants: [(String, String)] = [
    (",", ", "), (":", " : "), ("{", "{ "), ("}", " }"), ("\"t\"", "\"T\""), (".0", ""), ("0", "0.0"), ("1", "1e0"),
    ("\"id\":", "\"id\":1,\"id\":"), ("}", ",\"extra\":1}"), ("pressed", "pressedd"), ("\"x\"", "\"\\u0078\""), ("}", "}\r"),
]

@Suite struct RecordedLineReaderTests {
    @Test func theFastReaderTakesEveryLineTheRecorderWrites() {
        var random = SplitMix64(seed: 0xFA57_0001)
        for _ in 0 ..< 5_000 {
            let event = randomEvent(&random)
            let line = Array(InputScript.encode(event).utf8)
            guard case .success(let expected) = parsed(line) else { continue }  // out of limits: the parser's error
            let read = fast(line)
            // Left to the parser: keys that need escapes or are not ASCII, and scroll values
            // past 10^9, which are written with 17 digits or an exponent.
            if case .key(let key, _, _) = event.event, !key.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
                #expect(read == nil)
                continue
            }
            if case .pointerAxis(_, let value, _) = event.event, abs(value) > 1e9 {
                if let read { #expect(identical(read, expected)) }
                continue
            }
            #expect(read != nil, "\(InputScript.encode(event))")
            if let read { #expect(identical(read, expected), "\(InputScript.encode(event))") }
        }
    }

    @Test func fastAndParsedReadingsAgreeOnGeneratedAndMutatedLines() {
        var random = SplitMix64(seed: 0xFA57_0002)
        var mutator = ParserFuzzTests.Mutator(state: 0xFA57_0003)
        var taken = 0, rejected = 0
        for round in 0 ..< 20_000 {
            var text = InputScript.encode(randomEvent(&random))
            if round % 3 == 1 {
                let (from, to) = variants[Int(random.next() % UInt64(variants.count))]
                if let range = text.range(of: from) { text.replaceSubrange(range, with: to) }
            }
            let line = round % 3 == 2 ? mutator.mutate(Array(text.utf8)) : Array(text.utf8)
            let reading = parsed(line)
            guard let read = fast(line) else { continue }
            taken += 1
            switch reading {
            case .success(let expected):
                #expect(identical(read, expected), "\(String(decoding: line, as: UTF8.self))")
            case .failure(let error):
                rejected += 1
                Issue.record("the fast reader took a line the parser rejects (\(error.message)): \(String(decoding: line, as: UTF8.self))")
            }
        }
        #expect(taken > 5_000 && rejected == 0)
    }

    @Test func linesTheFastReaderLeavesGetTheParsersMessages() throws {
        // Each is one byte away from a recorder line; the error is the parser's, with the script's line.
        let cases: [(String, String)] = [
            (#"{"t":-1,"type":"touch.frame"}"#, "-1 is out of range 0...9007199254740991"),
            (#"{"t":1,"type":"touch.down","id":1.5,"x":1,"y":2}"#, "expected a whole number in -9007199254740991...9007199254740991, got 1.5"),
            (#"{"t":1,"type":"touch.down","id":1,"x":10000000000,"y":2}"#, "10000000000 is out of range -1000000000...1000000000"),
            (#"{"t":1,"type":"key","key":"","state":"pressed"}"#, "must not be empty"),
            (#"{"t":1,"type":"touch.frame","id":1}"#, "unknown key; allowed here: t, type for type 'touch.frame'"),
            (#"{"t":1,"type":"pointer.button","button":"left","state":"down"}"#, "'down' is not one of pressed, released"),
        ]
        for (text, message) in cases {
            #expect(fast(Array(text.utf8)) == nil)
            do {
                _ = try InputScript.decode(Array(("\n\n" + text).utf8), file: "s.jsonl")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.line == 3)
                #expect(error.message.hasSuffix(message) || error.message == message, "\(text): \(error.message)")
            }
        }
    }
}
