import Foundation
import NodeCore
import Render
import SceneFormat
import WaylandClient

/// What `touchstone run` was asked to do.
public struct RunOptions {
    /// Shown in the window title.
    public var title: String
    /// Event log file; standard output when nil.
    public var eventsPath: String?
    /// Input-script file the session's input is recorded to.
    public var recordPath: String?
    public var showsTappableAreas: Bool
    public var showsTouches: Bool
    public var fullscreen: Bool

    public init(title: String, eventsPath: String? = nil, recordPath: String? = nil,
                showsTappableAreas: Bool = false, showsTouches: Bool = false, fullscreen: Bool = false) {
        self.title = title
        self.eventsPath = eventsPath
        self.recordPath = recordPath
        self.showsTappableAreas = showsTappableAreas
        self.showsTouches = showsTouches
        self.fullscreen = fullscreen
    }
}

/// A scene in a window on a Wayland compositor: seat input → `InputDispatcher` →
/// `Window` dispatch → event log; invalidations → damage → `Renderer` straight into
/// the shm buffer, paced by frame callbacks.
public final class LiveSession {
    /// The application id the toplevel announces.
    public static let appID = "dev.touchstone.Touchstone"

    public let scene: Scene
    public let window: NodeCore.Window
    private let dispatcher: InputDispatcher
    private let connection: WaylandConnection
    private let surface: WaylandClient.Window
    private var renderer: Renderer
    private let log: LineSink
    /// Control events sent since the last `writeOutput`.
    private var pendingEntries: [EventLogEntry] = []
    /// The event-log lines being written, reused so logging allocates nothing per event.
    private var lineBuffer: [UInt8] = []
    private let recorder: InputRecorder?
    private var clock = SeatClock()
    private var touchMarkers = TouchMarkerTracker()
    private var canvases = CanvasCache()
    /// A write failure, reported when the loop stops.
    private var failure: CommandFailure?

    /// Connects to the compositor (WAYLAND_DISPLAY / WAYLAND_SOCKET) and maps a window.
    public init(scene: Scene, options: RunOptions) throws(CommandFailure) {
        self.scene = scene
        log = try options.eventsPath.map { path throws(CommandFailure) in try LineSink(path: path) } ?? LineSink()
        recorder = try options.recordPath.map { path throws(CommandFailure) in InputRecorder(sink: try LineSink(path: path)) }
        do {
            connection = try WaylandConnection()
        } catch {
            throw .runtime(error.description)
        }
        window = scene.makeWindow()
        window.showsTappableAreas = options.showsTappableAreas
        touchMarkers.isEnabled = options.showsTouches
        dispatcher = InputDispatcher(window: window)
        do {
            renderer = try Renderer(window: window, background: scene.background, scale: 1)
        } catch {
            throw .runtime(error.description)
        }
        renderer.warningHandler = { FileHandle.standardError.write(Data("touchstone: \($0)\n".utf8)) }
        surface = WaylandClient.Window(connection: connection, configuration: WindowConfiguration(
            title: options.title, appID: Self.appID,
            size: LogicalSize(width: Int(scene.size.width.rounded(.up)), height: Int(scene.size.height.rounded(.up))),
            fullscreen: options.fullscreen, allowsFractionalScale: false))
        installHandlers()
        attachLog()
    }

    /// Runs until `q`/Escape, the window is closed, or SIGINT/SIGTERM (all clean);
    /// throws a runtime failure (status 1) when the compositor goes away or I/O fails.
    public func run() throws(CommandFailure) {
        do {
            try connection.loop.stopOnTerminationSignals()
            _ = try connection.loop.run()
        } catch {
            throw .runtime("lost the Wayland compositor: \(error)")
        }
        if let failure { throw failure }
    }

