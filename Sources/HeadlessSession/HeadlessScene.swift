import FoundationEssentials
import Glibc
import NodeCore
import SceneFormat

/// A scene file shown by this program (`touchstone run SCENE`) under a private headless
/// weston, an input script played through weston's seat as real input (behaviour.md §19):
/// what `run --headless` and `check --live` share. Weston and the client die with this
/// process however it ends, and weston's temporary folder goes with them.
enum HeadlessScene {
    /// Where the client writes its event log and recording, and its standard output and error.
    struct Files {
        var events: URL
        var input: URL
        var log: URL

        /// The three files in `directory`.
        init(in directory: URL) {
            events = directory.appending(path: "events.jsonl")
            input = directory.appending(path: "input.jsonl")
            log = directory.appending(path: "client.log")
        }
    }

    /// Shows the scene at `scenePath` in a `size` output at buffer `scale`, plays `script` at
    /// its own timing, waits until `lastsUntil` on the script's clock (when the replay's
    /// last timer fires) and until the client is idle, takes the screenshot
    /// when asked, then quits the client with `q`. Returns once the client has exited with 0.
    /// `asked` is a size given on the command line, passed on to the client's `--size`.
    static func show(scenePath: String, size: Size, asked: Size? = nil, scale: Int, script: [TimedInputEvent], files: Files,
                     screenshot: URL? = nil, lastsUntil: Double = 0) throws(HeadlessDemoError) {
        let compositor = try HeadlessCompositor.start(size: size, scale: scale, prefix: "touchstone-run")
        defer { compositor.stop() }
        try compositor.show(
            scene: scenePath,
            options: ["--events", files.events.path, "--record", files.input.path]
                + (asked.map { ["--size", "\(Int($0.width))x\(Int($0.height))"] } ?? [])
                // The client's clock waits for the first input and gives it the script's time, so
                // timers armed before it (a list's first fetch) fire as they do in a replay.
                + (script.first.map { ["--first-input-time", "\($0.time)"] } ?? []),
            log: files.log)
        let started = ContinuousClock.now
        let stamps = try compositor.play(script)
        // Timers after the last input (a deceleration, a long press) run on the client's clock.
        ScriptInjector.wait(until: started + .microseconds(Int64((lastsUntil - (script.first?.time ?? 0)) * 1000)))
        // The client's clock to the replay's last timer, and the quit key at that same time:
        // every timer due by then fires before the quit, none after it, on input times alone.
        let end = script.isEmpty ? nil : stamps.stamp(lastsUntil)
        if let end { try compositor.advanceClock(to: end) }
        if let screenshot {
            try compositor.screenshot(to: screenshot)
        } else {
            try compositor.waitUntilIdle()
        }
        try compositor.quit(at: end)
    }
}
