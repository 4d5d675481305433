import FileOutput
import Glibc
import MemoryEdges
public import NodeCore
import Render
import WaylandClient

/// Identifies a file descriptor watched with `App.watch(fileDescriptor:_:)`.
public struct WatchID: Hashable, Sendable {
    let value: Int
}

/// A node tree in a Wayland window, the way `UIApplicationMain` runs a UIKit app: one
/// loop that dispatches seat input into the tree (behaviour.md §3, §11),
/// repaints what changed, paced by the compositor's frame callbacks, follows resizes
/// and scale changes, and runs the app's own timers and file descriptors.
///
/// ```swift
/// import TouchstoneApp
/// App.main(root: myRoot, options: AppOptions(title: "Hello"))
/// ```
///
/// Everything runs on the thread that calls `run()`. Callbacks (actions, timers, file
/// descriptors, `onKey`) may change the tree freely: what they change is repainted in
/// the next frame.
public final class App {
    /// The application id the toplevel announces unless `AppOptions.appID` says otherwise.
    public static let defaultAppID = "dev.touchstone.Touchstone"

    /// The window that owns the tree and dispatches touches into it.
    public let window: NodeCore.Window
    /// A key press (true) or release (false), by xkb keysym name (`a`, `Return`, `Escape`).
    /// Return true when handled; otherwise the debug keys apply (when `debugKeys` is on).
    /// While a text field edits, keys go to it and not here (behaviour.md §16).
    public var onKey: ((_ key: String, _ pressed: Bool) -> Bool)?
    /// Every seat event as an input script holds it (ms on the session's clock), right after
    /// it was dispatched into the tree: for tools that watch the raw input (`touch-test`).
    public var onInput: ((_ event: InputEvent, _ time: Double) -> Void)?
    /// The window's size in points changed (the compositor configured it, e.g. a resize or
    /// a kiosk's fullscreen): the root already has the new size, and what the handler changes
    /// in the tree (say, a layout for the new size) is in the frame that shows it
    /// (behaviour.md §11). Not called for a configure that keeps the size.
    public var onResize: ((_ size: Size) -> Void)?

    private let options: AppOptions
    private let connection: WaylandConnection
    private let timers: AppTimers
    /// Runs the window's clock: the content-touch delay, deceleration and bounce.
    private let clockDriver: ClockDriver
    private let output: EventOutput
    private let input: SeatInput
    let painter: FramePainter
    let pointerLocation: PointerLocationOverlay
    /// Blinks the editing text field's caret.
    private let caretBlinker: CaretBlinker
    /// Tells input methods about the editing text field and takes their edits.
    private let textInput: TextInputBridge
    /// Lays the tree out at the window's size, before the first frame and again, at most
    /// once per frame, after what it depends on changed (behaviour.md §15.1).
    private let layout: WindowLayout
    /// The damage of the frame being prepared (`takeFrameDamage`), its storage kept.
    private var frameDamage = DamageRegion()
    private var surface: ToplevelWindow!
    /// Whether the first frame's text masks were written for the next start.
    private var firstFrameTextSaved = false
    private var titleBar: TitleBar?
    /// The window's handler; the window holds it weakly.
    private var windowEvents: WindowEvents?
    private var failure: AppError?
    /// The loop sources `watch(fileDescriptor:_:)` added, released when a run ends.
    private var watches: Set<Int> = []
    /// Decodes images on a worker thread; nil if its pipes could not be made (images then
    /// keep their placeholders).
    private let images: ImageLoader?
    /// Copy, cut and paste through the Wayland clipboard.
    private let clipboard: SessionClipboard
    /// Writes screens as check cases (behaviour.md §19.1); nil when neither a folder was asked
    /// for nor the debug keys (Ctrl+Shift+E) are on.
    private let exporter: SceneExporter?

    /// Connects to the compositor (`WAYLAND_DISPLAY` / `WAYLAND_SOCKET`), opens the output
    /// files and maps a window showing `root`. Nothing is dispatched until `run()`.
    public convenience init(root: Node, options: AppOptions = AppOptions(), application: Application = Application()) throws(AppError) {
        try self.init(root: root, options: options, application: application,
                      environment: SceneExporter.processEnvironment())
    }

