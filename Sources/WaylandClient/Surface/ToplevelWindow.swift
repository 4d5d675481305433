import Glibc
import MemoryEdges

/// Creating or drawing a window failed.
public enum WindowError: Error, Equatable, CustomStringConvertible {
    case buffer(ShmError)
    /// A request of the window's surfaces was not sent: the object is older than the request.
    case request(ProxyVersionError)

    public var description: String {
        switch self {
        case let .buffer(error): "cannot get a buffer to draw into: \(error)"
        case let .request(error): "cannot update the window: \(error)"
        }
    }
}

/// What a window should look like when first mapped.
public struct WindowConfiguration: Sendable {
    public var title: String
    public var appID: String
    /// Used when the compositor leaves the size to us (configure with 0×0).
    public var size: Size
    public var minimumSize: Size?
    public var fullscreen: Bool
    /// Whether fractional-scale-v1 may be used; a renderer that paints only at integer
    /// scales sets this false and gets integer `wl_surface` buffer scales.
    public var allowsFractionalScale: Bool
    /// The scales the painter supports, in 120ths: what the compositor prefers is clamped
    /// into it (it then scales the buffer itself).
    public var scaleLimits: ClosedRange<Int>
    /// How long the first frame waits for the compositor's preferred fractional scale when
    /// the manager exists but has not said it yet, so the first buffer is painted at the
    /// scale it is shown at rather than once at a guess and at once again.
    public var firstFrameScaleWait: Duration
    /// The height in points of the title bar the window draws itself whenever the compositor
    /// draws no decorations (no `zxdg_decoration_manager_v1`, or it answers `client_side`) and
    /// the window is not fullscreen; nil never draws any. The app paints it (`WindowHandler.window(_:paintTitleBar:)`).
    public var titleBarHeight: Int?

    /// The default `firstFrameScaleWait`.
    public static let defaultFirstFrameScaleWait: Duration = .milliseconds(200)

    public init(title: String, appID: String, size: Size, minimumSize: Size? = nil,
                fullscreen: Bool = false, allowsFractionalScale: Bool = true, scaleLimits: ClosedRange<Int> = 120...480,
                firstFrameScaleWait: Duration = WindowConfiguration.defaultFirstFrameScaleWait, titleBarHeight: Int? = nil) {
        self.title = title
        self.appID = appID
        self.size = size
        self.minimumSize = minimumSize
        self.fullscreen = fullscreen
        self.allowsFractionalScale = allowsFractionalScale
        self.scaleLimits = scaleLimits
        self.firstFrameScaleWait = firstFrameScaleWait
        self.titleBarHeight = titleBarHeight
    }
}

/// One frame to paint: the buffer's pixels and what must be repainted in them.
public struct PaintContext {
    /// The memory of the buffer being drawn: its pixels, which a scrolling buffer can move
    /// by whole rows without copying them (`ShmMemory.shiftRows`).
    public let memory: ShmMemory
    /// Raw ARGB8888 premultiplied pixels of the buffer being drawn (where they are after
    /// any `memory.shiftRows`).
    public var buffer: PixelBufferView { memory.view }
    /// Pixels that must be repainted: changes since the last frame plus whatever this buffer
    /// missed while other buffers were shown. Painting outside it is allowed but wasted.
    public let repaint: DamageRegion
    /// What changed since the latest committed frame (`setNeedsDisplay` since then):
    /// `repaint` is this plus `stale`.
    public let damage: DamageRegion
    /// The part of `repaint` the buffer lacks only because later frames went to other
    /// buffers: it may be copied from `previous` instead of painted.
    public let stale: DamageRegion
    /// The pixels of the latest committed frame when they are in another buffer of the same
    /// size (read only: the compositor may be reading it), else nil: then this buffer already
    /// holds that frame outside `stale`, or is fresh.
    public let previous: PixelBufferView?
    public let scale: SurfaceScale
    public let logicalSize: Size

    package init(memory: ShmMemory, repaint: DamageRegion, damage: DamageRegion, stale: DamageRegion,
                 previous: PixelBufferView?, scale: SurfaceScale, logicalSize: Size) {
        self.memory = memory
        self.repaint = repaint
        self.damage = damage
        self.stale = stale
        self.previous = previous
        self.scale = scale
        self.logicalSize = logicalSize
    }
}

