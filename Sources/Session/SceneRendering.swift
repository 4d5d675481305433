import Foundation
import NodeCore
import Render
import TouchDiagnostics

/// The pointer-location HUD and touch inspector as one frame shows them.
public struct PointerLocationOverlay {
    public var hud: PointerLocation
    public var inspector: [TouchInspector.Item]

    public init(hud: PointerLocation, inspector: [TouchInspector.Item]) {
        self.hud = hud
        self.inspector = inspector
    }
}

/// Renders a window to a PNG file for `touchstone render` and `touchstone replay --png`.
public enum SceneRendering {
    /// The buffer scales `--scale` accepts.
    public static let supportedScales = Renderer.supportedScales

    /// Paints `window` (with its overlay switch as it is) over `background` at `scale`,
    /// then `touchMarkers` and the pointer-location HUD over everything, and writes the PNG to `path`. A bad scale is
    /// bad input (status 2); a canvas or file failure is a runtime failure (status 1).
    /// A missing font only warns.
    public static func writePNG(of window: Window, background: Color, scale: RenderScale,
                                touchMarkers: [TouchMarker] = [], pointerLocation: PointerLocationOverlay? = nil,
                                to path: String) throws(CommandFailure) {
        let renderer: Renderer
        do {
            renderer = try Renderer(window: window, background: background, scale: scale)
        } catch {
            throw .badInput(error.description)
        }
        renderer.warningHandler = { message in
            FileHandle.standardError.write(Data("touchstone: \(message)\n".utf8))
        }
        let canvas: Canvas
        do {
            canvas = try renderer.renderImage()
            renderer.paintTouchMarkers(touchMarkers, damage: [canvas.bounds], into: canvas)
            if let pointerLocation {
                let painter = PointerLocationPainter()
                painter.paint(hud: pointerLocation.hud, inspector: pointerLocation.inspector, damage: [canvas.bounds],
                              renderer: renderer, into: canvas)
            }
        } catch {
            throw .runtime("cannot render \(path): \(error)")
        }
        do {
            try canvas.writePNG(to: path)
        } catch {
            throw .runtime(error.description)
        }
    }
}
