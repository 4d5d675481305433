import Glibc
import JSONOutput
public import NodeCore

/// Reads and writes input scripts (behaviour.md §7.2): one JSON event per line, `t` in
/// milliseconds never going backwards, coordinates in surface points.
public enum InputScript {
    static let touchTypes = ["touch.down", "touch.motion", "touch.up", "touch.frame", "touch.cancel"]
    static let pointerTypes = ["pointer.motion", "pointer.button", "pointer.leave", "pointer.axis", "pointer.axis_stop"]
    static let textTypes = ["text.preedit", "text.commit", "text.delete", "text.paste"]
    static let allTypes = touchTypes + pointerTypes + ["key", "key.repeat"] + textTypes

    /// Decodes a whole script; blank lines are skipped. Lines are read in place, one pass.
    /// `isKeysym` says which key names exist (xkbcommon's keysyms, behaviour.md §16); nil
    /// takes any name.
    public static func decode(_ bytes: [UInt8], file: String,
                              isKeysym: ((String) -> Bool)? = nil) throws(FormatError) -> [TimedInputEvent] {
        try bytes.withUnsafeBufferPointer { (all) throws(FormatError) in
            var events: [TimedInputEvent] = []
            var lines = InputScriptLines(file: file, isKeysym: isKeysym)
            try InputScriptLines.forEachLine(in: all) { (line) throws(FormatError) in
                if let event = try lines.decode(line) { events.append(event) }
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
            case "key.repeat":
                func whole(_ key: String, _ r: inout ObjectReader, in range: ClosedRange<Int>) throws(FormatError) -> Int {
                    let n = try r.required(key) { (r: inout ObjectReader, k: String) throws(FormatError) in try r.integer(k) }
                    guard range.contains(n) else { throw r.fail(key, "must be from \(range.lowerBound) to \(range.upperBound), got \(n)") }
                    return n
                }
                event = .keyRepeat(rate: try whole("rate", &r, in: 0 ... 1000), delay: try whole("delay", &r, in: 0 ... 60_000))
            case "text.preedit":
                let text = try r.required("text") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
                let cursor = try r.integer("cursor") ?? text.count
                guard cursor >= 0, cursor <= text.count else {
                    throw r.fail("cursor", "must be from 0 to \(text.count) (the text's grapheme clusters), got \(cursor)")
                }
                event = .textPreedit(text, cursor: cursor)
            case "text.commit":
                event = .textCommit(try r.required("text") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.string(k)
                })
            case "text.paste":
                event = .textPaste(try r.required("text") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.string(k)
                })
            case "text.delete":
                func count(_ key: String, _ r: inout ObjectReader) throws(FormatError) -> Int {
                    let n = try r.integer(key) ?? 0
                    guard n >= 0 else { throw r.fail(key, "must not be negative, got \(n)") }
                    return n
                }
                event = .textDelete(before: try count("before", &r), after: try count("after", &r))
            default:
                let key = try r.required("key") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
                guard !key.isEmpty else { throw r.fail("key", "must not be empty") }
                event = .key(key, pressed: try pressed(&r), modifiers: try modifiers(&r))
            }
            try r.finish(allowed: "\(keys(of: type).joined(separator: ", ")) for type '\(type)'")
            return TimedInputEvent(time: t, event: event)
        } catch {
            throw lineFix(error)
        }
    }

    /// A key line's `"modifiers"`: a list of `shift`, `ctrl`, `alt`, `logo`; none when absent.
    static func modifiers(_ r: inout ObjectReader) throws(FormatError) -> KeyModifierSet {
        guard let raw = r.raw("modifiers") else { return [] }
        let names = KeyModifierSet.named.map(\.1)
        guard case .array(let items) = raw.value else {
            throw r.fail("modifiers", "expected a list of \(names.joined(separator: ", ")), got \(raw.typeName)")
        }
        var set: KeyModifierSet = []
        for item in items {
            guard case .string(let name) = item.value, let modifier = KeyModifierSet(name: name) else {
                throw r.fail("modifiers", "expected one of \(names.joined(separator: ", ")) in the list")
            }
            set.insert(modifier)
        }
        return set
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
        case "key": return ["t", "type", "key", "state", "modifiers"]
        case "key.repeat": return ["t", "type", "rate", "delay"]
        case "text.preedit": return ["t", "type", "text", "cursor"]
        case "text.commit", "text.paste": return ["t", "type", "text"]
        case "text.delete": return ["t", "type", "before", "after"]
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
        case .key(let key, let pressed, let modifiers):
            let held = modifiers.isEmpty ? "" : ",\"modifiers\":[" + modifiers.names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            return "{\"t\":\(t),\"type\":\"key\",\"key\":\(JSONWriting.quote(key)),\"state\":\"\(pressed ? "pressed" : "released")\"\(held)}"
        case .keyRepeat(let rate, let delay):
            return "{\"t\":\(t),\"type\":\"key.repeat\",\"rate\":\(rate),\"delay\":\(delay)}"
        case .textPreedit(let text, let cursor):
            return "{\"t\":\(t),\"type\":\"text.preedit\",\"text\":\(JSONWriting.quote(text)),\"cursor\":\(cursor)}"
        case .textCommit(let text):
            return "{\"t\":\(t),\"type\":\"text.commit\",\"text\":\(JSONWriting.quote(text))}"
        case .textDelete(let before, let after):
            return "{\"t\":\(t),\"type\":\"text.delete\",\"before\":\(before),\"after\":\(after)}"
        case .textPaste(let text):
            return "{\"t\":\(t),\"type\":\"text.paste\",\"text\":\(JSONWriting.quote(text))}"
        }
    }
}
