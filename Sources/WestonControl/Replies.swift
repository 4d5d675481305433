/// One weston output as the harness reports it (`outputs`).
public struct HarnessOutput: Equatable, Sendable {
    public var name: String
    /// Position and size in global (logical) compositor coordinates.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var scale: Int
    /// Size of the output's framebuffer in pixels (`width * scale`).
    public var pixelWidth: Int
    public var pixelHeight: Int
}

/// One mapped client surface (`views`): where it sits on the output.
public struct HarnessView: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Int
    public var height: Int
    /// The client's process id (from the socket credentials), 0 if unknown.
    public var pid: Int32
    /// The surface role, e.g. `xdg_toplevel`.
    public var role: String
    /// The size of the surface's current buffer in pixels, divided by its buffer scale but
    /// before any viewport (a 1.5× fractional buffer of a 120 × 80 window is 180 × 120).
    public var bufferWidth = 0
    public var bufferHeight = 0
}

/// The surface a client set as the pointer's cursor (`cursor`).
public struct HarnessCursor: Equatable, Sendable {
    /// The client's process id.
    public var pid: Int32
    /// The cursor surface's size in logical pixels.
    public var width: Int
    public var height: Int
    public var hotspotX: Int
    public var hotspotY: Int
    /// The buffer scale the client gave the cursor surface.
    public var bufferScale: Int
}

/// When a client surface committed, on the monotonic clock
/// (`CLOCK_MONOTONIC`, nanoseconds) shared with input injection replies.
public struct CommitStamp: Equatable, Sendable {
    public var timestampNanoseconds: UInt64
    public var pid: Int32
}

/// When an output repaint first showed a client's first buffer (`wait-presented`): the
/// time on the monotonic clock shared with commits, and that repaint's frame count.
public struct PresentedStamp: Equatable, Sendable {
    public var timestampNanoseconds: UInt64
    public var frame: UInt64
}

/// Parsing of the module's reply lines. Kept free of I/O so it can be
/// tested without a compositor.
enum Reply {
    /// Splits `ok`-payloads of the form `N; k=v k=v; k=v ...` into records.
    static func records(_ payload: String, command: String) throws(HarnessError) -> [[String: String]] {
        let parts = payload.split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: " ") }
        guard let countText = parts.first, let count = Int(countText), count == parts.count - 1 else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        var result: [[String: String]] = []
        for part in parts.dropFirst() {
            var record: [String: String] = [:]
            for field in part.split(separator: " ") {
                guard let equals = field.firstIndex(of: "=") else {
                    throw .malformedReply(command: command, reply: "ok " + payload)
                }
                record[String(field[..<equals])] = String(field[field.index(after: equals)...])
            }
            result.append(record)
        }
        return result
    }

    static func outputs(_ payload: String) throws(HarnessError) -> [HarnessOutput] {
        var outputs: [HarnessOutput] = []
        for record in try records(payload, command: "outputs") {
            func int(_ key: String) throws(HarnessError) -> Int {
                guard let text = record[key], let value = Int(text) else {
                    throw .malformedReply(command: "outputs", reply: "ok " + payload)
                }
                return value
            }
            outputs.append(HarnessOutput(
                name: record["name"] ?? "",
                x: try int("x"), y: try int("y"),
                width: try int("width"), height: try int("height"),
                scale: try int("scale"),
                pixelWidth: try int("pixel_width"), pixelHeight: try int("pixel_height")))
        }
        return outputs
    }

    static func views(_ payload: String, command: String = "views") throws(HarnessError) -> [HarnessView] {
        var views: [HarnessView] = []
        for record in try records(payload, command: command) {
            guard let x = record["x"].flatMap(Double.init), let y = record["y"].flatMap(Double.init),
                  let width = record["width"].flatMap(Int.init),
                  let height = record["height"].flatMap(Int.init),
                  let pid = record["pid"].flatMap(Int32.init)
            else { throw .malformedReply(command: command, reply: "ok " + payload) }
            views.append(HarnessView(x: x, y: y, width: width, height: height, pid: pid,
                                     role: record["role"] ?? "none",
                                     bufferWidth: record["buffer_width"].flatMap(Int.init) ?? 0,
                                     bufferHeight: record["buffer_height"].flatMap(Int.init) ?? 0))
        }
        return views
    }

    /// `none`, or `pid=P width=W height=H hotspot_x=X hotspot_y=Y`.
    static func cursor(_ payload: String) throws(HarnessError) -> HarnessCursor? {
        if payload == "none" { return nil }
        func int(_ key: String) -> Int? { field(key, in: payload).flatMap { Int($0) } }
        guard let pid = int("pid"), let width = int("width"), let height = int("height"),
              let hotspotX = int("hotspot_x"), let hotspotY = int("hotspot_y"), let scale = int("scale") else {
            throw .malformedReply(command: "cursor", reply: "ok " + payload)
        }
        return HarnessCursor(pid: Int32(pid), width: width, height: height, hotspotX: hotspotX, hotspotY: hotspotY,
                             bufferScale: scale)
    }

    /// `<ns> [key=value...]` → the leading timestamp.
    static func timestamp(_ payload: String, command: String) throws(HarnessError) -> UInt64 {
        guard let first = payload.split(separator: " ").first, let value = UInt64(first) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return value
    }

    /// Value of `key=` in a space-separated payload.
    static func field(_ key: String, in payload: String) -> String? {
        for token in payload.split(separator: " ") where token.hasPrefix(key + "=") {
            return String(token.dropFirst(key.count + 1))
        }
        return nil
    }

    static func commit(_ payload: String, command: String) throws(HarnessError) -> CommitStamp {
        let ns = try timestamp(payload, command: command)
        guard let pid = field("pid", in: payload).flatMap(Int32.init) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return CommitStamp(timestampNanoseconds: ns, pid: pid)
    }

    static func presented(_ payload: String, command: String) throws(HarnessError) -> PresentedStamp {
        let ns = try timestamp(payload, command: command)
        guard let frame = field("frame", in: payload).flatMap(UInt64.init) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return PresentedStamp(timestampNanoseconds: ns, frame: frame)
    }
}

extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
