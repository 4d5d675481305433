import Foundation
import NodeCore
import Render

/// Renders a window to a PNG file for `touchstone render` and `touchstone replay --png`.
public enum SceneRendering {
    /// The buffer scales `--scale` accepts.
    public static let supportedScales = Renderer.supportedScales

    /// Paints `window` (with its overlay switch as it is) over `background` at `scale`,
    /// then `touchMarkers` over everything, and writes the PNG to `path`. A bad scale is
    /// bad input (status 2); a canvas or file failure is a runtime failure (status 1).
    /// A missing font only warns.
    public static func writePNG(of window: Window, background: Color, scale: RenderScale,
                                touchMarkers: [TouchMarker] = [], to path: String) throws(CommandFailure) {
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
