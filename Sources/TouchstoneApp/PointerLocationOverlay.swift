import NodeCore
import Render
import DiagnosticsPainting
import TouchDiagnostics
import WaylandClient

/// The live pointer-location HUD and touch inspector (`p`, `c`,
/// `AppOptions.showsPointerLocation`): fed every seat event and contact shape, repainted
/// from the damage `PointerLocationPainter` computes, once per frame whatever the input rate.
final class PointerLocationOverlay: UnderlaidOverlay {
    private let window: NodeCore.Window
    private var model = PointerLocation()
    private let painter = PointerLocationPainter()
    /// The inspector's items as the latest `takeDamage` found them, painted until the next.
    private var items: [TouchInspector.Item] = []
    var isEnabled = false
    /// Whether the window shows the crosshairs in subsurfaces (`ToplevelWindow.showsLines`),
    /// so the frames leave them out; set before each `takeDamage` (behaviour.md §13).
    var crosshairsInSubsurfaces: Bool {
        get { painter.crosshairsShownElsewhere }
        set { painter.crosshairsShownElsewhere = newValue }
    }

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
        items = isEnabled ? TouchInspector.items(for: window) : []
        return painter.update(hud: isEnabled ? model : nil, inspector: items, renderer: renderer)
    }

    /// The crosshairs for the window's subsurfaces: none unless the latest `takeDamage` left them
    /// out of the frames.
    func subsurfaceLines(renderer: Renderer) -> [StretchedLine] {
        guard isEnabled, painter.isShowing else { return [] }
        return painter.crosshairLines(hud: model, renderer: renderer).map { line in
            StretchedLine(isVertical: line.isVertical,
                          frame: Rect(x: line.frame.minX.rounded(), y: line.frame.minY.rounded(),
                                      width: line.frame.width.rounded(), height: line.frame.height.rounded()),
                          across: line.across, skip: line.skip)
        }
    }

    var underlayDamage: [PixelRect] { painter.underlayDamage }

    var opaqueCover: [PixelRect] { painter.opaqueCover }

    func paintUnderlay(damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        guard painter.isShowing else { return }
        painter.paintUnderlay(hud: model, inspector: items, damage: damage, renderer: renderer, into: canvas)
    }

    func paint(damage: [PixelRect], renderer: Renderer, into canvas: Canvas) {
        guard painter.isShowing else { return }
        painter.paint(hud: model, inspector: items, damage: damage, renderer: renderer, into: canvas)
    }

    var isBlank: Bool { !isEnabled && !painter.isShowing }
}
