import JSONOutput
public import NodeCore

/// What one event-log line reports.
public enum LoggedEvent: Hashable, Sendable {
    /// A single control event bit (behaviour.md §7.3).
    case control(ControlEvents)
    /// A scroll node's event (behaviour.md §9.8); the line's `x`, `y` are the content offset.
    case scroll(ScrollEvent.Kind)
    /// A list's batch-fetch event; the line's `rows` is the row count.
    case list(ListEvent.Kind)

    /// The name in the log's `event` field.
    public var name: String {
        switch self {
        case .control(let event): return event.name
        case .scroll(let kind): return kind.name
        case .list(let kind): return kind.rawValue
        }
    }

    /// The scroll event names, as the log spells them.
    static let scrollNames = ["scrollBegan", "scrolled", "scrollEnded", "scrollStopped"]
    /// The list event names.
    static let listNames = ListEvent.Kind.allCases.map(\.rawValue)
}

/// One line of an event log: a single control event bit (behaviour.md §7.3) or a scroll
/// node's event (behaviour.md §9.8, §10.5).
public struct EventLogEntry: Hashable, Sendable {
    /// A slider's value or a toggle's position, logged with the event.
    public typealias Value = ControlValue

    public var time: Double
    public var node: String
    public var event: LoggedEvent
    /// Nil for programmatic sends and scroll events that have no touch.
    public var touch: TouchID?
    /// The touch in the control's coordinates, or a scroll node's content offset.
    public var location: Point?
    public var value: Value?
    /// A list's row count, for its batch-fetch lines.
    public var rows: Int?
    /// A text field's text after an editing event (`•••` when secure; behaviour.md §16).
    public var text: String?
    /// A text field's caret after editingChanged, in grapheme clusters.
    public var caret: Int?

    public init(time: Double, node: String, event: ControlEvents, touch: TouchID?, location: Point?, value: Value? = nil) {
        self.init(time: time, node: node, logged: .control(event), touch: touch, location: location, value: value)
    }

    /// A scroll node's line: `offset` is its content offset after the event.
    public init(time: Double, node: String, scroll kind: ScrollEvent.Kind, touch: TouchID?, offset: Point) {
        self.init(time: time, node: node, logged: .scroll(kind), touch: touch, location: offset)
    }

    /// A list's batch-fetch line.
    public init(time: Double, node: String, list kind: ListEvent.Kind, rows: Int) {
        self.init(time: time, node: node, logged: .list(kind), touch: nil, location: nil, rows: rows)
    }

    public init(time: Double, node: String, logged event: LoggedEvent, touch: TouchID?, location: Point?,
                value: Value? = nil, rows: Int? = nil, text: String? = nil, caret: Int? = nil) {
        self.time = time
        self.node = node
        self.event = event
        self.touch = touch
        self.location = location
        self.value = value
        self.rows = rows
        self.text = text
        self.caret = caret
    }

