import Testing
import NodeCore
@testable import SceneFormat

// behaviour.md §9.8: the scroll scene keys, the pointer axis script lines and the
// scroll event-log lines, with strict errors.

@Suite struct ScrollFormatTests {
    func scene(_ node: String) throws(FormatError) -> Scene {
        try SceneDecoder.decode(Array("""
        {"size":[100,100],"root":{"name":"r","frame":[0,0,100,100],"children":[
        \(node)
        ]}}
        """.utf8), file: "s.json")
    }

    func error(_ node: String) -> String? {
        do {
            _ = try scene(node)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyScrollKeyIsDecoded() throws {
        let s = try scene("""
        {"name":"l","kind":"scroll","frame":[0,0,50,50],"contentSize":[50,500],"contentOffset":[0,20],
         "contentInset":[1,2,3,4],"scrollEnabled":false,"bounces":false,"alwaysBounceVertical":true,
         "alwaysBounceHorizontal":true,"delaysContentTouches":false,"canCancelContentTouches":false,
         "cancelsControlTouches":true,"decelerationRate":"fast","scrollSlop":4,"contentTouchDelay":80}
        """)
        let l = try #require(s.root.node(named: "l") as? ScrollNode)
        #expect(l.contentSize == Size(width: 50, height: 500) && l.contentOffset == Point(x: 0, y: 20))
        #expect(l.contentInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(!l.isScrollEnabled && !l.bounces && l.alwaysBounceVertical && l.alwaysBounceHorizontal)
        #expect(!l.delaysContentTouches && !l.canCancelContentTouches && l.cancelsControlTouches)
        #expect(l.decelerationRate == 0.99 && l.scrollSlop == 4 && l.contentTouchDelay == 80)
        #expect(l.clipsToBounds)
    }

    @Test func decelerationRateTakesNormalOrANumberBetweenZeroAndOne() throws {
        let l = try scene(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"decelerationRate":"normal"}"#).root.subnodes[0]
        #expect((l as? ScrollNode)?.decelerationRate == 0.998)
        let n = try scene(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"decelerationRate":0.95}"#).root.subnodes[0]
        #expect((n as? ScrollNode)?.decelerationRate == 0.95)
        #expect(error(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"decelerationRate":1}"#)
                == "s.json:2: root.children[0].decelerationRate: must be between 0 and 1 (exclusive) per ms, got 1")
        #expect(error(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"decelerationRate":"slow"}"#)
                == "s.json:2: root.children[0].decelerationRate: expected a number or \"normal\" or \"fast\", got a string")
    }

    @Test func scrollKeysOnOtherKindsAndBadShapesAreRejected() {
        #expect(error(#"{"name":"b","kind":"button","frame":[0,0,5,5],"contentSize":[9,9]}"#)
                == "s.json:2: root.children[0].contentSize: only scroll nodes have 'contentSize' (this node's kind is 'button')")
        #expect(error(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"contentSize":[-1,9]}"#)
                == "s.json:2: root.children[0].contentSize: width and height must not be negative, got -1 × 9")
        #expect(error(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"contentOffset":[1]}"#)
                == "s.json:2: root.children[0].contentOffset: expected 2 numbers [x, y], got 1")
        #expect(error(#"{"name":"l","kind":"scroll","frame":[0,0,5,5],"enabled":true}"#)
                == "s.json:2: root.children[0].enabled: only controls have 'enabled' (this node's kind is 'scroll')")
    }

    @Test func pointerAxisLinesDecodeAndRoundTrip() throws {
        let text = """
        {"t":5,"type":"pointer.axis","axis":"vertical","value":-12.5,"source":"finger"}
        {"t":6,"type":"pointer.axis_stop","axis":"horizontal"}
        """
        let events = try InputScript.decode(Array(text.utf8), file: "in.jsonl")
        #expect(events == [TimedInputEvent(time: 5, event: .pointerAxis(.vertical, value: -12.5, source: .finger)),
                           TimedInputEvent(time: 6, event: .pointerAxisStop(.horizontal))])
        let again = try InputScript.decode(Array(events.map(InputScript.encode).joined(separator: "\n").utf8), file: "x")
        #expect(again == events)
    }

    @Test func badPointerAxisLinesAreRejected() {
        func message(_ line: String) -> String? {
            do {
                _ = try InputScript.decode(Array(line.utf8), file: "in.jsonl")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(#"{"t":0,"type":"pointer.axis","axis":"diagonal","value":1,"source":"wheel"}"#)
                == "in.jsonl:1: axis: 'diagonal' is not one of horizontal, vertical")
        #expect(message(#"{"t":0,"type":"pointer.axis","axis":"vertical","value":1}"#)
                == "in.jsonl:1: source: required key is missing")
        #expect(message(#"{"t":0,"type":"pointer.axis_stop","axis":"vertical","value":1}"#)?
                    .hasPrefix("in.jsonl:1: value: unknown key") == true)
    }

    @Test func scrollLinesAreWrittenAndReadBack() throws {
        let entries = [
            EventLogEntry(time: 16, node: "list", scroll: .began, touch: .finger(1), offset: Point(x: 0, y: 0)),
            EventLogEntry(time: 32, node: "list", scroll: .scrolled, touch: nil, offset: Point(x: 0, y: 12.5)),
            EventLogEntry(time: 48, node: "list", scroll: .ended(decelerates: true), touch: .finger(1), offset: Point(x: 0, y: 40)),
            EventLogEntry(time: 184.8492963, node: "list", scroll: .stopped, touch: nil, offset: Point(x: 0, y: 640)),
        ]
        let lines = entries.map(\.line)
        #expect(lines == [
            #"{"t":16,"node":"list","event":"scrollBegan","touch":1,"x":0.0,"y":0.0}"#,
            #"{"t":32,"node":"list","event":"scrolled","x":0.0,"y":12.5}"#,
            #"{"t":48,"node":"list","event":"scrollEnded","touch":1,"x":0.0,"y":40.0,"decelerates":true}"#,
            #"{"t":184.849,"node":"list","event":"scrollStopped","x":0.0,"y":640.0}"#,
        ])
        let decoded = try EventLog.decode(Array(lines.joined(separator: "\n").utf8), file: "log")
        #expect(decoded.map(\.event) == entries.map(\.event))
        #expect(decoded[2].event == .scroll(.ended(decelerates: true)))
    }

    @Test func scrollEndedNeedsDeceleratesAndOtherLinesRejectIt() {
        func message(_ line: String) -> String? {
            do {
                _ = try EventLog.decode(Array(line.utf8), file: "log")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(#"{"t":1,"node":"l","event":"scrollEnded","x":0,"y":0}"#) == "log:1: decelerates: required key is missing")
        #expect(message(#"{"t":1,"node":"l","event":"scrolled","x":0,"y":0,"decelerates":true}"#)?
                    .hasPrefix("log:1: decelerates: unknown key") == true)
    }

    @Test func theRecorderLogsScrollNodes() {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let list = ScrollNode(name: "list", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        list.contentSize = Size(width: 100, height: 300)
        root.addSubnode(list)
        var lines: [String] = []
        EventRecorder.attach(to: root) { lines.append($0.line) }
        let input = InputDispatcher(window: Window(root: root, size: Size(width: 100, height: 100)))
        input.handle(.pointerMotion(location: Point(x: 5, y: 5)), at: 0)
        input.handle(.pointerAxis(.vertical, value: 30, source: .wheel), at: 7)
        #expect(lines == [#"{"t":7,"node":"list","event":"scrolled","x":0.0,"y":30.0}"#])
    }
}