    /// The handlers below are held by objects this session alone owns (its Wayland window
    /// and loop), so they never run after it is gone: `unowned(unsafe)` spares the
    /// input path a reference-count check per event.
    private func installHandlers() {
        dispatcher.onKey = { [unowned self] key, pressed, _ in
            guard pressed, let command = KeyCommand(keyName: key) else { return }
            switch command {
            case .toggleOverlay: window.showsTappableAreas.toggle()
            case .toggleTouches: touchMarkers.isEnabled.toggle()
            case .quit: connection.loop.stop(.requested)
            }
        }
        surface.onTouch = { [unowned(unsafe) self] batch in
            var cancelled = false
            var time = 0.0
            for event in batch.events {
                time = clock.milliseconds(event.time)
                let id = Int(event.id)
                let location = Point(x: event.location.x, y: event.location.y)
                switch event.phase {
                case .began:
                    touchMarkers.setShape(of: id, major: event.shape?.major, minor: event.shape?.minor,
                                          orientation: event.orientation)
                    feed(.touchDown(id: id, location: location), at: time)
                case .moved:
                    touchMarkers.setShape(of: id, major: event.shape?.major, minor: event.shape?.minor,
                                          orientation: event.orientation)
                    feed(.touchMotion(id: id, location: location), at: time)
                case .ended:
                    feed(.touchUp(id: id), at: time)
                case .cancelled:
                    cancelled = true
                }
            }
            // The adapter already grouped the batch; the frame (or cancel) closes it here too.
            feed(cancelled ? .touchCancel : .touchFrame, at: time)
            inputDidChange()
        }
        surface.onPointer = { [unowned(unsafe) self] batch in
            for event in batch.events {
                let time = clock.milliseconds(event.time)
                let location = Point(x: event.location.x, y: event.location.y)
                switch event.action {
                case .enter, .motion:
                    feed(.pointerMotion(location: location), at: time)
                case .leave:
                    feed(.pointerLeave, at: time)
                case let .button(code, pressed):
                    guard let button = PointerButton(evdevCode: code) else { continue }
                    feed(.pointerButton(button, pressed: pressed), at: time)
                case .axis, .axisStop:
                    continue
                }
            }
            inputDidChange()
        }
        surface.onKey = { [unowned(unsafe) self] event in
            guard event.state != .repeated, !event.keysymName.isEmpty else { return }
            feed(.key(event.keysymName, pressed: event.state == .pressed), at: clock.milliseconds(event.time))
            inputDidChange()
        }
        surface.onResize = { [unowned self] size, scale in
            // The root is re-laid to the window; its subnodes keep their frames.
            let points = Size(width: Double(size.width), height: Double(size.height))
            window.size = points
            window.root.frame = Rect(origin: window.root.frame.origin, size: points)
            let integerScale = Int(scale.factor.rounded(.up))
            let wanted = min(max(integerScale, Renderer.supportedScales.lowerBound), Renderer.supportedScales.upperBound)
            if wanted != renderer.scale, let resized = try? Renderer(window: window, background: scene.background, scale: wanted) {
                resized.warningHandler = renderer.warningHandler
                renderer = resized
            }
            _ = renderer.takeDamage()  // the window repaints everything after a resize
            canvases.removeAll()  // and into new buffers
        }
        surface.onPaint = { [unowned(unsafe) self] context in
            guard let canvas = canvases.canvas(for: context.buffer) else { return }
            renderer.render(damage: context.repaint.rects, into: canvas)
            touchMarkers.paint(with: renderer, damage: context.repaint.rects, into: canvas)
        }
        surface.onClose = { [unowned self] in connection.loop.stop(.requested) }
    }

    /// Records `event`, then dispatches it.
    private func feed(_ event: InputEvent, at time: Double) {
        recorder?.record(TimedInputEvent(time: time, event: event))
        dispatcher.handle(event, at: time)
    }

    /// Turns what the input changed into damage for the next frame.
    private func inputDidChange() {
        var rects = renderer.takeDamage()
        rects += touchMarkers.update(touches: window.activeTouches, renderer: renderer)
        guard !rects.isEmpty else { return }
        surface.setNeedsDisplay(DamageRegion(rects))
    }

    private func fail(_ error: CommandFailure) {
        if failure == nil { failure = error }
        connection.loop.stop(.requested)
    }

    /// Collects control events for the log as they are sent; `writeOutput` writes them.
    private func attachLog() {
        // The scene is public, so its controls may outlive the session: plain `unowned` here.
        EventRecorder.attach(to: scene.root, now: { [unowned self] in clock.latest }) { [unowned self] entry in
            pendingEntries.append(entry)
        }
        connection.loop.addBeforeSleepWork { [unowned(unsafe) self] in writeOutput() }
    }

    /// Writes the log lines and the recording of this loop iteration. It runs after the
    /// iteration's frame went to the compositor, so logging never delays what is shown;
    /// the loop runs it once more when it stops, so nothing is lost.
    private func writeOutput() {
        do throws(CommandFailure) {
            try recorder?.flush()
            guard !pendingEntries.isEmpty else { return }
            lineBuffer.removeAll(keepingCapacity: true)
            for entry in pendingEntries {
                entry.appendLine(to: &lineBuffer)
                lineBuffer.append(UInt8(ascii: "\n"))
            }
            pendingEntries.removeAll(keepingCapacity: true)
            try log.write(bytes: lineBuffer)
        } catch {
            fail(error)
        }
    }
}

extension PointerButton {
    /// The button for a Linux evdev code (BTN_LEFT 0x110, BTN_RIGHT 0x111, BTN_MIDDLE 0x112).
    init?(evdevCode: UInt32) {
        switch evdevCode {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: return nil
        }
    }
}
