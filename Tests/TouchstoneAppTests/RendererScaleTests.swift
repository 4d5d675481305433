import Render
import Testing
import WaylandClient
@testable import TouchstoneApp

/// `FramePainter.resize` makes its renderer with `try?`: a scale the renderer cannot paint
/// would silently keep the old one. Every surface scale a compositor can send must map to
/// a scale the renderer accepts, so nothing is ever dropped there.
@Suite struct RendererScaleTests {
    static let surfaceScales: [SurfaceScale] =
        [.integer(1), .integer(2), .integer(3), .integer(5), .integer(64), .integer(Int32.max)]
        + [1, 29, 30, 90, 120, 150, 180, 479, 480, 481, 1200, UInt32.max].map { SurfaceScale.fractional(scale120: $0) }

    @Test(arguments: surfaceScales)
    func resizeGivesTheRendererTheClampedScaleOfAnySurfaceScale(_ scale: SurfaceScale) throws {
        let window = NodeCore.Window(root: Node(name: "root", frame: Rect(x: 0, y: 0, width: 40, height: 30)),
                                     size: Size(width: 40, height: 30))
        let painter = try FramePainter(window: window, background: .white) { _ in }
        // Start from a scale other than the wanted one, so a failed renderer would show.
        let wanted = FramePainter.rendererScale(for: scale)
        painter.resize(to: Size(width: 40, height: 30), scale: wanted == 1 ? .integer(2) : .integer(1))
        painter.resize(to: Size(width: 40, height: 30), scale: scale)
        #expect(Renderer.supportedScales.contains(wanted))
        #expect(painter.renderer.scale == wanted)
    }
}
