import MemoryEdges

/// Setting up a connection failed.
public enum ConnectionError: Error, Equatable, CustomStringConvertible {
    case connect(DisplayConnectError)
    case display(DisplayError)
    case registry(RegistryError)

    public var description: String {
        switch self {
        case let .connect(error): "\(error)"
        case let .display(error): "\(error)"
        case let .registry(error): "\(error)"
        }
    }
}

/// A live compositor connection: the display, its event loop and the bound globals
/// (compositor, shm, xdg_wm_base, and optional decoration / viewporter / fractional scale),
/// plus outputs and seats as they come and go.
public final class WaylandConnection {
    public let display: WaylandDisplay
    public let registry: Registry
    public let loop: EventLoop
    let compositor: WlCompositor
    let shm: WlShm
    let wmBase: XdgWmBase
    let decorationManager: ZxdgDecorationManagerV1?
    let viewporter: WpViewporter?
    let fractionalScaleManager: WpFractionalScaleManagerV1?
    /// For client-side decorations' subsurfaces.
    let subcompositor: WlSubcompositor?
    /// Input methods and on-screen keyboards (behaviour.md §16); weston 10 offers none.
    let textInputManager: ZwpTextInputManagerV3?

    /// Outputs by registry name.
    public private(set) var outputs: [UInt32: Output] = [:]
    /// Seats by registry name.
    public private(set) var seats: [UInt32: Seat] = [:]
    /// Mapped windows by surface id. Each window unregisters in its deinit, so the
    /// references never dangle and input routing costs no weak-reference load.
    private var windows: [(surfaceID: UInt32, window: Unowned<ToplevelWindow>)] = []

    /// Versions bound: `interface → version`, for logs and docs.
    public private(set) var boundVersions: [String: UInt32] = [:]

    /// Connects (see `WaylandDisplay.init`) and binds the globals this module needs. With
    /// `awaitsInitialState` a second round trip fills in outputs and seats before it returns;
    /// without it their state arrives with the first events read, before any configure (one
    /// round trip less to a first frame).
    public init(displayName: String? = nil, awaitsInitialState: Bool = true) throws(ConnectionError) {
        do throws(DisplayConnectError) {
            display = try WaylandDisplay(name: displayName)
        } catch {
            throw .connect(error)
        }
        do throws(DisplayError) {
            registry = try Registry(display: display)
        } catch {
            throw .display(error)
        }
        loop = EventLoop(display: display)
        do throws(RegistryError) {
            // damage_buffer needs wl_compositor 4; 5 is the newest in libwayland 1.21.
            compositor = try registry.bind(WlCompositor.self, required: 4, preferred: 5)
            shm = try registry.bind(WlShm.self, required: 1, preferred: 1)
            wmBase = try registry.bind(XdgWmBase.self, required: 1, preferred: 5)
        } catch {
            throw .registry(error)
        }
        decorationManager = registry.bindOptional(ZxdgDecorationManagerV1.self, required: 1, preferred: 1)
        viewporter = registry.bindOptional(WpViewporter.self, required: 1, preferred: 1)
        fractionalScaleManager = registry.bindOptional(WpFractionalScaleManagerV1.self, required: 1, preferred: 1)
        subcompositor = registry.bindOptional(WlSubcompositor.self, required: 1, preferred: 1)
        textInputManager = registry.bindOptional(ZwpTextInputManagerV3.self, required: 1, preferred: 1)
        for proxy in [compositor, shm, wmBase, decorationManager, viewporter, fractionalScaleManager, subcompositor,
                      textInputManager]
            as [WaylandProxy?] {
            if let proxy { boundVersions[String(cString: wl_proxy_get_class(proxy.proxy))] = proxy.version }
        }

        wmBase.onEvent = { [unowned self] event in
            switch event {
            // A client that does not answer pings is declared unresponsive.
            case let .ping(serial): wmBase.pong(serial: serial)
            }
        }
        for global in registry.globals.values { globalAdded(global) }
        registry.onGlobalAdded = { [unowned self] global in globalAdded(global) }
        registry.onGlobalRemoved = { [unowned self] global in
            if outputs.removeValue(forKey: global.name) != nil { outputsChanged() }
            seats.removeValue(forKey: global.name)
        }
        // Second round trip: outputs and seats bound above send their initial state.
        guard awaitsInitialState else { return }
        do throws(DisplayError) {
            try display.roundtrip(timeout: WaylandDisplay.setupTimeout)
        } catch {
            throw .display(error)
        }
    }

