import Session
import TouchstoneApp

/// What `touchstone run` was asked for, and the run itself; `RunCommand` (the parser's view)
/// and `init?(quickly:)` (start-up's view) both end here.
struct RunArguments: Equatable {
    var scene: String
    var record: String?
    var events: String?
    var debugOverlay = false
    var showTouches = false
    var pointerLocation = false
    var fullscreen = false

    func run() throws {
        try OutputPaths.requireDistinct(inputs: [("scene", scene)],
                                        outputs: [("--events", events), ("--record", record)].compactMap { role, path in
                                            path.map { (role, $0) }
                                        })
        let loaded = try InputFiles.loadScene(scene)
        // The title (and the title bar the window may draw) names the scene by its file name.
        let name = scene.split(separator: "/").last.map(String.init) ?? scene
        var options = AppOptions(title: "\(name) — Touchstone", size: loaded.size, background: loaded.background,
                                 showsTappableAreas: debugOverlay, showsTouches: showTouches, fullscreen: fullscreen,
                                 eventLog: events.map { .file($0) } ?? .standardOutput, recordPath: record)
        options.showsPointerLocation = pointerLocation
        try App(root: loaded.root, options: options).run()
    }
}
