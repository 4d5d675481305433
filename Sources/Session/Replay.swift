public import NodeCore
public import Render
public import SceneFormat
import TouchstoneApp
public import TouchDiagnostics

/// Feeds an input script through the same dispatch code as a live session, with
/// no compositor: what CI checks offline is what runs on a device.
public final class Replay {
    public let scene: Scene
    public let window: Window
    public let dispatcher: InputDispatcher
    /// Touch visualization state, toggled by `t` (used when rendering the final frame).
    public private(set) var showsTouches = false
    /// The pointer-location HUD's state (fed every event) and whether it is shown (`p`).
    public private(set) var pointerLocation = PointerLocation()
    public private(set) var showsPointerLocation = false
    /// True once `q` or Escape was pressed; later events are not applied.
    public private(set) var quitRequested = false
    private var currentTime = 0.0
    /// Lays the window out before the first event and whenever something laid out changes.
    private let layout: WindowLayout
    /// Decodes images after each layout, those of rows made after load included.
    private let images: OfflineImages

    /// Builds the window for `scene` and attaches the event-log target to every control.
    /// `showsTouches` is the touch visualization's initial state (the script's `t` keys toggle it).
    /// `recordsInvalidations` keeps the window's damage as a live session does (`Window.recordsInvalidations`).
    /// `size` is the window's (nil: the scene's); the scene is laid out at it before the
    /// first event (behaviour.md §15.1). Images are decoded for `imageScale` (the scale of
    /// the picture the replay ends with) before the first event and after each layout (§17.4).
    public init(scene: Scene, size: Size? = nil, imageScale: Double = 1, showsTappableAreas: Bool = false,
                showsTouches: Bool = false, showsPointerLocation: Bool = false, recordsInvalidations: Bool = false,
                log: @escaping (EventLogEntry) -> Void) {
        self.scene = scene
        self.showsTouches = showsTouches
        self.showsPointerLocation = showsPointerLocation
        images = OfflineImages(scale: imageScale)
        (window, layout) = SceneWindow.make(scene, size: size, images: images)
        window.showsTappableAreas = showsTappableAreas
        // Nothing paints between events: the PNG, if any, is one full paint of the end state.
        window.recordsInvalidations = recordsInvalidations
        // The first layout's frames are not damage for a replay that paints nothing between events.
        if !recordsInvalidations { _ = window.takeInvalidations() }
        dispatcher = InputDispatcher(window: window)
        // Text fields type and place carets as a live window does (behaviour.md §16).
        window.keyTranslator = XKBKeyTranslator()
        window.textFieldMetrics = ShapedTextFieldMetrics()
        EventRecorder.attach(to: scene.root, now: { [unowned self] in currentTime }, sink: log)
        // Time 0 of a replay is when its lists first appear (and may begin a batch fetch).
        window.appear(at: 0)
        dispatcher.onKey = { [unowned self] key, pressed, _ in
            guard pressed, let command = KeyCommand(keyName: key) else { return }
            switch command {
            case .toggleOverlay: window.showsTappableAreas.toggle()
            case .toggleTouches: self.showsTouches.toggle()
            case .quit: quitRequested = true
            case .togglePointerLocation: self.showsPointerLocation.toggle()
            case .clearPaths: pointerLocation.clearPaths()
            }
        }
    }

    /// Applies every event in order (the window's clock advanced to each event's time
    /// first, so delays and animations fire at their exact instants in between), then
    /// any touch batch still waiting for a frame, then runs the clock until nothing is
    /// pending (behaviour.md §9.5). After a quit key nothing more happens, as in
    /// the live session that stopped there.
    public func play(_ events: [TimedInputEvent]) {
        var remaining = events.makeIterator()
        play(containsPaste: events.contains { if case .textPaste = $0.event { true } else { false } }) { remaining.next() }
    }

    /// `play(_:)` with the events taken one at a time from `next` until it gives nil, so a
    /// script streamed from its file is never whole in memory (behaviour.md §8).
    /// `containsPaste`: whether any of them is a `text.paste`. A `next` that throws stops
    /// the replay with its error.
    public func play<Failure: Error>(containsPaste: Bool, _ next: () throws(Failure) -> TimedInputEvent?) throws(Failure) {
        // A recording made with the system clipboard carries its pastes as `text.paste`
        // lines: Ctrl+V then pastes nothing itself (behaviour.md §16.7).
        if containsPaste { window.clipboard = LocalClipboard(pastesOnRequest: false) }
        while let event = try next() {
            guard !quitRequested else { break }
            currentTime = event.time
            // What the last event changed (a label, a hidden node) is laid out before the
            // next one is hit tested, as a live window lays out before the next frame.
            layoutIfNeeded()
            pointerLocation.handle(event.event, at: event.time)
            dispatcher.handle(event)
        }
        dispatcher.finish()
        guard !quitRequested else { return layoutIfNeeded() }
        window.clock.runUntilIdle()
        currentTime = window.clock.now
        layoutIfNeeded()
    }

    /// Lays out what changed since the last pass, if anything did, then decodes the images
    /// that need pixels (rows a fetch or a scroll made, a new size).
    private func layoutIfNeeded() {
        layout.update(window)
        images.decodeNeeded(in: window)
    }

    /// The HUD and inspector to draw when the pointer location is shown; nil when off.
    public var pointerLocationOverlay: PointerLocationOverlay? {
        showsPointerLocation ? PointerLocationOverlay(hud: pointerLocation, inspector: TouchInspector.items(for: window)) : nil
    }

    /// Markers for the touches still down when touch visualization is on; none when off.
    public func touchMarkers(shapes: [TouchID: TouchShape] = [:]) -> [TouchMarker] {
        showsTouches ? TouchMarkers.markers(for: window.activeTouches, shapes: shapes) : []
    }
}