    /// The log line, without the newline.
    public var line: String {
        var bytes: [UInt8] = []
        appendLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the log line (UTF-8, no newline) to `out`: the live session reuses one
    /// buffer, since the line is written on the input path before the frame that shows it.
    /// The line is written on the stack (under 1 KiB, the most a temporary allocation takes
    /// there, for any line with ordinary numbers), then appended in one copy.
    public func appendLine(to out: inout [UInt8]) {
        // Every key and literal and three integers take at most 192 bytes; a number below
        // 10^15 in magnitude at most 24 (larger ones 320); an escaped byte of a name or the
        // text at most 6.
        func number(_ v: Double) -> Int { v.magnitude < 1e15 ? 24 : 320 }
        var bound = 192 + number(time) + 6 * node.utf8.count + event.name.utf8.count + 6 * (text?.utf8.count ?? 0)
        if let location { bound += number(location.x) + number(location.y) }
        if case .number(let v)? = value { bound += number(v) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { memory in
            var line = JSONLineBuffer(memory)
            write(to: &line)
            out.append(contentsOf: line.bytes)
        }
    }

    private func write(to out: inout JSONLineBuffer) {
        JSONWriting.appendLiteral(#"{"t":"#, to: &out)
        // Input times are whole milliseconds; an animation's end instant (behaviour.md §9)
        // is written to the microsecond, like coordinates.
        if time == time.rounded() || !time.isFinite {
            JSONWriting.appendIntegral(time, to: &out)
        } else {
            JSONWriting.appendCoordinate(time, to: &out)
        }
        JSONWriting.appendLiteral(#","node":"#, to: &out)
        JSONWriting.appendQuoted(node, to: &out)
        JSONWriting.appendLiteral(#","event":""#, to: &out)
        JSONWriting.appendUTF8(event.name, to: &out)
        out.write(UInt8(ascii: "\""))
        switch touch {
        case .finger(let id)?:
            JSONWriting.appendLiteral(#","touch":"#, to: &out)
            JSONWriting.appendInteger(id, to: &out)
        case .pointer?:
            JSONWriting.appendLiteral(#","touch":"pointer""#, to: &out)
        case nil:
            break
        }
        if let location {
            JSONWriting.appendLiteral(#","x":"#, to: &out)
            JSONWriting.appendCoordinate(location.x, to: &out)
            JSONWriting.appendLiteral(#","y":"#, to: &out)
            JSONWriting.appendCoordinate(location.y, to: &out)
        }
        switch value {
        case .number(let v)?:
            JSONWriting.appendLiteral(#","value":"#, to: &out)
            JSONWriting.appendCoordinate(v, to: &out)
        case .bool(let b)?:
            JSONWriting.appendLiteral(b ? #","value":true"# : #","value":false"#, to: &out)
        case nil:
            break
        }
        if case .scroll(.ended(let decelerates)) = event {
            JSONWriting.appendLiteral(decelerates ? #","decelerates":true"# : #","decelerates":false"#, to: &out)
        }
        if let rows {
            JSONWriting.appendLiteral(#","rows":"#, to: &out)
            JSONWriting.appendInteger(rows, to: &out)
        }
        if let text {
            JSONWriting.appendLiteral(#","text":"#, to: &out)
            JSONWriting.appendQuoted(text, to: &out)
        }
        if let caret {
            JSONWriting.appendLiteral(#","caret":"#, to: &out)
            JSONWriting.appendInteger(caret, to: &out)
        }
        out.write(UInt8(ascii: "}"))
    }
}

/// Reads event logs back, for tests and tools that compare runs.
public enum EventLog {
    public static func decode(_ bytes: [UInt8], file: String) throws(FormatError) -> [EventLogEntry] {
        var entries: [EventLogEntry] = []
        var lineNumber = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if rawLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            entries.append(try decodeLine(Array(rawLine), file: file, line: lineNumber))
        }
        return entries
    }

    static func decodeLine(_ bytes: [UInt8], file: String, line: Int) throws(FormatError) -> EventLogEntry {
        let json: JSONNode
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw FormatError(file: file, line: line, key: nil, message: error.message)
        }
        do throws(FormatError) {
            var r = try ObjectReader(json, file: file, path: "")
            let t = try r.required("t") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.number(k) }
            let node = try r.required("node") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
            let eventName = try r.required("event") { (r: inout ObjectReader, k: String) throws(FormatError) in
                try r.choice(k, ControlEvents.named.map(\.1) + LoggedEvent.scrollNames + LoggedEvent.listNames)
            }
            var event: LoggedEvent
            var allowed = "t, node, event, touch, x, y, value"
            var rows: Int?
            switch eventName {
            case "scrollBegan": event = .scroll(.began)
            case "scrolled": event = .scroll(.scrolled)
            case "scrollStopped": event = .scroll(.stopped)
            case "scrollEnded":
                let decelerates = try r.required("decelerates") { (r: inout ObjectReader, k: String) throws(FormatError) in
                    try r.bool(k)
                }
                event = .scroll(.ended(decelerates: decelerates))
                allowed += ", decelerates"
            case let name where LoggedEvent.listNames.contains(name):
                event = .list(ListEvent.Kind(rawValue: name)!)
                rows = try r.required("rows") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.integer(k) }
                allowed += ", rows"
            default: event = .control(ControlEvents(name: eventName)!)
            }
            var text: String?
            var caret: Int?
            if case .control(let control) = event, ControlEvents.allEditingEvents.contains(control) {
                text = try r.required("text") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.string(k) }
                allowed += ", text"
                if control == .editingChanged {
                    caret = try r.required("caret") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.integer(k) }
                    allowed += ", caret"
                }
            }
            var touch: TouchID?
            if let raw = r.raw("touch") {
                switch raw.value {
                case .string("pointer"): touch = .pointer
                case .number(let n) where ObjectReader.wholeNumber(n) != nil: touch = .finger(Int(n))
                default: throw r.fail("touch", "expected a touch id or \"pointer\"")
                }
            }
            var location: Point?
            if r.has("x") || r.has("y") {
                let x = try r.required("x") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.number(k) }
                let y = try r.required("y") { (r: inout ObjectReader, k: String) throws(FormatError) in try r.number(k) }
                location = Point(x: x, y: y)
            }
            var value: EventLogEntry.Value?
            if let raw = r.raw("value") {
                switch raw.value {
                case .number(let n): value = .number(n)
                case .bool(let b): value = .bool(b)
                default: throw r.fail("value", "expected a number or a boolean")
                }
            }
            try r.finish(allowed: allowed)
            return EventLogEntry(time: t, node: node, logged: event, touch: touch, location: location, value: value,
                                 rows: rows, text: text, caret: caret)
        } catch {
            throw FormatError(file: error.file, line: line, key: error.key, message: error.message)
        }
    }
}

/// Gives every control of a tree one target for all events that turns each sent
/// bit into an `EventLogEntry` (how `run` and `replay` produce the event log).
public enum EventRecorder {
    /// The identifier of the recorder's closure on each control.
    public static let actionIdentifier = ActionIdentifier("touchstone.event-log")

    /// Attaches to every control, scroll node and list under `root`, and to the rows a
    /// list creates later. `now` gives the time for sends without a touch. A line's `t` is
    /// never below the line before it (behaviour.md §7.3): an event applied late (a touch
    /// held for its frame, after a timer that fell due meanwhile) carries the later time.
    public static func attach(to root: Node, now: @escaping () -> Double = { 0 },
                              sink: @escaping (EventLogEntry) -> Void) {
        var latest = -Double.infinity
        attachAll(to: root, now: now) { entry in
            // Copied only when its time changes: a copy retains the entry's strings.
            if entry.time < latest {
                var later = entry
                later.time = latest
                sink(later)
            } else {
                if !entry.time.isNaN { latest = entry.time }
                sink(entry)
            }
        }
    }

    private static func attachAll(to root: Node, now: @escaping () -> Double, sink: @escaping (EventLogEntry) -> Void) {
        root.forEachInSubtree { node in
            if let list = node as? ListNode {
                list.addListObserver { sender, event in
                    sink(EventLogEntry(time: event.time, node: sender.name, list: event.kind, rows: event.rows))
                }
                list.rowNodeCreated = { _, row in attachAll(to: row, now: now, sink: sink) }
            }
            if let scroll = node as? ScrollNode {
                scroll.addScrollObserver { sender, event in
                    sink(EventLogEntry(time: event.time, node: sender.name, scroll: event.kind, touch: event.touch,
                                       offset: event.offset))
                }
            }
            guard let control = node as? ControlNode else { return }
            control.addAction(for: .allEvents, identifier: actionIdentifier) { sender, event in
                sink(entry(for: sender, event: event, now: now))
            }
        }
    }

    /// The log entry for one send.
    public static func entry(for control: ControlNode, event: ActionEvent, now: () -> Double) -> EventLogEntry {
        var entry = EventLogEntry(time: event.time ?? now(), node: control.name, event: event.event,
                                  touch: event.touch?.id, location: event.touch?.location(in: control), value: control.eventValue)
        // Editing events carry the text, never a secure field's in clear (behaviour.md §16).
        if let field = control as? TextFieldNode, ControlEvents.allEditingEvents.contains(event.event) {
            entry.text = field.loggedText
            if event.event == .editingChanged { entry.caret = field.caret }
        }
        return entry
    }
}
