import ArgumentParser
import Glibc
import HeadlessSession
import Session
import TouchstoneApp

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the built-in demo scene (slop, clipping, overlaps, button, toggle, slider).",
        discussion: """
        Needs a Wayland session. With --headless DIR it starts a private headless weston instead, \
        plays the built-in touch script through it, and leaves a screenshot and the event log in DIR.
        """
    )

    @Option(help: "Run under a private headless weston and write demo.png and events.jsonl into this folder.")
    var headless: String?

    func run() throws {
        if let headless {
            try HeadlessDemo.run(outputDirectory: headless)
            return
        }
        guard getenv("WAYLAND_DISPLAY") != nil || getenv("WAYLAND_SOCKET") != nil else {
            throw NoWaylandSession()
        }
        let scene = try DemoScene.scene()
        let options = AppOptions(title: "Touchstone demo", size: scene.size, background: scene.background,
                                 showsTappableAreas: true, showsTouches: true, eventLog: .standardOutput)
        try App(root: scene.root, options: options).run()
    }
}