/// An xdg toplevel window on a `wl_surface`, with its buffers, frame pacing and scale.
///
/// Redraws only after `setNeedsDisplay`, at most one frame in flight (one outstanding frame
/// callback); nothing runs while idle.
public final class ToplevelWindow {
    // Strong: the connection keeps only unowned references to windows (dropped in deinit).
    let connection: WaylandConnection
    private let surface: WlSurface
    private let xdgSurface: XdgSurface
    let toplevel: XdgToplevel
    private let decoration: ZxdgToplevelDecorationV1?
    private let fractionalScale: WpFractionalScaleV1?
    private let viewport: WpViewport?
    let pool: ShmBufferPool
    private var idleWorkID: Int?
    /// The work that brings an idle buffer up to the latest frame after a commit went out.
    private var catchUpWorkID: Int?
    /// The one-shot work that makes the first buffer's memory ahead of the first configure.
    private var prepareWorkID: Int?
    /// Title bar and resize border, when the configuration asks for client-side decorations.
    let decorations: ClientDecorations?
    /// Lines shown in subsurfaces over the content (`setLines`); nil without a subcompositor or viewporter.
    let lineSurfaces: LineSubsurfaces?
    /// The lines last asked for, and whether they differ from what the last commit showed.
    private var lines: [StretchedLine] = []
    private var linesDue = false
    let minimumSize: Size?

    private let defaultSize: Size
    /// Current size of the content in points (after the latest acknowledged configure):
    /// what is laid out and painted. Without a title bar and at or above the minimum size it
    /// is the configured size.
    public private(set) var logicalSize: Size
    /// How the content is shown: scaled down when the compositor configured less than the
    /// minimum size (behaviour.md §14).
    public private(set) var fit: ContentFit
    /// The surface's scale (what the compositor asked for); the content's buffer is painted
    /// at `paintScale`.
    public private(set) var scale: SurfaceScale = .integer(1)
    /// The scale the content is painted at: `scale`, or while it is shown scaled down, `scale`
    /// times that factor (`ContentFit.paintScale120`), so it is painted at the pixels it is
    /// shown at rather than shrunk by the compositor (behaviour.md §14). Buffer pixels =
    /// `paintScale.bufferSize(for: logicalSize)`.
    public var paintScale: SurfaceScale {
        guard fit.isScaledDown else { return scale }
        return .fractional(scale120: UInt32(fit.paintScale120(surfaceScale120: scale.scale120)))
    }
    /// True once the first configure was acknowledged (the window may draw).
    public private(set) var isConfigured = false
    /// True while the compositor shows the window fullscreen.
    public private(set) var isFullscreen = false
    /// True while the compositor shows the window maximized.
    public private(set) var isMaximized = false
    /// The title bar's size in points while the window shows one, else nil.
    public var titleBarSize: Size? {
        decorations?.layout?.titleBar.size
    }
    /// Frames committed so far.
    public private(set) var committedFrames = 0
    /// Frame callbacks received so far.
    public private(set) var presentedFrames = 0

    private var pendingSize: Size?
    private var pendingFullscreen = false
    private var pendingMaximized = false
    /// The compositor draws the decorations (it answered `server_side`).
    var serverDecorates: Bool
    /// Whether the bar waits for the compositor to place the mapped window (cage maximizes
    /// only then).
    private var barWait = BarPlacementWait()
    /// The size of the latest configure acknowledged (nil: the client's choice).
    private var configuredSize: Size?
    /// The seat whose press the title bar or border handles now (for move and resize).
    weak var decorationSeat: Seat?
    /// The title bar's height when the window draws one (`WindowConfiguration.titleBarHeight`).
    private let ownTitleBarHeight: Int?
    /// The minimum size the window asks for now (`WindowChrome.minimumSize`).
    private var wantedMinimumSize: Size?
    /// What went out as `set_min_size`, and with which geometry.
    private var minimumSizeRequests = MinimumSizeRequests()
    private var enteredOutputs: Set<UInt32> = []
    private var preferredScale120: UInt32?
    /// The scale and size last given to the compositor (buffer scale, viewport destination).
    private var applied: (scale: SurfaceScale, size: Size, geometry: Rect?)?
    private let scaleLimits: ClosedRange<Int>
    /// Armed until the first preferred fractional scale arrives (or the wait runs out):
    /// no frame is drawn meanwhile.
    private var scaleWait: (timer: TimerSource, sourceID: Int)?
    var needsDisplay = false
    private var pendingDamage = DamageRegion()
    private var frameCallback: WlCallback?

