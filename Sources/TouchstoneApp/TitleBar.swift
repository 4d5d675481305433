import NodeCore
import Render
import WaylandClient

/// The title bar a window draws itself where the compositor draws none (docs/wayland.md
/// "Decorations"): a tree of its own, apart from the scene's (whose coordinates, hit
/// testing and overlay it leaves alone), with the window's title and a close button that
/// is a real `ButtonNode`; pressing elsewhere and dragging moves the window, with the
/// pointer or a finger, and a double-click or double-tap maximizes it.
final class TitleBar {
    /// What the bar asks of its window (`ToplevelWindow`, or a test's stand-in).

    /// Height in points: a comfortable target for a finger.
    static let height = 32
    /// The close button's width in points (its height is the bar's).
    static let closeButtonWidth = 44.0
    static let backgroundColor = Color(red: 235, green: 235, blue: 235)
    static let closeHighlightColor = Color(red: 224, green: 27, blue: 36)

    /// The title bar's own tree: `root` shows the title, `closeButton` sits at its right end.
    let window: NodeCore.Window
    let closeButton: ButtonNode
    private let dispatcher: InputDispatcher
    private unowned let surface: any TitleBarHost
    private var renderer: Renderer?
    private var canvases = CanvasCache()
    private var gesture = TitleBarGesture()
    /// The finger the gesture follows (the first down on the bar away from the button).
    private var gestureFinger: Int?
    /// The frame the bar's tree takes, on its clock (its storage reused frame to frame).
    private var frame = TouchFrame()

    init(title: String, surface: any TitleBarHost) {
        let root = Node(name: "title-bar", frame: Rect(x: 0, y: 0, width: 1, height: Double(Self.height)))
        root.label = title
        root.labelColor = Color(red: 40, green: 40, blue: 40)
        closeButton = ButtonNode(name: "close", frame: .zero)
        closeButton.label = "×"
        closeButton.highlightedColor = Self.closeHighlightColor
        root.addSubnode(closeButton)
        window = NodeCore.Window(root: root, size: root.frame.size)
        dispatcher = InputDispatcher(window: window)
        self.surface = surface
        closeButton.addAction(for: .primaryActionTriggered) { [unowned surface] _, _ in surface.requestClose() }
    }

    /// The bar appeared or changed size or scale (`size`), or went away (nil).
    func resize(to size: Size?, scale: SurfaceScale) {
        guard let size else {
            renderer = nil
            canvases.removeAll()
            dispatcher.cancelTouches(at: window.clock.now)
            gesture.cancel()
            return
        }
        let points = size
        window.size = points
        window.root.frame = Rect(origin: .zero, size: points)
        closeButton.frame = Rect(x: max(0, points.width - Self.closeButtonWidth), y: 0,
                                 width: min(points.width, Self.closeButtonWidth), height: points.height)
        let wanted = FramePainter.rendererScale(for: scale)
        if renderer?.scale != wanted {
            // `Renderer.init` throws only for a scale outside `Renderer.supportedScales`, which
            // `rendererScale(for:)` clamps into: no error is dropped here.
            renderer = try? Renderer(window: window, background: Self.backgroundColor, scale: wanted)
            // The title is in the first frame too (the content's renderer writes the store).
            renderer?.storesFirstFrameText = true
        }
        canvases.removeAll()
        _ = window.takeInvalidations()
    }

    func paint(_ context: PaintContext) {
        guard let renderer, let canvas = canvases.canvas(for: context.buffer) else { return }
        renderer.renderFull(into: canvas)
    }

    /// A seat frame on the bar: the gesture follows its finger, then the bar's tree takes the
    /// frame whole, unless the gesture hands the finger to the compositor first (a move).
    func handle(_ batch: TouchBatch) {
        let now = window.clock.now
        guard !batch.frame.isCancel else {
            dispatcher.handle(batch.frame, at: now)
            gesture.cancel()
            gestureFinger = nil
            return finish()
        }
        frame.changes.removeAll(keepingCapacity: true)
        for var change in batch.frame.changes {
            let time = max(change.time, now), location = change.location
            change.time = time
            frame.changes.append(change)
            switch change.phase {
            case .began:
                if gestureFinger == nil, !closeButton.frame.contains(location) {
                    gestureFinger = change.id
                    if gesture.down(at: location, time: time) == .toggleMaximized { surface.toggleMaximized() }
                }
            case .moved:
                if change.id == gestureFinger, gesture.moved(to: location) == .move {
                    // The compositor takes the finger over: nothing more arrives about it here,
                    // and the bar's tree sees none of this frame.
                    dispatcher.cancelTouches(at: time)
                    gestureFinger = nil
                    surface.beginMove(touch: true)
                    return finish()
                }
            case .ended:
                if change.id == gestureFinger {
                    gesture.up(time: time)
                    gestureFinger = nil
                }
            case .stationary, .cancelled:
                break
            }
        }
        dispatcher.handle(frame, at: frame.changes.last?.time ?? now)
        finish()
    }

    func handle(_ batch: PointerBatch) {
        for event in batch.events {
            let time = max(Double(event.time), window.clock.now)
            let location = event.location
            switch event.action {
            case .enter, .motion:
                dispatcher.handle(.pointerMotion(location: location), at: time)
                if gesture.isPressed, gesture.moved(to: location) == .move {
                    dispatcher.handle(.pointerLeave, at: window.clock.now)
                    surface.beginMove(touch: false)
                }
            case .leave:
                dispatcher.handle(.pointerLeave, at: window.clock.now)
                gesture.cancel()
            case let .button(code, pressed):
                guard PointerButton(evdevCode: code) == .left else { continue }
                dispatcher.handle(.pointerButton(.left, pressed: pressed), at: time)
                if pressed, !closeButton.frame.contains(location) {
                    if gesture.down(at: location, time: time) == .toggleMaximized { surface.toggleMaximized() }
                } else if !pressed {
                    gesture.up(time: time)
                }
            case .axis, .axisStop:
                break
            }
        }
        finish()
    }

    /// What the input changed on the bar (the button's highlight) is shown in the next frame.
    private func finish() {
        if !window.takeInvalidations().isEmpty { surface.setTitleBarNeedsDisplay() }
    }
}

/// The window requests a title bar makes (`ToplevelWindow` implements them).
protocol TitleBarHost: AnyObject {
    func beginMove(touch: Bool)
    func toggleMaximized()
    func requestClose()
    func setTitleBarNeedsDisplay()
}

extension ToplevelWindow: TitleBarHost {}