    deinit {
        // The seats' handlers hold the connection unowned, and a seat that goes with it still
        // cancels its touches: they must not reach the connection as it goes (nor after, should
        // someone else hold a seat).
        for seat in seats.values { seat.removeHandlers() }
    }

    private func globalAdded(_ global: GlobalInfo) {
        switch global.interface {
        case WlOutput.interfaceName:
            // scale needs version 2; name needs 4. An older output is left out: its scale is unknown.
            guard let object = try? registry.bind(global, as: WlOutput.self, required: 2, preferred: 4) else { return }
            let output = Output(object: object, globalName: global.name)
            output.onChange = { [unowned self] in outputsChanged() }
            outputs[global.name] = output
            boundVersions[WlOutput.interfaceName] = object.version
        case WlSeat.interfaceName:
            // Every seat version (1 and up) binds: this cannot throw.
            guard let object = try? registry.bind(global, as: WlSeat.self, required: 1, preferred: 8) else { return }
            let seat = Seat(object: object, globalName: global.name, loop: loop, textInputManager: textInputManager)
            routeTextInput(of: seat)
            // The connection owns its seats and clears their handlers in its deinit.
            let me = Unowned(self)
            seat.onTouch = { batch, seat in me.object.window(forSurface: batch.surfaceID)?.deliver(batch, from: seat) }
            seat.onPointer = { batch, seat in me.object.window(forSurface: batch.surfaceID)?.deliver(batch, from: seat) }
            seat.onKey = { event, surface in me.object.window(forSurface: surface)?.deliverKey(event) }
            seat.cursor = PointerCursor(compositor: compositor, shm: shm)
            seat.onPointerEnter = { surface, seat in me.object.pointerEntered(surface, of: seat) }
            seats[global.name] = seat
            boundVersions[WlSeat.interfaceName] = object.version
        default:
            break
        }
    }

    /// Shows the cursor of the window under the pointer that entered `surface`.
    private func pointerEntered(_ surface: UInt32, of seat: Seat) {
        let window = window(forSurface: surface)
        // Over the resize border the enter's own event picks the edge's cursor: one request, not two.
        let name = if let window { window.cursorName(entering: surface) } else { PointerCursor.defaultName }
        guard let name else { return }
        seat.showCursor(name, scale: window?.cursorScale ?? 1)
    }

    /// What waits for a window's first frame, done once the loop is about to sleep (after the
    /// frame went out): loads the seats' cursor themes for `cursorScale`, so neither the first
    /// frame nor the first enter waits for the disk, and lets the socket relay make its pages.
    func firstFrameCommitted(cursorScale scale: Int) {
        var id = 0
        id = loop.addBeforeSleepWork { [me = Unowned(self)] in
            me.object.loop.removeBeforeSleepWork(id)
            me.object.prepareForFrames(cursorScale: scale)
        }
    }

    private func prepareForFrames(cursorScale scale: Int) {
        for seat in seats.values { seat.cursor?.prepare(scale: scale) }
        display.makeRelayPagesResident()
    }

    private func outputsChanged() {
        for entry in windows { entry.window.object.outputsChanged() }
    }

    func window(forSurface id: UInt32) -> ToplevelWindow? {
        windows.first { $0.surfaceID == id }?.window.object
    }

    func register(_ window: ToplevelWindow, surfaceID: UInt32) {
        unregister(surfaceID: surfaceID)
        windows.append((surfaceID, Unowned(window)))
    }

    func unregister(surfaceID: UInt32) {
        windows.removeAll { $0.surfaceID == surfaceID }
    }

    func output(withID id: UInt32) -> Output? {
        outputs.values.first { $0.objectID == id }
    }
}

import CWaylandClient
