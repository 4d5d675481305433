import Testing
import NodeCore
@testable import SceneFormat

@Suite struct EventLogTests {
    @Test func lineMatchesTheSpecFormat() {
        let entry = EventLogEntry(time: 30, node: "play", event: .touchUpInside, touch: .finger(1),
                                  location: Point(x: 12, y: 4))
        #expect(entry.line == #"{"t":30,"node":"play","event":"touchUpInside","touch":1,"x":12.0,"y":4.0}"#)
    }

    @Test func pointerTouchesAndValuesAreWritten() {
        let slider = EventLogEntry(time: 1.5, node: "s\"q", event: .valueChanged, touch: .pointer,
                                   location: Point(x: 0.1 + 0.2, y: -0.0001), value: .number(0.25))
        #expect(slider.line == #"{"t":1.5,"node":"s\"q","event":"valueChanged","touch":"pointer","x":0.3,"y":0.0,"value":0.25}"#)
        let toggle = EventLogEntry(time: 0, node: "t", event: .valueChanged, touch: nil, location: nil, value: .bool(true))
        #expect(toggle.line == #"{"t":0,"node":"t","event":"valueChanged","value":true}"#)
    }

    @Test func logRoundTrips() throws {
        let entries = [
            EventLogEntry(time: 0, node: "a", event: .touchDown, touch: .finger(7), location: Point(x: 1, y: 2)),
            EventLogEntry(time: 5, node: "b", event: .valueChanged, touch: .pointer, location: Point(x: 3.5, y: 4), value: .number(0.5)),
            EventLogEntry(time: 9, node: "c", event: .touchCancel, touch: nil, location: nil, value: .bool(false)),
        ]
        let text = entries.map(\.line).joined(separator: "\n") + "\n"
        #expect(try EventLog.decode(Array(text.utf8), file: "log.jsonl") == entries)
    }

    @Test func recorderLogsOneLinePerBitWithTouchInControlCoordinates() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let button = ButtonNode(name: "play", frame: Rect(x: 10, y: 20, width: 50, height: 30))
        root.addSubnode(button)
        let window = Window(root: root, size: Size(width: 100, height: 100))
        var lines: [String] = []
        EventRecorder.attach(to: root) { lines.append($0.line) }
        window.touchDown(.finger(3), at: Point(x: 22, y: 24), time: 5)
        window.touchUp(.finger(3), time: 9)
        window.touchDown(.finger(4), at: Point(x: 23, y: 25), time: 100)
        #expect(lines == [
            #"{"t":5,"node":"play","event":"touchDown","touch":3,"x":12.0,"y":4.0}"#,
            #"{"t":9,"node":"play","event":"touchUpInside","touch":3,"x":12.0,"y":4.0}"#,
            #"{"t":9,"node":"play","event":"primaryActionTriggered","touch":3,"x":12.0,"y":4.0}"#,
            #"{"t":100,"node":"play","event":"touchDown","touch":4,"x":13.0,"y":5.0}"#,
            #"{"t":100,"node":"play","event":"touchDownRepeat","touch":4,"x":13.0,"y":5.0}"#,
        ])
    }

    @Test func aLineWithTheLongestFieldsAndANameOfEscapesIsWrittenWhole() throws {
        // Every byte of the name escaped to six, every number at its longest form.
        let name = String(repeating: "\u{1}\"", count: 200)
        let entry = EventLogEntry(time: -1.7976931348623157e308, node: name, logged: .scroll(.ended(decelerates: false)),
                                  touch: .finger(Int.min), location: Point(x: -1.2345678901234567e300, y: -9.87654321e-300),
                                  value: .number(-2.2250738585072014e-308), rows: Int.min)
        var bytes: [UInt8] = Array("before ".utf8)
        entry.appendLine(to: &bytes)
        let line = String(decoding: bytes.dropFirst(7), as: UTF8.self)
        // Plain decimals however large (behaviour.md §20.4): the digits of the doubles' whole values.
        #expect(line == #"{"t":-179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368,"node":""# + String(repeating: #"\u0001\""#, count: 200)
                + #"","event":"scrollEnded","touch":-9223372036854775808,"x":-1234567890123456698389785096941137109539563939400906178972746095193778834155196589276895017270450588975658350266992056265860499730006578652276221213489172037567326374779494785936578734450162715301913431350937445680956159674591954491096852808377632641560455300479024597250308658144423798370467152134144,"y":0.0,"#
                + #""value":0.0,"decelerates":false,"rows":-9223372036854775808}"#)
    }
}
