import NodeCore
import Render
import TouchDiagnostics

/// The live pointer-location HUD and touch inspector (`p`, `c`,
/// `AppOptions.showsPointerLocation`): fed every seat event and contact shape, repainted
/// from the damage `PointerLocationPainter` computes, once per frame whatever the input rate.
final class PointerLocationOverlay: AppOverlay {
    private let window: NodeCore.Window
    private var model = PointerLocation()
    private let painter = PointerLocationPainter()
    var isEnabled = false

    init(window: NodeCore.Window) {
        self.window = window
    }

    func handle(_ event: InputEvent, at time: Double) {
        model.handle(event, at: time)
    }

    func setContact(of id: Int, major: Double?, minor: Double?, orientation: Double?) {
        model.setContact(of: id, major: major, minor: minor, orientation: orientation)
    }

    func clearPaths() { model.clearPaths() }

    func takeDamage(renderer: Renderer) -> [PixelRect] {
        guard isEnabled || painter.isShowing else { return [] }
        return painter.update(hud: isEnabled ? model : nil,
                              inspector: isEnabled ? TouchInspector.items(for: window) : [], renderer: renderer)
    }

    func paint(damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        guard painter.isShowing else { return }
        painter.paint(hud: model, inspector: TouchInspector.items(for: window), damage: damage, renderer: renderer, into: canvas)
    }

    var isBlank: Bool { !isEnabled && !painter.isShowing }
}
