import AuditFormat
import Foundation
import NodeCore
import Render
import Testing

/// The rendering example of docs/library.md, kept compiling and true.
@Suite struct ReadmeRenderingExampleTests {
    @Test func highlightDamagesOnlyTheButtonAndThePNGIsWritten() throws {
        let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let play = ButtonNode(name: "play", frame: Rect(x: 130, y: 80, width: 60, height: 40))
        play.hitTestSlop = EdgeInsets(all: -20)
        root.addSubnode(play)
        let window = Window(root: root, size: Size(width: 320, height: 200))

        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 640 * 4 * 400, alignment: 64)
        defer { pixels.deallocate() }
        let renderer = try Renderer(window: window, background: .white, scale: 2)
        let canvas = try Canvas(wrapping: pixels, width: 640, height: 400, stride: 640 * 4)
        renderer.renderFull(into: canvas)
        play.isHighlighted = true
        let damage = renderer.takeDamage()
        #expect(damage == [PixelRect(x: 260, y: 160, width: 120, height: 80)])
        renderer.render(damage: damage, into: canvas)
        window.showsTappableAreas = true
        #expect(renderer.takeDamage() == [PixelRect(x: 0, y: 0, width: 640, height: 400)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchstone-readme-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try renderer.renderImage().writePNG(to: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(AuditTableFormatter.format(Audit.run(window: window)).hasSuffix("no findings\n"))
    }
}