    /// Told of frames to paint, input, size changes and the window's end (`WindowHandler`).
    /// Held weakly: the handler owns the window.
    public weak var handler: (any WindowHandler)?
    /// The editing field's state for input methods, in the content's points (`setTextInput`).
    var textInputState: TextInputState?
    /// A refused request of the window's surfaces, for the handler.
    private lazy var reportRequestError: (ProxyVersionError) -> Void = { [unowned self] error in
        handler?.window(self, failed: .request(error))
    }

    /// Creates the surface and toplevel and performs the initial (buffer-less) commit; the
    /// window draws after the first configure arrives.
    public init(connection: WaylandConnection, configuration: WindowConfiguration) {
        self.connection = connection
        defaultSize = configuration.size
        logicalSize = configuration.size
        fit = ContentFit(available: configuration.size, minimum: nil)
        minimumSize = configuration.minimumSize
        surface = connection.compositor.createSurface()
        xdgSurface = connection.wmBase.getXdgSurface(surface: surface)
        toplevel = xdgSurface.getToplevel()
        pool = ShmBufferPool(shm: connection.shm, scrolling: true)
        viewport = configuration.allowsFractionalScale ? connection.viewporter?.getViewport(surface: surface) : nil
        fractionalScale = viewport == nil ? nil : connection.fractionalScaleManager?.getFractionalScale(surface: surface)
        if let height = configuration.titleBarHeight {
            decorations = ClientDecorations(connection: connection, parent: surface, titleBarHeight: height,
                                            borderWidth: ToplevelWindow.resizeBorderWidth)
        } else {
            decorations = nil
        }
        ownTitleBarHeight = decorations == nil ? nil : configuration.titleBarHeight
        lineSurfaces = LineSubsurfaces(connection: connection, parent: surface)
        serverDecorates = connection.decorationManager != nil
        scaleLimits = configuration.scaleLimits
        /* Until the surface enters an output, the best guess for the first buffer is the
           scale of the outputs there are (exact with one output). */
        scale = SurfaceScale.resolve(preferredScale120: nil, canUseViewport: false,
                                     outputScales: connection.outputs.values.map(\.scale), limits: scaleLimits)
        toplevel.setTitle(title: configuration.title)
        toplevel.setAppId(appId: configuration.appID)
        if configuration.fullscreen { toplevel.setFullscreen(output: nil) }
        /* Decoration must be negotiated before the first commit: creating it once a buffer is
           attached is a protocol error (unconfigured_buffer). */
        if let manager = connection.decorationManager {
            let decoration = manager.getToplevelDecoration(toplevel: toplevel)
            decoration.setMode(mode: .serverSide)
            self.decoration = decoration
            decoration.onEvent = { [unowned self] event in
                switch event {
                // Takes effect with the xdg_surface.configure that follows.
                case let .configure(mode):
                    serverDecorates = mode == .serverSide
                    barWait.declined = mode == .clientSide
                }
            }
        } else {
            decoration = nil
        }
        /* With the initial commit once the outputs' sizes are known (no buffer yet, so nothing
           of the surface is outside its geometry); else with the first buffer, capped at the
           outputs by then: an uncapped minimum would make phoc configure past the screen. */
        if connection.outputs.values.contains(where: { $0.logicalSize != nil }) {
            wantedMinimumSize = chrome(size: nil, fullscreen: configuration.fullscreen, maximized: false).minimumSize
        }
        sendMinimumSize(extent: Size(width: 0, height: 0))
        installHandlers()
        decorations?.onRequestError = reportRequestError
        lineSurfaces?.onRequestError = reportRequestError
        if fractionalScale != nil { startScaleWait(configuration.firstFrameScaleWait) }
        connection.register(self, surfaceID: surface.objectID)
        for extra in [decorations?.titleSurface, decorations?.borderSurface].compactMap({ $0 }) {
            connection.register(self, surfaceID: extra.objectID)
        }
        // The window removes this work in its deinit, so `self` is always alive when it runs.
        idleWorkID = connection.loop.addIdleWork { [me = Unowned(self)] in me.object.drawIfNeeded() }
        catchUpWorkID = connection.loop.addBeforeSleepWork { [me = Unowned(self)] in me.object.workBetweenFrames() }
        /* Once the requests below went out: the first buffer's memory while the compositor
           answers, a chunk at a time until an event waits on libwayland's socket (which the
           display's relay fills as soon as the compositor sends). Events before the configure
           (outputs, seats) stop it for their dispatch only: it goes on before the next sleep. */
        prepareWorkID = connection.loop.addBeforeSleepWork { [me = Unowned(self)] in me.object.prepareFirstBuffer() }
        /* Initial commit without a buffer: asks the compositor for the first configure.
           Attaching a buffer before acking that configure is a protocol error. */
        surface.commit()
    }

