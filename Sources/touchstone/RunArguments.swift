import NodeCore
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
    /// The window size asked of the compositor (default: the scene's `size`).
    var size: Size?
    /// The session time of the first input (`AppOptions.firstInputTime`).
    var firstInputTime: Double?

    func run() throws {
        try OutputPaths.requireDistinct(inputs: [("scene", scene)],
                                        outputs: [("--events", events), ("--record", record)].compactMap { role, path in
                                            path.map { (role, $0) }
                                        })
        let loaded = try InputFiles.loadScene(scene, for: .live)
        // The title (and the title bar the window may draw) names the scene by its file name.
        let name = scene.split(separator: "/").last.map(String.init) ?? scene
        var options = AppOptions(title: "\(name) — Touchstone", size: size ?? loaded.size, background: loaded.background,
                                 showsTappableAreas: debugOverlay, showsTouches: showTouches, fullscreen: fullscreen,
                                 eventLog: events.map { .file($0) } ?? .standardOutput, recordPath: record)
        options.showsPointerLocation = pointerLocation
        options.firstInputTime = firstInputTime
        // A laid-out scene without `minSize` shrinks to its root's minimum layout size (App's default).
        options.minimumSize = loaded.minimumSize ?? (loaded.root.layout != nil ? nil : loaded.size)
        try App(root: loaded.root, options: options).run()
    }
}
