import MemoryEdges

/// One `wl_seat`: creates and drops pointer, touch and keyboard as capabilities come and go,
/// and hands out batched value events in surface-local points.
public final class Seat {
    let object: WlSeat
    /// The registry name of the global (to match `global_remove`).
    public let globalName: UInt32
    /// Seat name (`wl_seat.name`, version 2), e.g. `default`.
    public private(set) var name: String?
    private weak var loop: EventLoop?

    private var pointer: WlPointer?
    private var pointerBatcher = PointerBatcher(sendsFrames: false)
    private var touch: WlTouch?
    /// The touch events, grouped into frames (behaviour.md §3.3).
    private var touchFrames = TouchFrameAssembler()
    /// The surface the touches that are down went down on: the first one's.
    private var touchSurfaceID: UInt32 = 0
    private var keyboard: Keyboard?
    /// The seat's text input, where the compositor offers `zwp_text_input_v3`.
    let textInput: TextInput?

    /// One frame's touches and pointer events, each with this seat, so a handler need not hold it
    /// (it still gets a cancel while the seat goes).
    var onTouch: ((TouchBatch, Seat) -> Void)?
    var onPointer: ((PointerBatch, Seat) -> Void)?
    var onKey: ((KeyEvent, UInt32) -> Void)?
    /// The pointer entered the surface with this id; the handler sets the cursor
    /// (`showCursor`), which the compositor requires after every enter.
    var onPointerEnter: ((UInt32, Seat) -> Void)?
    /// The cursor image; nil shows none of ours.
    var cursor: PointerCursor?
    /// The serial of the pointer's latest enter, while it is over one of our surfaces.
    private var pointerEnterSerial: UInt32?
    /// The cursor set since that enter, so the same one is not set again.
    private var cursorRequests = CursorRequests()
    /// Serials of the latest touch down and pointer button press: what `xdg_toplevel.move`
    /// and `resize` need to name the press they continue.
    private(set) var touchDownSerial: UInt32?
    private(set) var buttonSerial: UInt32?

    /// Capabilities currently present.
    public var hasPointer: Bool { pointer != nil }
    public var hasTouch: Bool { touch != nil }
    public var hasKeyboard: Bool { keyboard != nil }

    init(object: WlSeat, globalName: UInt32, loop: EventLoop, textInputManager: ZwpTextInputManagerV3? = nil) {
        self.object = object
        self.globalName = globalName
        self.loop = loop
        textInput = textInputManager.map { TextInput(object: $0.getTextInput(seat: object)) }
        object.onEvent = { [unowned self] event in
            switch event {
            case let .capabilities(capabilities): update(capabilities)
            case let .name(name): self.name = name
            }
        }
    }

    deinit {
        // Losing the seat cancels touches like losing the capability does.
        deliverTouches(touchFrames.cancel())
    }

    /// Drops the handlers its holder set, its text input's too: they hold the holder unowned.
    func removeHandlers() {
        onTouch = nil
        onPointer = nil
        onKey = nil
        onPointerEnter = nil
        textInput?.onEnter = nil
        textInput?.onLeave = nil
        textInput?.onDone = nil
    }

    private func update(_ capabilities: WlSeat.Capability) {
        if capabilities.contains(.pointer), pointer == nil {
            let pointer = object.getPointer()
            pointerBatcher = PointerBatcher(sendsFrames: pointer.version >= 5)
            // The seat owns its pointer, touch and keyboard objects: they never outlive it.
            pointer.onEvent = { [me = Unowned(self)] event in me.object.handlePointer(event) }
            self.pointer = pointer
        } else if !capabilities.contains(.pointer), let old = pointer {
            if let batch = pointerBatcher.leave() ?? pointerBatcher.frame() { onPointer?(batch, self) }
            pointer = nil
            // Cannot throw at version 3; an older object is destroyed when dropped.
            if old.version >= 3 { try? old.release() }
        }
        if capabilities.contains(.touch), touch == nil {
            let touch = object.getTouch()
            touch.onEvent = { [me = Unowned(self)] event in me.object.handleTouch(event) }
            self.touch = touch
        } else if !capabilities.contains(.touch), let old = touch {
            // Losing touch cancels every active touch, like wl_touch.cancel.
            deliverTouches(touchFrames.cancel())
            touch = nil
            // Cannot throw at version 3; an older object is destroyed when dropped.
            if old.version >= 3 { try? old.release() }
        }
        if capabilities.contains(.keyboard), keyboard == nil, let loop {
            let keyboard = Keyboard(object: object.getKeyboard(), loop: loop)
            keyboard.onKey = { [me = Unowned(self)] event, surface in me.object.onKey?(event, surface) }
            self.keyboard = keyboard
        } else if !capabilities.contains(.keyboard) {
            keyboard = nil
        }
    }