    /// `init(root:options:application:)` with the environment it reads (`TOUCHSTONE_EXPORT`).
    init(root: Node, options: AppOptions, application: Application, environment: [String: String]) throws(AppError) {
        self.options = options
        let exportDirectory = SceneExporter.directory(options: options, environment: environment)
        exporter = exportDirectory != nil || options.debugKeys
            ? SceneExporter(directory: exportDirectory) { StandardError.writeLine("touchstone: \($0)") } : nil
        do {
            output = try EventOutput(eventLog: options.eventLog, recordPath: options.recordPath)
        } catch {
            throw .output(error)
        }
        do {
            // Outputs' scales arrive before the window's first configure, so the first frame
            // needs no round trip of its own for them.
            connection = try WaylandConnection(displayName: options.display, awaitsInitialState: false)
        } catch {
            throw .connection(error)
        }
        do {
            timers = try AppTimers()
        } catch {
            throw .system(error)
        }
        layout = WindowLayout(root: root)
        // A laid-out root with no size asked for opens at the size its content wants.
        let size = options.size ?? (root.layout != nil ? root.layoutThatFits(.unconstrained, measurer: layout.measurer)
                                                        : root.frame.size)
        window = NodeCore.Window(root: root, size: size, application: application)
        window.showsTappableAreas = options.showsTappableAreas
        window.keyTranslator = XKBKeyTranslator()
        window.textFieldMetrics = ShapedTextFieldMetrics()
        layout.update(window)
        do {
            painter = try FramePainter(window: window, background: options.background) {
                StandardError.writeLine("touchstone: \($0)")
            }
        } catch {
            throw .render(error)
        }
        // A start whose texts were drawn before opens no font for its first frame.
        painter.renderer.storesFirstFrameText = true
        images = ImageLoader { StandardError.writeLine("touchstone: \($0)") }
        painter.touchMarkers.isEnabled = options.showsTouches
        pointerLocation = PointerLocationOverlay(window: window)
        pointerLocation.isEnabled = options.showsPointerLocation
        painter.add(pointerLocation)
        caretBlinker = CaretBlinker(window: window, timers: timers)
        textInput = TextInputBridge(window: window)
        let input = SeatInput(dispatcher: InputDispatcher(window: window), recorder: output.recorder, exporter: exporter,
                              firstInputTime: options.firstInputTime)
        self.input = input
        clipboard = SessionClipboard(system: DataDeviceClipboard(connection: connection)) {
            StandardError.writeLine("touchstone: \($0)")
        }
        clipboard.deliver = { [unowned input] text in input.handlePaste(text) }
        window.clipboard = clipboard
        do {
            clockDriver = try ClockDriver(clock: window.clock) { [unowned input] in input.estimatedNow }
        } catch {
            throw .system(error)
        }
        installLoopWork()
        // A laid-out root may shrink to its minimum layout size; any other keeps its size.
        let minimum = options.minimumSize ?? (root.layout != nil ? layout.minimumSize(of: root) : size)
        surface = ToplevelWindow(connection: connection, configuration: WindowConfiguration(
            title: options.title, appID: options.appID,
            // The window's sizes are whole points (xdg-shell's integers).
            size: Size(width: size.width.rounded(.up), height: size.height.rounded(.up)),
            minimumSize: Size(width: minimum.width.rounded(.up), height: minimum.height.rounded(.up)),
            fullscreen: options.fullscreen, allowsFractionalScale: true, scaleLimits: FramePainter.rendererScaleLimits,
            titleBarHeight: options.drawsTitleBar ? TitleBar.height : nil))
        if options.drawsTitleBar { titleBar = TitleBar(title: options.title, surface: surface) }
        installWindowHandlers()
        // `input` is the local: capturing it strongly would let the tree's controls keep the
        // dispatcher, and so the window that owns them, alive (a cycle).
        output.attach(to: root) { [unowned input] in input.now }
    }

