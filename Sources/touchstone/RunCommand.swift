import ArgumentParser

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show a scene in a Wayland window and print its control events.",
        discussion: "Keys: d toggles the tappable-area overlay, t the touch visualization, p the pointer-location HUD and touch inspector (c clears its paths), q or Escape quits."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Record the session's input to this file as an input script that `touchstone replay` accepts.")
    var record: String?

    @Option(help: "Write the event log to this file (each event right after the frame that shows it) instead of standard output.")
    var events: String?

    @Flag(help: "Start with the tappable-area debug overlay on.")
    var debugOverlay = false

    @Flag(help: "Start with the touch visualization on: a marker with the touch id at every active touch.")
    var showTouches = false

    @Flag(help: "Start with the pointer-location HUD and touch inspector on (p toggles it, c clears the paths).")
    var pointerLocation = false

    @Flag(help: "Ask the compositor to show the window fullscreen.")
    var fullscreen = false

    func run() throws {
        try RunArguments(scene: scene, record: record, events: events, debugOverlay: debugOverlay, showTouches: showTouches,
                         pointerLocation: pointerLocation, fullscreen: fullscreen).run()
    }
}
