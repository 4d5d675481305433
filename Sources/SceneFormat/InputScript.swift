import Glibc
import JSONOutput
import NodeCore

/// Reads and writes input scripts (behaviour.md §7.2): one JSON event per line, `t` in
/// milliseconds never going backwards, coordinates in surface points.
public enum InputScript {
    static let touchTypes = ["touch.down", "touch.motion", "touch.up", "touch.frame", "touch.cancel"]
    static let pointerTypes = ["pointer.motion", "pointer.button", "pointer.leave", "pointer.axis", "pointer.axis_stop"]
    static let allTypes = touchTypes + pointerTypes + ["key"]

    /// Decodes a whole script; blank lines are skipped. Lines are read in place, one pass.
    public static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> [TimedInputEvent] {
        try bytes.withUnsafeBufferPointer { (all) throws(FormatError) in
            var events: [TimedInputEvent] = []
            var lastTime = -Double.infinity
            var lineNumber = 0
            var start = 0
            while start <= all.count {
                // memchr: a byte-by-byte search was a fifth of reading a recorded line.
                var end = all.count
                if start < all.count, let newline = memchr(all.baseAddress! + start, 0x0A, all.count - start) {
                    end = UnsafeRawPointer(all.baseAddress!).distance(to: newline)
                }
                lineNumber += 1
                let rawLine = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                if rawLine.first != UInt8(ascii: "{"), rawLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                let event = try decodeLine(rawLine, file: file, line: lineNumber)
                if event.time < lastTime {
                    throw FormatError(file: file, line: lineNumber, key: "t",
                                      message: "time \(JSONWriting.integral(event.time)) goes backwards (previous event at \(JSONWriting.integral(lastTime)))")
                }
                lastTime = event.time
                events.append(event)
            }
            return events
        }
    }

    /// Decodes one line (`line` is its 1-based number in `file`).
    public static func decodeLine(_ bytes: [UInt8], file: String, line: Int) throws(FormatError) -> TimedInputEvent {
        try bytes.withUnsafeBufferPointer { (buffer) throws(FormatError) in try decodeLine(buffer, file: file, line: line) }
    }

    static func decodeLine(_ bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int) throws(FormatError) -> TimedInputEvent {
        if let event = RecordedLineReader.read(bytes) { return event }
        return try decodeParsedLine(bytes, file: file, line: line)
    }