    /// Creates the app and runs it until the window closes; for `main.swift`. Exits the
    /// process: status 0 after a clean stop, 1 with one line on stderr after a failure.
    public static func main(root: Node, options: AppOptions = AppOptions(),
                            setup: (App) -> Void = { _ in }) -> Never {
        do throws(AppError) {
            let app = try App(root: root, options: options)
            setup(app)
            try app.run()
            exit(0)
        } catch {
            StandardError.writeLine("\(CommandLine.arguments.first ?? "app"): error: \(error)")
            exit(1)
        }
    }

    /// Runs until `stop()`, the window is closed, `q`/Escape (with `debugKeys`), or
    /// SIGINT/SIGTERM — all clean returns. Throws when the compositor goes away or an
    /// output file cannot be written. A run ends the app's timers, watches, `onKey` and
    /// `onInput` and `onResize`, so handlers that capture the app (`app.schedule { app.stop() }`) let it go.
    public func run() throws(AppError) {
        defer { releaseHandlers() }
        do {
            try connection.loop.stopOnTerminationSignals()
            _ = try connection.loop.run()
        } catch {
            throw .compositorLost(error)
        }
        if let failure { throw failure }
    }

    /// Paints `overlay` over the tree in every frame, above the touch markers and the
    /// pointer-location HUD (overlays added later paint over earlier ones). For the package's
    /// tools (`touch-test`): an app shows the built-in overlays through `App+Overlays`.
    package func addOverlay(_ overlay: AppOverlay) { painter.add(overlay) }

    /// Stops painting `overlay`. The app holds its overlays strongly: an overlay that owns
    /// the app removes itself when it is done, or the two keep each other alive.
    package func removeOverlay(_ overlay: AppOverlay) { painter.remove(overlay) }

    /// Session time of the latest input event, in milliseconds (compositor timestamps).
    public var inputTime: Double { input.now }

    /// Writes the screen as it is now as a new `touchstone check` case, as Ctrl+Shift+E does
    /// (behaviour.md §19.1): ends the case being recorded and begins the next. Returns its
    /// folder, or nil when it could not be written (the reason went to standard error).
    @discardableResult
    public func exportScreen() -> String? {
        let exporter = exporter ?? SceneExporter(directory: nil) { StandardError.writeLine("touchstone: \($0)") }
        // What changed since the last frame is laid out first, as the next frame would show it.
        layout.update(window)
        exporter.begin(window: window, background: options.background) { [unowned input] in input.now }
        return exporter.currentFolder
    }

    /// Makes `run()` return after the current turn of the loop.
    public func stop() { connection.loop.stop(.requested) }

    // MARK: Timers and file descriptors

    /// Runs `action` on the loop after `delay`, then every `interval` when given.
    @discardableResult
    public func schedule(after delay: Duration, repeating interval: Duration? = nil,
                         _ action: @escaping () -> Void) -> TimerID {
        timers.schedule(after: delay, repeating: interval, action)
    }

    /// Cancels a timer; cancelling one that already fired or was cancelled does nothing.
    public func cancelTimer(_ id: TimerID) { timers.cancel(id) }

    /// Runs `onReadable` on the loop whenever `fd` is readable (or hung up). The app keeps
    /// owning `fd`: stop watching it before closing it.
    @discardableResult
    public func watch(fileDescriptor fd: Int32, _ onReadable: @escaping () -> Void) -> WatchID {
        let id = connection.loop.addSource(fd: fd, handler: onReadable)
        watches.insert(id)
        return WatchID(value: id)
    }

    /// Stops calling the handler `watch(fileDescriptor:_:)` gave `id`; the descriptor stays open.
    public func stopWatching(_ id: WatchID) {
        guard watches.remove(id.value) != nil else { return }
        connection.loop.removeSource(id.value)
    }

    /// The end of a run: the app's own handlers go, and with them any reference they held
    /// to the app, its window or its tree.
    private func releaseHandlers() {
        exporter?.finish()
        images?.worker.stop()
        timers.cancelAll()
        for id in watches { connection.loop.removeSource(id) }
        watches.removeAll()
        onKey = nil
        onInput = nil
        onResize = nil
    }

