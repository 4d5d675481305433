public import FileOutput
import JSONOutput
public import NodeCore
public import Render
import DiagnosticsPainting
public import SceneFormat
public import TouchDiagnostics

/// The pointer-location HUD and touch inspector as one frame shows them.
public struct PointerLocationOverlay {
    public var hud: PointerLocation
    public var inspector: [TouchInspector.Item]

    public init(hud: PointerLocation, inspector: [TouchInspector.Item]) {
        self.hud = hud
        self.inspector = inspector
    }
}

/// Why an image could not be made or written.
public enum ImageOutputError: Error, CustomStringConvertible {
    /// No renderer for this scene at this scale: bad input.
    case unrenderable(RenderError)
    /// Painting into the image failed (`path` is the image's file).
    case painting(path: String, any Error)
    /// The PNG file could not be written.
    case file(PNGError)

    public var description: String {
        switch self {
        case let .unrenderable(error): error.description
        case let .painting(path, error): "cannot render \(path): \(error)"
        case let .file(error): error.description
        }
    }
}

/// Renders a window to a PNG file for `touchstone render` and `touchstone replay --png`.
public enum SceneRendering {
    /// The buffer scales `--scale` accepts.
    public static let supportedScales = Renderer.supportedScales

    /// Throws a format error (`FILE:LINE: size`) when `scene` at `scale` needs a larger
    /// canvas than `Canvas` allows; the commands check this before any work.
    public static func requireRenderable(_ scene: Scene, file: String, scale: RenderScale) throws(FormatError) {
        guard let problem = imageProblem(size: scene.size, scale: scale) else { return }
        throw FormatError(file: file, line: scene.sizeLine, key: "size", message: problem)
    }

    /// Why a window of `size` points cannot be an image at `scale` (larger than `Canvas`
    /// allows); nil when it can.
    public static func imageProblem(size: Size, scale: RenderScale) -> String? {
        let pixels = PixelRect(snapping: Rect(origin: .zero, size: size), scale: scale)
        let side = Canvas.maximumDimension, most = Canvas.maximumPixelCount
        guard pixels.width > side || pixels.height > side || pixels.width * pixels.height > most else { return nil }
        return "\(JSONWriting.integral(size.width)) × \(JSONWriting.integral(size.height)) points at scale \(scale) is \(pixels.width) × \(pixels.height) pixels; an image may be at most \(side) pixels a side and \(most) pixels in all"
    }

    /// Paints `window` (with its overlay switch as it is) over `background` at `scale`,
    /// then the pointer-location HUD's paths, `touchMarkers` and the rest of the HUD over
    /// everything, and writes the PNG to `path`. A missing
    /// font only warns.
    public static func writePNG(of window: Window, background: Color, scale: RenderScale,
                                touchMarkers: [TouchMarker] = [], pointerLocation: PointerLocationOverlay? = nil,
                                to path: String) throws(ImageOutputError) {
        let file = try writeUncommittedPNG(of: window, background: background, scale: scale, touchMarkers: touchMarkers,
                                           pointerLocation: pointerLocation, to: path)
        try commit(file)
    }

    /// Puts a PNG of `writeUncommittedPNG` in place.
    public static func commit(_ file: OutputFile) throws(ImageOutputError) {
        do {
            try file.commit()
        } catch {
            throw .file(.writeFailed(path: file.path, reason: error.reason))
        }
    }

    /// Like `writePNG`, but the file replaces `path` only when the caller commits it: a
    /// command with several outputs replaces none until all are written (behaviour.md §8).
    public static func writeUncommittedPNG(of window: Window, background: Color, scale: RenderScale,
                                           touchMarkers: [TouchMarker] = [], pointerLocation: PointerLocationOverlay? = nil,
                                           to path: String) throws(ImageOutputError) -> OutputFile {
        let canvas = try image(of: window, background: background, scale: scale, touchMarkers: touchMarkers,
                               pointerLocation: pointerLocation, name: path)
        return try writeUncommitted(canvas, to: path)
    }

    /// The picture `writePNG` writes, in memory (`touchstone check` compares it); `name`
    /// names the image in a painting error.
    public static func image(of window: Window, background: Color, scale: RenderScale,
                             touchMarkers: [TouchMarker] = [], pointerLocation: PointerLocationOverlay? = nil,
                             name: String) throws(ImageOutputError) -> Canvas {
        let renderer: Renderer
        do {
            renderer = try Renderer(window: window, background: background, scale: scale)
        } catch {
            throw .unrenderable(error)
        }
        renderer.warningHandler = { StandardError.writeLine("touchstone: \($0)") }
        do {
            let canvas = try renderer.renderImage()
            // The HUD's paths and tracking outlines lie under the markers, the rest of it over them
            // (behaviour.md §13).
            let painter = PointerLocationPainter()
            painter.paintUnderlay(hud: pointerLocation?.hud, inspector: pointerLocation?.inspector ?? [],
                                  damage: [canvas.bounds], renderer: renderer, into: canvas)
            renderer.paintTouchMarkers(touchMarkers, damage: [canvas.bounds], into: canvas)
            if let pointerLocation {
                painter.paint(hud: pointerLocation.hud, inspector: pointerLocation.inspector, damage: [canvas.bounds],
                              renderer: renderer, into: canvas)
            }
            return canvas
        } catch {
            throw .painting(path: name, error)
        }
    }

    /// `canvas` as a PNG in a new `OutputFile` for `path`, not yet committed.
    public static func writeUncommitted(_ canvas: Canvas, to path: String) throws(ImageOutputError) -> OutputFile {
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw .file(.writeFailed(path: path, reason: error.reason))
        }
        do {
            try canvas.writePNG(to: file)
        } catch {
            throw .file(error)
        }
        return file
    }
}
