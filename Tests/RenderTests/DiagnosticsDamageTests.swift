import NodeCore
import Testing
import TouchDiagnostics
@testable import Render

/// The HUD, inspector and touch-test grid painted frame by frame with only their damage
/// give, after every frame, exactly the pixels of a full repaint of the same state.
@Suite struct DiagnosticsDamageTests {
    private func steps() -> [(Double, InputEvent)] {
        var events: [(Double, InputEvent)] = [
            (0, .touchDown(id: 1, location: Point(x: 60, y: 50))),
            (0, .touchDown(id: 2, location: Point(x: 150, y: 120))),
            (0, .touchFrame),
        ]
        for i in 1...12 {
            let t = Double(i) * 8
            events.append((t, .touchMotion(id: 1, location: Point(x: 60 + Double(i) * 9.3, y: 50 + Double(i) * 4.1))))
            events.append((t, .touchMotion(id: 2, location: Point(x: 150 - Double(i) * 3.7, y: 120 + Double(i) * 2.2))))
            events.append((t, .touchFrame))
        }
        events += [(110, .touchUp(id: 2)), (110, .touchFrame), (120, .key("c", pressed: true)),
                   (130, .touchDown(id: 2, location: Point(x: 20, y: 180))), (130, .touchFrame),
                   (140, .touchUp(id: 1)), (140, .touchUp(id: 2))]
        return events
    }

    @Test(arguments: [1, 1.5, 2] as [RenderScale])
    func pointerLocationDamageRepaintsExactlyWhatChanged(scale: RenderScale) throws {
        let button = ButtonNode(name: "play", frame: Rect(x: 40, y: 30, width: 80, height: 40))
        button.dragTolerance = 20
        button.backgroundColor = Color(red: 90, green: 200, blue: 250)
        let window = makeWindow(width: 240, height: 200, button)
        let input = InputDispatcher(window: window)
        let renderer = try Renderer(window: window, background: .white, scale: scale)
        let canvas = try renderer.renderImage()
        let painter = PointerLocationPainter()
        var hud = PointerLocation()
        for (t, event) in steps() {
            if case .key = event { hud.clearPaths() } else { hud.handle(event, at: t) }
            input.handle(event, at: t)
            let items = TouchInspector.items(for: window)
            let damage = renderer.takeDamage() + painter.update(hud: hud, inspector: items, renderer: renderer)
            renderer.render(damage: damage, into: canvas)
            painter.paintPaths(hud: hud, damage: damage, renderer: renderer, into: canvas)
            painter.paint(hud: hud, inspector: items, damage: damage, renderer: renderer, into: canvas)

            let full = try renderer.renderImage()
            PointerLocationPainter().paintPaths(hud: hud, damage: [full.bounds], renderer: renderer, into: full)
            PointerLocationPainter().paint(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            #expect(differingPixels(canvas, full).isEmpty, "after \(event) at \(t)")
        }
        // Hiding the HUD damages everything it painted.
        let damage = painter.update(hud: nil, inspector: [], renderer: renderer)
        renderer.render(damage: damage, into: canvas)
        #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty)
    }

    @Test func touchTestDamageRepaintsExactlyTheNewCellsAndTheBar() throws {
        let renderer = try TouchTestPainter.makeRenderer(size: Size(width: 200, height: 150), scale: 1)
        let canvas = try renderer.renderImage()
        let painter = TouchTestPainter()
        var test = TouchTest(size: Size(width: 200, height: 150), cellSize: 20)
        _ = painter.update(counterText: test.counterText, filled: [], grid: test.grid, renderer: renderer)
        painter.paint(grid: test.grid, damage: [canvas.bounds], renderer: renderer, into: canvas)
        for (t, event) in steps() {
            var filled: [(Int, Int)] = []
            test.handle(event, at: t) { filled.append(($0, $1)) }
            let damage = painter.update(counterText: test.counterText, filled: filled, grid: test.grid, renderer: renderer)
            renderer.render(damage: damage, into: canvas)
            painter.paint(grid: test.grid, damage: damage, renderer: renderer, into: canvas)

            let full = try renderer.renderImage()
            painter.paint(grid: test.grid, damage: [full.bounds], renderer: renderer, into: full)
            #expect(differingPixels(canvas, full).isEmpty, "after \(event) at \(t)")
        }
        #expect(test.grid.filledCount > 10)
    }
}