    // MARK: Wiring

    /// Loop work that must exist before the window does: the damage of each turn is
    /// collected before the window decides whether to draw (idle work runs in the order
    /// added), and output is written after the frame went out.
    private func installLoopWork() {
        // The app owns the loop, so these never run after it is gone.
        let me = Unowned(self)
        connection.loop.addSource(fd: timers.source.fd) { me.object.timers.fire() }
        connection.loop.addSource(fd: clockDriver.fileDescriptor) { me.object.clockDriver.fire() }
        if let images { connection.loop.addSource(fd: images.worker.loopWakeFD) { [images = Unowned(images)] in images.object.deliver() } }
        // The work is in methods: there `self` is guaranteed, so its `let` properties are
        // used without the retain and release each use through the closure's reference costs.
        connection.loop.addIdleWork { me.object.prepareFrame() }
        connection.loop.addBeforeSleepWork { me.object.writeOutput() }
        input.dispatcher.onKey = { [unowned self] key, pressed, _ in
            if let onKey, onKey(key, pressed) { return }
            guard options.debugKeys, pressed, let command = KeyCommand(keyName: key) else { return }
            switch command {
            case .toggleOverlay: showsTappableAreas.toggle()
            case .toggleTouches: showsTouches.toggle()
            case .quit: stop()
            case .togglePointerLocation: showsPointerLocation.toggle()
            case .clearPaths: clearPointerPaths()
            }
        }
    }

    /// Every turn of the loop, after its events were dispatched and before the window draws.
    private func prepareFrame() {
        let surface = surface
        pointerLocation.crosshairsInSubsurfaces = surface?.showsLines ?? false
        caretBlinker.update()
        // Resizes and changes of a frame are laid out together when the next frame may
        // be drawn; the frames that move become this turn's damage.
        let framePending = surface?.isFramePending ?? false
        if !framePending { layout.update(window) }
        if let surface { textInput.sync(to: surface, cause: .other) }
        // Damage is taken once per frame: while one is in flight, what changes waits in
        // the tree, and the turns until its callback (input, releases) skip this.
        if !framePending { takeFrameDamage() }
        clockDriver.update()
    }

    /// Every turn of the loop, once the frame went out: the event log and recording, exports.
    private func writeOutput() {
        do throws(OutputError) { try output.write() } catch { fail(.output(error)) }
        exporter?.write()
        if !firstFrameTextSaved, let surface, surface.committedFrames > 0 {
            firstFrameTextSaved = true
            Renderer.saveFirstFrameText()
        }
    }

    /// What changed since the latest frame becomes the next frame's damage (the window draws
    /// it after this turn's idle work), with the crosshairs' lines of the HUD.
    private func takeFrameDamage() {
        painter.takeDamage(into: &frameDamage)
        if frameDamage.isEmpty, window.clock.isAnimating {
            // An animation with no frame to follow (it began without visible change):
            // show it now, and frame callbacks take over from the frame this paints.
            clockDriver.framePresented()
            painter.takeDamage(into: &frameDamage)
        }
        if !frameDamage.isEmpty {
            surface?.setNeedsDisplay(frameDamage)
            frameDamage.removeAll()
        }
        // Lines that moved with no damage still get a commit of their own.
        surface?.setLines(pointerLocation.subsurfaceLines(renderer: painter.renderer))
    }

    /// The window's handlers. The app owns the window and the loop, so they never run
    /// after it is gone: an `Unowned` spares the input path a reference-count check.
    private func installWindowHandlers() {
        input.onEvent = { [me = Unowned(self)] event, time in me.object.inputHappened(event, at: time) }
        windowEvents = WindowEvents(app: self)
        surface.handler = windowEvents
    }