    /// The first buffer's memory, a chunk at a time until an event waits on libwayland's socket;
    /// removes itself once the window is configured or the memory is ready.
    private func prepareFirstBuffer() {
        var display = pollfd(fd: connection.display.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard !isConfigured, pool.prepare(size: bufferSize, until: { poll(&display, 1, 0) > 0 }) else {
            if let prepareWorkID { connection.loop.removeBeforeSleepWork(prepareWorkID) }
            prepareWorkID = nil
            return
        }
    }

    deinit {
        if let idleWorkID { connection.loop.removeIdleWork(idleWorkID) }
        if let prepareWorkID { connection.loop.removeBeforeSleepWork(prepareWorkID) }
        if let catchUpWorkID { connection.loop.removeBeforeSleepWork(catchUpWorkID) }
        endScaleWait()
        connection.unregister(surfaceID: surface.objectID)
        for extra in [decorations?.titleSurface, decorations?.borderSurface].compactMap({ $0 }) {
            connection.unregister(surfaceID: extra.objectID)
        }
        /* Role objects before their surface: destroying the xdg_surface while its toplevel
           lives, or the wl_surface before either, is a protocol error. */
        decoration?.destroy()
        fractionalScale?.destroy()
        viewport?.destroy()
        toplevel.destroy()
        xdgSurface.destroy()
        surface.destroy()
    }

    /// The cursor to show when the pointer enters `surface` (an X cursor name); nil over the
    /// resize border, where the edge under the pointer decides (`deliver(_:from:)`).
    func cursorName(entering surface: UInt32) -> String? {
        surface == decorations?.borderSurface?.objectID ? nil : PointerCursor.defaultName
    }
    /// The cursor's buffer scale: the window's scale rounded up, so it is never blurred.
    var cursorScale: Int { Int(scale.factor.rounded(.up)) }

    /// The `wl_surface` object id (matches `TouchBatch.surfaceID`).
    public var surfaceID: UInt32 { surface.objectID }
    /// The width in points of the invisible border around a decorated window that resizes it.
    public static let resizeBorderWidth = 8

    /// Buffer size in pixels for the current size and scale.
    public var bufferSize: PixelSize { paintScale.bufferSize(for: logicalSize) }
    /// A frame was committed and the compositor has not yet said it was presented: the
    /// next frame waits, so work done for it (a layout) can wait too.
    public var isFramePending: Bool { frameCallback != nil }
    /// Buffers alive and buffers held by the compositor, for diagnostics and tests.
    public var bufferCounts: (alive: Int, busy: Int) { (pool.bufferCount, pool.busyCount) }

    public func setTitle(_ title: String) { toplevel.setTitle(title: title) }

    /// Asks for fullscreen (or to leave it); the compositor answers with a configure.
    public func setFullscreen(_ fullscreen: Bool) {
        if fullscreen { toplevel.setFullscreen(output: nil) } else { toplevel.unsetFullscreen() }
    }

    /// Whether lines given to `setLines` show now: subsurfaces and viewports exist, the scale is
    /// an integer one (subsurfaces sit at whole points) and the content is shown unscaled.
    public var showsLines: Bool {
        guard lineSurfaces != nil, case .integer = scale else { return false }
        return !fit.isScaledDown
    }

    /// Shows `lines` over the content from the next commit on (none while `showsLines` is false).
    public func setLines(_ lines: [StretchedLine]) {
        guard lines != self.lines else { return }
        self.lines = lines
        linesDue = true
    }

    /// Schedules a redraw of `region` (buffer pixels), or of everything when nil.
    public func setNeedsDisplay(_ region: DamageRegion? = nil) {
        needsDisplay = true
        pendingDamage.add(region ?? DamageRegion([PixelRect(size: bufferSize)]))
    }

    private func installHandlers() {
        xdgSurface.onEvent = { [unowned self] event in
            switch event {
            case let .configure(serial):
                /* ack_configure first, then the commit that applies it (drawIfNeeded).
                   The size from the toplevel configure that preceded this event is now current. */
                xdgSurface.ackConfigure(serial: serial)
                configuredSize = pendingSize
                isFullscreen = pendingFullscreen
                isMaximized = pendingMaximized
                barWait.configured(committedFrames: committedFrames)
                applyConfigure()
            }
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case let .configure(width, height, states):
                // 0 means "client decides": keep the current (or initial) size.
                pendingSize = width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
                let states = Self.states(states)
                pendingFullscreen = states.contains(XdgToplevel.State.fullscreen.rawValue)
                pendingMaximized = states.contains(XdgToplevel.State.maximized.rawValue)
            case .close:
                requestClose()
            case .configureBounds, .wmCapabilities:
                break
            }
        }
        surface.onEvent = { [unowned self] event in
            switch event {
            case let .enter(output):
                if let id = output?.objectID { enteredOutputs.insert(id) }
                outputsChanged()
            case let .leave(output):
                if let id = output?.objectID { enteredOutputs.remove(id) }
                outputsChanged()
            }
        }
        fractionalScale?.onEvent = { [unowned self] event in
            switch event {
            case let .preferredScale(scale):
                preferredScale120 = scale
                endScaleWait()
                outputsChanged()
            }
        }
    }

