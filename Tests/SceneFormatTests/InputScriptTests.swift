import Testing
import NodeCore
@testable import SceneFormat

@Suite struct InputScriptTests {
    static let everyType = """
    {"t":0,"type":"touch.down","id":1,"x":10,"y":20}
    {"t":0,"type":"touch.frame"}
    {"t":16,"type":"touch.motion","id":1,"x":12.5,"y":24}
    {"t":16,"type":"touch.frame"}
    {"t":30,"type":"touch.up","id":1}
    {"t":30,"type":"touch.frame"}
    {"t":40,"type":"touch.cancel"}
    {"t":50,"type":"pointer.motion","x":5,"y":5}
    {"t":60,"type":"pointer.button","button":"left","state":"pressed"}
    {"t":70,"type":"pointer.button","button":"left","state":"released"}
    {"t":80,"type":"pointer.leave"}
    {"t":90,"type":"key","key":"d","state":"pressed"}
    """

    @Test func decodesEveryEventType() throws {
        let events = try InputScript.decode(Array(Self.everyType.utf8), file: "in.jsonl")
        #expect(events.map(\.event) == [
            .touchDown(id: 1, location: Point(x: 10, y: 20)), .touchFrame,
            .touchMotion(id: 1, location: Point(x: 12.5, y: 24)), .touchFrame,
            .touchUp(id: 1), .touchFrame, .touchCancel,
            .pointerMotion(location: Point(x: 5, y: 5)),
            .pointerButton(.left, pressed: true), .pointerButton(.left, pressed: false),
            .pointerLeave, .key("d", pressed: true),
        ])
        #expect(events.map(\.time) == [0, 0, 16, 16, 30, 30, 40, 50, 60, 70, 80, 90])
    }

    @Test func encodingRoundTrips() throws {
        let events = try InputScript.decode(Array(Self.everyType.utf8), file: "in.jsonl")
        let text = events.map(InputScript.encode).joined(separator: "\n")
        #expect(try InputScript.decode(Array(text.utf8), file: "again.jsonl") == events)
        #expect(InputScript.encode(events[0]) == #"{"t":0,"type":"touch.down","id":1,"x":10.0,"y":20.0}"#)
    }

    @Test func timeGoingBackwardsIsRejected() {
        let text = "{\"t\":10,\"type\":\"touch.frame\"}\n\n{\"t\":9,\"type\":\"touch.frame\"}"
        #expect(throws: FormatError(file: "in.jsonl", line: 3, key: "t",
                                    message: "time 9 goes backwards (previous event at 10)")) {
            try InputScript.decode(Array(text.utf8), file: "in.jsonl")
        }
    }

    @Test func keysThatDoNotBelongToTheTypeAreRejected() {
        let text = "{\"t\":0,\"type\":\"touch.frame\"}\n{\"t\":1,\"type\":\"touch.up\",\"id\":1,\"x\":3}"
        #expect(throws: FormatError(file: "in.jsonl", line: 2, key: "x",
                                    message: "unknown key; allowed here: t, type, id for type 'touch.up'")) {
            try InputScript.decode(Array(text.utf8), file: "in.jsonl")
        }
    }

    @Test func malformedLinesNameLineAndKey() {
        func message(_ line: String) -> String? {
            do { _ = try InputScript.decode(Array(line.utf8), file: "in.jsonl"); return nil } catch { return error.description }
        }
        #expect(message(#"{"t":0,"type":"touch.tap"}"#)
                == "in.jsonl:1: type: 'touch.tap' is not one of touch.down, touch.motion, touch.up, touch.frame, touch.cancel, pointer.motion, pointer.button, pointer.leave, pointer.axis, pointer.axis_stop, key, key.repeat, text.preedit, text.commit, text.delete, text.paste")
        #expect(message(#"{"t":0,"type":"touch.down","id":1.5,"x":0,"y":0}"#) == "in.jsonl:1: id: expected a whole number in -9007199254740991...9007199254740991, got 1.5")
        #expect(message(#"{"t":0,"type":"touch.down","id":1,"x":0}"#) == "in.jsonl:1: y: required key is missing")
        #expect(message(#"{"t":-1,"type":"touch.frame"}"#) == "in.jsonl:1: t: -1 is out of range 0...9007199254740991")
        #expect(message(#"{"type":"touch.frame"}"#) == "in.jsonl:1: t: required key is missing")
        #expect(message("{\"t\":0,\"type\":\"key\",\"key\":\"d\",\"state\":\"down\"}") == "in.jsonl:1: state: 'down' is not one of pressed, released")
        #expect(message("[1]") == "in.jsonl:1: expected an object, got an array")
    }
}