    /// Each input event as the seat input made it: the pointer HUD, the app's handler, the export key.
    private func inputHappened(_ event: InputEvent, at time: Double) {
        pointerLocation.handle(event, at: time)
        onInput?(event, time)
        if options.debugKeys, case let .key(key, true, modifiers) = event, key == "E" || key == "e",
           modifiers.isSuperset(of: [.ctrl, .shift]) {
            exportScreen()
        }
    }

    /// What the window tells the app (`WindowHandler`). The app owns the window, the loop
    /// and this handler, so it never runs after the app is gone: an `Unowned` spares the
    /// input path a reference-count check.
    private final class WindowEvents: WindowHandler {
        private let owner: Unowned<App>
        var app: App { owner.object }

        init(app: App) { owner = Unowned(app) }

        func window(_ window: ToplevelWindow, touches batch: TouchBatch) { app.handle(batch) }

        func window(_ window: ToplevelWindow, pointer batch: PointerBatch) { app.input.handle(batch) }

        func window(_ window: ToplevelWindow, key event: KeyEvent) {
            app.clipboard.keySerial = event.serial
            app.input.handle(event)
        }

        func window(_ window: ToplevelWindow, textInput done: TextInputDone) {
            app.input.handle(inputMethod: TextInputBridge.events(for: done, field: app.window.firstResponder))
            app.textInput.sync(to: window, cause: .inputMethod)
        }

        func window(_ window: ToplevelWindow, resizedTo size: Size, scale: SurfaceScale) {
            let previous = app.window.size
            app.painter.resize(to: size, scale: scale)
            if app.window.size != previous { app.onResize?(app.window.size) }
            // The first configure is when lists first appear (later calls change nothing).
            app.window.appear(at: app.input.now)
        }

        // The crosshairs' lines need no call here: the loop work sets them each turn,
        // before the window's own idle work paints and commits them with the frame.
        func window(_ window: ToplevelWindow, paint context: PaintContext) { app.paint(context) }

        func window(_ window: ToplevelWindow, catchUp context: CatchUpContext) -> Bool { app.painter.catchUp(context) }

        func windowCatchesUp(_ window: ToplevelWindow) -> Bool { app.painter.catchesUp }

        // While something animates, each presented frame shows it at the time now: one
        // commit per frame callback, and none once the animation has ended.
        func window(_ window: ToplevelWindow, presentedFrameAt time: UInt32) { app.clockDriver.framePresented() }

        func windowRequestedClose(_ window: ToplevelWindow) { app.stop() }

        func window(_ window: ToplevelWindow, titleBarChangedTo size: Size?, scale: SurfaceScale) {
            app.titleBar?.resize(to: size, scale: scale)
        }

        func window(_ window: ToplevelWindow, paintTitleBar context: PaintContext) { app.titleBar?.paint(context) }

        func window(_ window: ToplevelWindow, titleBarTouches batch: TouchBatch) { app.titleBar?.handle(batch) }

        func window(_ window: ToplevelWindow, titleBarPointer batch: PointerBatch) { app.titleBar?.handle(batch) }

        func window(_ window: ToplevelWindow, failed error: WindowError) { app.fail(.window(error)) }
    }

    // The window's calls on the input path, as methods: `self` is guaranteed here, so the
    // app's `let` properties are used without a retain and release each (`WindowEvents`).

    /// A frame's touches on the content.
    private func handle(_ batch: TouchBatch) {
        input.handle(batch, markers: &painter.touchMarkers, hud: pointerLocation)
    }

    /// Paints one frame.
    private func paint(_ context: PaintContext) {
        // The first case of an export folder is the first frame's tree (behaviour.md §19.1).
        if let exporter, exporter.startsAtFirstFrame {
            exporter.startsAtFirstFrame = false
            exporter.begin(window: window, background: options.background) { [unowned input] in input.now }
        }
        painter.paint(context)
        // Images painted without enough pixels for this scale go to the worker.
        let requests = painter.renderer.takeImageRequests()
        if !requests.isEmpty { images?.request(requests, scale: painter.renderer.scale.factor) }
    }

    private func fail(_ error: AppError) {
        if failure == nil { failure = error }
        stop()
    }
}