    private static func states(_ bytes: [UInt8]) -> [UInt32] {
        // The array holds native-endian uint32 values.
        bytes.withUnsafeBytes { raw in
            (0 ..< raw.count / 4).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }

    /// What a configure of `size` in these states means for the title bar and the minimum size.
    private func chrome(size: Size?, fullscreen: Bool, maximized: Bool) -> WindowChrome {
        WindowChrome(configuredSize: size, fullscreen: fullscreen, maximized: maximized,
                     outputs: connection.outputs.values.compactMap(\.logicalSize), titleBarHeight: ownTitleBarHeight,
                     serverDecorates: serverDecorates, contentMinimum: minimumSize,
                     awaitingPlacement: barWait.isWaiting)
    }

    /// Sends `set_min_size` when the compositor does not hold the wanted minimum for a commit
    /// whose surface exceeds its window geometry by `extent` (`MinimumSizeRequests`).
    private func sendMinimumSize(extent: Size) {
        guard let size = minimumSizeRequests.request(wantedMinimumSize, extent: extent) else { return }
        toplevel.setMinSize(width: Int32(size.width), height: Int32(size.height))
    }

    /// Applies the latest acknowledged configure (or, once the first frame is shown, decides
    /// the bar that waited for it): size, fit, decorations and minimum size.
    private func applyConfigure() {
        let chrome = chrome(size: configuredSize, fullscreen: isFullscreen, maximized: isMaximized)
        let titleBarHeight = chrome.titleBarHeight
        let minimumChanged = chrome.minimumSize != nil && chrome.minimumSize != wantedMinimumSize
        wantedMinimumSize = chrome.minimumSize
        // The configured size is the window geometry's: the title bar's height is not the content's.
        let available = configuredSize.map { Size(width: $0.width, height: $0.height - Double(titleBarHeight)) }
            ?? (isConfigured ? fit.displayedSize : defaultSize)
        let newFit = ContentFit(available: available, minimum: minimumSize, canScale: viewport != nil)
        let paintScaleBefore = paintScale
        var changed = !isConfigured || newFit.logicalSize != logicalSize
        let shownChanged = newFit != fit
        logicalSize = newFit.logicalSize
        fit = newFit
        changed = changed || paintScale != paintScaleBefore
        isConfigured = true
        let barBefore = titleBarSize
        updateDecorations(titleBarHeight: titleBarHeight)
        /* xdg-shell lets an ack_configure wait for the client's next commit, so a configure
           that changes nothing drawn (only the activated state, say) costs no frame. Tests
           rely on this: a mapped, idle client commits nothing until its content changes. */
        if changed {
            needsDisplay = true
            pendingDamage.add(PixelRect(size: bufferSize))
            handler?.window(self, resizedTo: logicalSize, scale: paintScale)
        } else if shownChanged || titleBarSize != barBefore || minimumChanged {
            // Same content, shown at another size or with(out) the bar: a commit with the new
            // viewport, geometry or minimum size.
            needsDisplay = true
        }
    }

    func outputsChanged() {
        // Before the surface is on any output, every output's scale (see init).
        let scales = enteredOutputs.isEmpty ? connection.outputs.values.map(\.scale)
            : enteredOutputs.compactMap { connection.output(withID: $0)?.scale }
        let newScale = SurfaceScale.resolve(preferredScale120: preferredScale120, canUseViewport: viewport != nil,
                                            outputScales: scales, limits: scaleLimits)
        guard newScale != scale else { return }
        scale = newScale
        if isConfigured {
            setNeedsDisplay()
            handler?.window(self, resizedTo: logicalSize, scale: paintScale)
            if let decorations, decorations.layout != nil {
                decorations.needsDisplay = true
                handler?.window(self, titleBarChangedTo: titleBarSize, scale: scale)
            }
        }
    }

    /// Draws a frame if one is due: configured, something changed, no frame in flight and a
    /// buffer free. Called by the event loop after each dispatch.
    func drawIfNeeded() {
        let titleBarDue = decorations?.needsDisplay ?? false
        guard isConfigured, needsDisplay || titleBarDue || linesDue, frameCallback == nil, scaleWait == nil else { return }
        let size = bufferSize
        var content: FrameBuffer?
        do throws(ShmError) {
            if needsDisplay {
                // All buffers busy: wl_buffer.release will come; the loop calls us again then.
                guard let acquired = try pool.acquire(size: size, damage: pendingDamage) else { return }
                content = FrameBuffer(id: acquired.id, storage: acquired.storage, repaint: acquired.repaint,
                                      stale: acquired.stale, previous: acquired.previous,
                                      damage: pendingDamage.clipped(to: PixelRect(size: size)))
            }
            // The title bar's commit is applied with the content's commit below.
            if let decorations, titleBarDue {
                guard try decorations.drawIfNeeded(scale: scale, paint: { handler?.window(self, paintTitleBar: $0) }) || content != nil || linesDue
                else { return }
            }
        } catch {
            needsDisplay = false
            decorations?.needsDisplay = false
            handler?.window(self, failed: .buffer(error))
            return
        }
        commitFrame(content, size: size)
        committedFrames += 1
        if committedFrames == 1 { connection.firstFrameCommitted(cursorScale: cursorScale) }
        handler?.windowCommitted(self)
        needsDisplay = false
        // Emptied in its own storage, which the frame's copies no longer share.
        content = nil
        pendingDamage.removeAll()
    }

    /// Paints `content` (nil: a commit of the title bar or the lines alone), then attaches it,
    /// asks for the frame callback and commits. `content` is a parameter, so it is read in
    /// place rather than copied out of a variable at each use.
    private func commitFrame(_ content: FrameBuffer?, size: PixelSize) {
        if let content {
            handler?.window(self, paint: PaintContext(memory: content.storage.memory, repaint: content.repaint,
                                                      damage: content.damage, stale: content.stale,
                                                      previous: content.previous?.view, scale: paintScale,
                                                      logicalSize: logicalSize))
        }
        applySurfaceState()
        /* Request the frame callback before the commit it belongs to: it fires when the
           content of that commit is presented, which paces the next redraw. */
        let callback = surface.frame()
        callback.onEvent = frameDone
        frameCallback = callback
        if let content {
            surface.attach(buffer: content.storage.buffer, x: 0, y: 0)
            for rect in (content.damage.isEmpty ? DamageRegion([PixelRect(size: size)]) : content.damage).rects {
                surface.damageBuffer(rect, reportingTo: reportRequestError)
            }
        }
        // The lines as the frame's paint left them; their subsurfaces are synchronized.
        if linesDue, let lineSurfaces {
            if case let .integer(n) = scale, showsLines { lineSurfaces.apply(lines, scale: n) } else { lineSurfaces.apply([], scale: 1) }
            linesDue = false
        }
        // attach + damage + scale/viewport state all take effect atomically with this commit.
        surface.commit()
        if let content { pool.submitted(id: content.id, damage: content.damage) }
    }

    /// The buffer a frame paints and what it repaints, as plain values: an optional of the
    /// chain's generic `Acquired` is copied through runtime metadata (value witnesses).
    private struct FrameBuffer {
        let id: Int
        let storage: ShmBuffer
        let repaint: DamageRegion
        let stale: DamageRegion
        let previous: ShmBuffer?
        /// What changed since the latest committed frame, within the buffer.
        let damage: DamageRegion
    }

    /// The handler of every frame callback, made once. The window holds the callback
    /// (`frameCallback`), so the callback cannot outlive the window.
    private lazy var frameDone: (WlCallback.Event) -> Void = { [me = Unowned(self)] event in me.object.handleFrameDone(event) }

    private func handleFrameDone(_ event: WlCallback.Event) {
        switch event {
        case let .done(time):
            frameCallback = nil
            presentedFrames += 1
            // A frame shown while the bar waits: no configure placed the window, it stays as it is.
            if barWait.framePresented() { applyConfigure() }
            handler?.window(self, presentedFrameAt: time)
        }
    }

    /// Tells the compositor how buffer pixels map to the surface when the scale or the size
    /// changed: an integer buffer scale, or buffer scale 1 and a viewport whose destination
    /// is the logical size (fractional-scale-v1). Takes effect with the next commit.
    private func applySurfaceState() {
        let shown = fit.displayedSize
        let geometry = decorations?.layout?.windowGeometry ?? Rect(origin: .zero, size: shown)
        sendMinimumSize(extent: Size(width: shown.width - geometry.width, height: shown.height - geometry.height))
        if let applied, applied.scale == scale, applied.size == shown, applied.geometry == decorations?.layout?.windowGeometry {
            return
        }
        let bufferScale: Int32
        switch scale {
        case .integer where fit.isScaledDown:
            // Painted at the shown pixels (`paintScale`), shown through the viewport at the space's size.
            bufferScale = 1
            viewport?.setDestination(width: Int32(shown.width), height: Int32(shown.height))
        case let .integer(n):
            bufferScale = n
            viewport?.setDestination(width: -1, height: -1)
        case .fractional:
            bufferScale = 1
            viewport?.setDestination(width: Int32(shown.width), height: Int32(shown.height))
        }
        surface.setBufferScale(bufferScale, reportingTo: reportRequestError)
        // Without the bar the geometry is the content: no offset a compositor may ignore (cage).
        if decorations != nil {
            xdgSurface.setWindowGeometry(x: Int32(geometry.minX), y: Int32(geometry.minY),
                                         width: Int32(geometry.width), height: Int32(geometry.height))
        }
        applied = (scale, shown, decorations?.layout?.windowGeometry)
    }

    /// Holds the first frame back until the preferred scale arrives, at most `wait`.
    private func startScaleWait(_ wait: Duration) {
        // Without a timer (no descriptor left) the first frame does not wait: drawn at a guess.
        guard wait > .zero, let timer = try? TimerSource() else { return }
        timer.arm(after: wait)
        // The window removes this source in its deinit, so `self` is alive when it runs.
        let id = connection.loop.addSource(fd: timer.fd) { [me = Unowned(self)] in me.object.endScaleWait() }
        scaleWait = (timer, id)
    }

    private func endScaleWait() {
        guard let wait = scaleWait else { return }
        connection.loop.removeSource(wait.sourceID)
        scaleWait = nil
    }
}