    /// Shows cursor `name` at `scale` while the pointer is over one of our surfaces.
    func showCursor(_ name: String, scale: Int) {
        guard let pointer, let serial = pointerEnterSerial, let cursor,
              cursorRequests.needsRequest(name: name, scale: scale, serial: serial) else { return }
        if !cursor.show(name, scale: scale, serial: serial, on: pointer) { cursorRequests.reset() }
    }

    /// Drops the active touches without telling anyone: the compositor took them over
    /// (`xdg_toplevel.move`) and will send nothing more about them.
    func forgetTouches() {
        _ = touchFrames.cancel()
    }

    private func handleTouch(_ event: WlTouch.Event) {
        var frame: TouchFrame?
        switch event {
        case let .down(serial, time, surface, id, x, y):
            touchDownSerial = serial
            if touchFrames.isIdle { touchSurfaceID = surface?.objectID ?? 0 }
            touchFrames.down(id: Int(id), location: Point(x: x, y: y), time: Double(time))
        case let .up(_, time, id):
            frame = touchFrames.up(id: Int(id), time: Double(time))
        case let .motion(time, id, x, y):
            touchFrames.motion(id: Int(id), location: Point(x: x, y: y), time: Double(time))
        case .frame:
            frame = touchFrames.frame()
        case .cancel:
            frame = touchFrames.cancel()
        case let .shape(id, major, minor):
            touchFrames.shape(id: Int(id), major: major, minor: minor)
        case let .orientation(id, orientation):
            touchFrames.orientation(id: Int(id), degrees: orientation)
        }
        deliverTouches(frame.take())
    }

    /// Hands a frame to `onTouch` with the touches' surface, then takes its storage back (it
    /// is the batch's alone by then, unless the handler kept it), so steady frames allocate nothing.
    private func deliverTouches(_ delivered: consuming TouchFrame?) {
        guard let frame = consume delivered else { return }
        var batch = TouchBatch(frame: consume frame, surfaceID: touchSurfaceID)
        onTouch?(batch, self)
        touchFrames.recycle(&batch.frame)
    }

    private func handlePointer(_ event: WlPointer.Event) {
        var batch: PointerBatch?
        switch event {
        case let .enter(serial, surface, x, y):
            pointerEnterSerial = serial
            onPointerEnter?(surface?.objectID ?? 0, self)
            batch = pointerBatcher.enter(surfaceID: surface?.objectID ?? 0, location: Point(x: x, y: y))
        case .leave:
            pointerEnterSerial = nil
            cursorRequests.reset()
            batch = pointerBatcher.leave()
        case let .motion(time, x, y):
            batch = pointerBatcher.motion(location: Point(x: x, y: y), time: time)
        case let .button(serial, time, button, state):
            if state == .pressed { buttonSerial = serial }
            batch = pointerBatcher.button(code: button, pressed: state == .pressed, time: time)
        case let .axis(time, axis, value):
            guard let axis = PointerEvent.Axis(axis) else { return }
            batch = pointerBatcher.axis(axis, value: value, time: time)
        case let .axisStop(time, axis):
            guard let axis = PointerEvent.Axis(axis) else { return }
            batch = pointerBatcher.axisStop(axis, time: time)
        case let .axisSource(source):
            guard let source = PointerEvent.AxisSource(source) else { return }
            pointerBatcher.axisSource(source)
        case let .axisDiscrete(axis, discrete):
            guard let axis = PointerEvent.Axis(axis) else { return }
            pointerBatcher.axisDiscrete(axis, steps: discrete)
        case let .axisValue120(axis, value120):
            guard let axis = PointerEvent.Axis(axis) else { return }
            pointerBatcher.axisValue120(axis, value120: value120)
        case .frame:
            batch = pointerBatcher.frame()
        }
        if let batch { onPointer?(batch, self) }
    }
}

extension PointerEvent.Axis {
    /// nil for an axis this client does not know (a newer protocol's).
    init?(_ axis: WlPointer.Axis) {
        switch axis {
        case .verticalScroll: self = .vertical
        case .horizontalScroll: self = .horizontal
        default: return nil
        }
    }
}

extension PointerEvent.AxisSource {
    /// nil for a source this client does not know (a newer protocol's).
    init?(_ source: WlPointer.AxisSource) {
        switch source {
        case .wheel: self = .wheel
        case .finger: self = .finger
        case .continuous: self = .continuous
        case .wheelTilt: self = .wheelTilt
        default: return nil
        }
    }
}
