public import WestonControl

// The harness commands only tests and benchmarks use: queries of what weston shows (outputs,
// views, the cursor), waits for a window, a cursor, a frame or a first presentation, and
// commit timing. The shipped commands drive weston through `HeadlessCompositor` without them.

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

/// When an output repaint first showed a client's first buffer (`wait-presented`): the
/// time on the monotonic clock shared with commits, and that repaint's frame count.
public struct PresentedStamp: Equatable, Sendable {
    public var timestampNanoseconds: UInt64
    public var frame: UInt64
}

extension HeadlessWeston {
    /// Checks the module answers.
    public func ping() throws(HarnessError) {
        let reply = try send("ping")
        guard reply == "pong" else { throw .malformedReply(command: "ping", reply: reply) }
    }

    public func outputs() throws(HarnessError) -> [HarnessOutput] {
        try Reply.outputs(send("outputs"))
    }

    /// Mapped client surfaces, topmost first.
    public func views() throws(HarnessError) -> [HarnessView] {
        try Reply.views(send("views"))
    }

    /// Returns the mapped client views as soon as client `pid`'s window (its `xdg_toplevel`)
    /// is among them: a shell's own views, mapped earlier or later, do not end the wait.
    public func waitForWindow(pid: Int32, timeout: Double = 5) throws(HarnessError) -> [HarnessView] {
        let command = "wait-window \(pid)"
        return try Reply.views(deferred(command, timeout: timeout), command: command)
    }

    /// The pointer's cursor surface, or nil when no client set one.
    public func cursor() throws(HarnessError) -> HarnessCursor? {
        try Reply.cursor(send("cursor"))
    }

    /// Waits until client `pid`'s surface is the pointer's cursor (returns at once if it is).
    public func waitForCursor(pid: Int32, timeout: Double = 5) throws(HarnessError) -> HarnessCursor {
        let command = "wait-cursor \(pid)"
        let payload = try deferred(command, timeout: timeout)
        guard let cursor = try Reply.cursor(payload) else { throw .malformedReply(command: command, reply: "ok " + payload) }
        return cursor
    }

    /// Output frames repainted since start.
    public func frameCount() throws(HarnessError) -> UInt64 {
        let payload = try send("frames")
        guard let count = UInt64(payload) else { throw .malformedReply(command: "frames", reply: payload) }
        return count
    }

    /// How many times the client `pid` has committed its mapped surfaces (cursors aside)
    /// since they were created: with `frameCount()`, shows whether it commits at most once a frame.
    public func commitCount(pid: Int32) throws(HarnessError) -> UInt64 {
        let payload = try send("commits \(pid)")
        guard let count = UInt64(payload) else { throw .malformedReply(command: "commits", reply: payload) }
        return count
    }

    /// Blocks until the next output repaint; returns the new frame count.
    @discardableResult
    public func waitForFrame(timeout: Double = 5) throws(HarnessError) -> UInt64 {
        let command = "wait-frame"
        return try Reply.timestamp(deferred(command, timeout: timeout), command: command)
    }

    /// Starts recording the next commit of a mapped client surface (of the
    /// client with process id `pid` only, when given). Arm, inject, then
    /// `waitForCommit` to measure input → commit latency.
    public func armCommit(pid: Int32? = nil) throws(HarnessError) {
        try send(pid.map { "commit-arm \($0)" } ?? "commit-arm")
    }

    /// The first client commit since `armCommit()`; waits for it if needed.
    public func waitForCommit(timeout: Double = 5) throws(HarnessError) -> CommitStamp {
        let command = "commit-wait"
        return try Reply.commit(deferred(command, timeout: timeout), command: command)
    }

    /// When client `pid` first committed a buffer (stamped in weston at that commit), nil
    /// before it has: start to first commit.
    public func firstCommit(pid: Int32) throws(HarnessError) -> UInt64? {
        let command = "first-frame \(pid)"
        do {
            return try Reply.timestamp(send(command), command: command)
        } catch .commandFailed(_, "none") {
            return nil
        }
    }

    /// Waits for the first output repaint that showed client `pid`'s first buffer: start to
    /// first frame presented, ~one repaint delay after `firstCommit` on an idle output.
    public func waitForPresented(pid: Int32, timeout: Double = 5) throws(HarnessError) -> PresentedStamp {
        let command = "wait-presented \(pid)"
        return try Reply.presented(deferred(command, timeout: timeout), command: command)
    }
}

extension Reply {
    package static func outputs(_ payload: String) throws(HarnessError) -> [HarnessOutput] {
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

    /// `none`, or `pid=P width=W height=H hotspot_x=X hotspot_y=Y`.
    package static func cursor(_ payload: String) throws(HarnessError) -> HarnessCursor? {
        if payload == "none" { return nil }
        func int(_ key: String) -> Int? { field(key, in: payload).flatMap { Int($0) } }
        guard let pid = int("pid"), let width = int("width"), let height = int("height"),
              let hotspotX = int("hotspot_x"), let hotspotY = int("hotspot_y"), let scale = int("scale") else {
            throw .malformedReply(command: "cursor", reply: "ok " + payload)
        }
        return HarnessCursor(pid: Int32(pid), width: width, height: height, hotspotX: hotspotX, hotspotY: hotspotY,
                             bufferScale: scale)
    }

    package static func presented(_ payload: String, command: String) throws(HarnessError) -> PresentedStamp {
        let ns = try timestamp(payload, command: command)
        guard let frame = field("frame", in: payload).flatMap(UInt64.init) else {
            throw .malformedReply(command: command, reply: "ok " + payload)
        }
        return PresentedStamp(timestampNanoseconds: ns, frame: frame)
    }
}
