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

/// When a client surface committed, on the monotonic clock
/// (`CLOCK_MONOTONIC`, nanoseconds) shared with input injection replies.
public struct CommitStamp: Equatable, Sendable {
    public var timestampNanoseconds: UInt64
    public var pid: Int32
}

/// Parsing of the module's reply lines. Kept free of I/O so it can be
/// tested without a compositor.
package enum Reply {
    /// Splits `ok`-payloads of the form `N; k=v k=v; k=v ...` into records.
    package static func records(_ payload: String, command: String) throws(HarnessError) -> [[String: String]] {
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

    package static func views(_ payload: String, command: String = "views") throws(HarnessError) -> [HarnessView] {
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

    /// `<ns> [key=value...]` → the leading timestamp.
    package static func timestamp(_ payload: String, command: String) throws(HarnessError) -> UInt64 {
        guard let first = payload.split(separator: " ").first, let value = UInt64(first) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return value
    }

    /// Value of `key=` in a space-separated payload.
    package static func field(_ key: String, in payload: String) -> String? {
        for token in payload.split(separator: " ") where token.hasPrefix(key + "=") {
            return String(token.dropFirst(key.count + 1))
        }
        return nil
    }

    package static func commit(_ payload: String, command: String) throws(HarnessError) -> CommitStamp {
        let ns = try timestamp(payload, command: command)
        guard let pid = field("pid", in: payload).flatMap(Int32.init) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return CommitStamp(timestampNanoseconds: ns, pid: pid)
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