    /// Decodes one line through the JSON parser: every line the recorder's shapes do not
    /// cover, and the source of every message.
    static func decodeParsedLine(_ bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int) throws(FormatError) -> TimedInputEvent {
        let json: JSONNode
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FormatError(file: file, line: line, key: nil, message: error.message)
        }
        var r = try ObjectReader(json, file: file, path: "")
        let lineFix = { (e: FormatError) in FormatError(file: e.file, line: line, key: e.key, message: e.message) }
        do throws(FormatError) {
            let t = try r.required("t") { (r: inout ObjectReader, k: String) throws(FormatError) in
                try r.number(k, in: FileLimits.times)
            }
            let type = try r.required("type") { (r: inout ObjectReader, k: String) throws(FormatError) in
                try r.choice(k, allTypes)
            }
            func point(_ r: inout ObjectReader) throws(FormatError) -> Point {
                let x = try r.required("x") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.number(k, in: FileLimits.coordinates)
                }
                let y = try r.required("y") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.number(k, in: FileLimits.coordinates)
                }
                return Point(x: x, y: y)
            }
            func id(_ r: inout ObjectReader) throws(FormatError) -> Int {
                try r.required("id") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.integer(k) }
            }
            func pressed(_ r: inout ObjectReader) throws(FormatError) -> Bool {
                try r.required("state") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.choice(k, ["pressed", "released"])
                } == "pressed"
            }
            func axis(_ r: inout ObjectReader) throws(FormatError) -> Axis {
                Axis(rawValue: try r.required("axis") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.choice(k, Axis.allCases.map(\.rawValue))
                })!
            }
            let event: InputEvent
            switch type {
            case "touch.down": event = .touchDown(id: try id(&r), location: try point(&r))
            case "touch.motion": event = .touchMotion(id: try id(&r), location: try point(&r))
            case "touch.up": event = .touchUp(id: try id(&r))
            case "touch.frame": event = .touchFrame
            case "touch.cancel": event = .touchCancel
            case "pointer.motion": event = .pointerMotion(location: try point(&r))
            case "pointer.button":
                let name = try r.required("button") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.choice(k, PointerButton.allCases.map(\.rawValue))
                }
                event = .pointerButton(PointerButton(rawValue: name)!, pressed: try pressed(&r))
            case "pointer.leave": event = .pointerLeave
            case "pointer.axis":
                let value = try r.required("value") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.number(k) }
                let source = try r.required("source") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.choice(k, AxisSource.allCases.map(\.rawValue))
                }
                event = .pointerAxis(try axis(&r), value: value, source: AxisSource(rawValue: source)!)
            case "pointer.axis_stop":
                event = .pointerAxisStop(try axis(&r))
            default:
                let key = try r.required("key") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
                guard !key.isEmpty else { throw r.fail("key", "must not be empty") }
                event = .key(key, pressed: try pressed(&r))
            }
            try r.finish(allowed: "\(keys(of: type).joined(separator: ", ")) for type '\(type)'")
            return TimedInputEvent(time: t, event: event)
        } catch {
            throw lineFix(error)
        }
    }

    /// The keys a line of `type` has, for the message about an unknown one.
    static func keys(of type: String) -> [String] {
        switch type {
        case "touch.down", "touch.motion": return ["t", "type", "id", "x", "y"]
        case "touch.up": return ["t", "type", "id"]
        case "pointer.motion": return ["t", "type", "x", "y"]
        case "pointer.button": return ["t", "type", "button", "state"]
        case "pointer.axis": return ["t", "type", "axis", "value", "source"]
        case "pointer.axis_stop": return ["t", "type", "axis"]
        case "key": return ["t", "type", "key", "state"]
        default: return ["t", "type"]
        }
    }

    /// One script line for `event`, without the newline.
    public static func encode(_ event: TimedInputEvent) -> String {
        let t = JSONWriting.integral(event.time)
        func xy(_ p: Point) -> String { "\"x\":\(JSONWriting.coordinate(p.x)),\"y\":\(JSONWriting.coordinate(p.y))" }
        switch event.event {
        case .touchDown(let id, let p): return "{\"t\":\(t),\"type\":\"touch.down\",\"id\":\(id),\(xy(p))}"
        case .touchMotion(let id, let p): return "{\"t\":\(t),\"type\":\"touch.motion\",\"id\":\(id),\(xy(p))}"
        case .touchUp(let id): return "{\"t\":\(t),\"type\":\"touch.up\",\"id\":\(id)}"
        case .touchFrame: return "{\"t\":\(t),\"type\":\"touch.frame\"}"
        case .touchCancel: return "{\"t\":\(t),\"type\":\"touch.cancel\"}"
        case .pointerMotion(let p): return "{\"t\":\(t),\"type\":\"pointer.motion\",\(xy(p))}"
        case .pointerButton(let b, let pressed):
            return "{\"t\":\(t),\"type\":\"pointer.button\",\"button\":\"\(b.rawValue)\",\"state\":\"\(pressed ? "pressed" : "released")\"}"
        case .pointerLeave: return "{\"t\":\(t),\"type\":\"pointer.leave\"}"
        case .pointerAxis(let axis, let value, let source):
            return "{\"t\":\(t),\"type\":\"pointer.axis\",\"axis\":\"\(axis.rawValue)\",\"value\":\(JSONWriting.coordinate(value)),\"source\":\"\(source.rawValue)\"}"
        case .pointerAxisStop(let axis):
            return "{\"t\":\(t),\"type\":\"pointer.axis_stop\",\"axis\":\"\(axis.rawValue)\"}"
        case .key(let key, let pressed):
            return "{\"t\":\(t),\"type\":\"key\",\"key\":\(JSONWriting.quote(key)),\"state\":\"\(pressed ? "pressed" : "released")\"}"
        }
    }
}
