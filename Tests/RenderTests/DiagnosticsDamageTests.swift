import Foundation
import NodeCore
import SeededRandom
import Testing
import TouchDiagnostics
@testable import Render
@testable import DiagnosticsPainting

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
            painter.paintUnderlay(hud: hud, inspector: items, damage: damage, renderer: renderer, into: canvas)
            painter.paint(hud: hud, inspector: items, damage: damage, renderer: renderer, into: canvas)

            let full = try renderer.renderImage()
            PointerLocationPainter().paintUnderlay(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            PointerLocationPainter().paint(hud: hud, inspector: items, damage: [full.bounds], renderer: renderer, into: full)
            #expect(differingPixels(canvas, full).isEmpty, "after \(event) at \(t)")
        }
        // Hiding the HUD damages everything it painted.
        let damage = painter.update(hud: nil, inspector: [], renderer: renderer)
        renderer.render(damage: damage, into: canvas)
        #expect(differingPixels(canvas, try renderer.renderImage()).isEmpty)
    }

    /// Paths hundreds of points long (runs of them passed over where the damage misses
    /// their bounds), crossing themselves, cleared now and then, one reaching far off the
    /// window: painted with only the damage, every frame equals a full repaint.
    @Test(arguments: [1, 1.5] as [RenderScale])
    func longPathsPaintedWithTheirRunsSkippedEqualAFullRepaint(scale: RenderScale) throws {
        var random = SplitMix64(seed: 9)
        let window = makeWindow(width: 240, height: 200)
        let renderer = try Renderer(window: window, background: .white, scale: scale)
        let canvas = try renderer.renderImage()
        let painter = PointerLocationPainter()
        var hud = PointerLocation()
        var location = [Point(x: 60, y: 60), Point(x: 180, y: 140), Point(x: 120, y: 100)]
        for id in 0 ..< 3 { hud.handle(.touchDown(id: id, location: location[id]), at: 0) }
        for frame in 1 ... 400 {
            let t = Double(frame) * 8
            for id in 0 ..< 3 {
                let angle = Double(random.next() % 628) / 100
                var p = Point(x: location[id].x + 9 * cos(angle), y: location[id].y + 9 * sin(angle))
                p = Point(x: min(max(p.x, 10), 230), y: min(max(p.y, 10), 190))
                if id == 2 && frame == 150 { p = Point(x: 5e6, y: 100) }
                location[id] = p
                hud.handle(.touchMotion(id: id, location: p), at: t)
            }
            hud.handle(.touchFrame, at: t)
            if frame % 170 == 0 { hud.clearPaths() }
            let damage = painter.update(hud: hud, inspector: [], renderer: renderer)
            renderer.render(damage: damage, into: canvas)
            painter.paintUnderlay(hud: hud, inspector: [], damage: damage, renderer: renderer, into: canvas)
            painter.paint(hud: hud, inspector: [], damage: damage, renderer: renderer, into: canvas)
            let full = try renderer.renderImage()
            PointerLocationPainter().paintUnderlay(hud: hud, inspector: [], damage: [full.bounds], renderer: renderer, into: full)
            PointerLocationPainter().paint(hud: hud, inspector: [], damage: [full.bounds], renderer: renderer, into: full)
            #expect(differingPixels(canvas, full).isEmpty, "frame \(frame)")
            if !differingPixels(canvas, full).isEmpty { return }
        }
        #expect(hud.touches.allSatisfy { $0.path.count > PathChunks.size })
    }

    /// A run of points far from the damage is passed over, and the long segment from its
    /// last point into the next run, which crosses the damage, is still drawn from there.
    @Test func aSegmentLeavingAPassedOverRunIsDrawnFromItsStart() throws {
        let renderer = try Renderer(window: makeWindow(width: 240, height: 60), background: .white, scale: 1)
        var hud = PointerLocation()
        hud.handle(.touchDown(id: 1, location: Point(x: 20, y: 30)), at: 0)
        for i in 1 ..< PathChunks.size { hud.handle(.touchMotion(id: 1, location: Point(x: 20 + Double(i % 2), y: 30)), at: Double(i)) }
        for i in 0 ... PathChunks.size { hud.handle(.touchMotion(id: 1, location: Point(x: 200 + Double(i % 2), y: 30)), at: 40 + Double(i)) }
        let damage = [PixelRect(x: 105, y: 20, width: 10, height: 20)]
        let canvas = try renderer.renderImage(), full = try renderer.renderImage()
        PointerLocationPainter().paintUnderlay(hud: hud, inspector: [], damage: damage, renderer: renderer, into: canvas)
        PointerLocationPainter().paintUnderlay(hud: hud, inspector: [], damage: [full.bounds], renderer: renderer, into: full)
        #expect(canvas.components(x: 110, y: 30) == PixelComponents(premultiplying: DiagnosticsStyle.color(for: .finger(1))))
        #expect(differingPixels(canvas, full).allSatisfy { !damage[0].contains(PixelRect(x: $0.0, y: $0.1, width: 1, height: 1)) })
    }

    /// Paths are written straight into the canvas's memory: within the damage (cut to the
    /// canvas) they are what a full paint gives, and not one pixel outside it changes — with
    /// segments crossing the window, leaving it on every side, and damage reaching past it.
    @Test(arguments: [1, 1.5, 2] as [RenderScale])
    func pathsWriteOnlyWithinTheirDamage(scale: RenderScale) throws {
        let renderer = try Renderer(window: makeWindow(width: 120, height: 80), background: .white, scale: scale)
        var hud = PointerLocation()
        let corners = [Point(x: -30, y: -20), Point(x: 150, y: 10), Point(x: 60, y: 110), Point(x: -5, y: 40),
                       Point(x: 125, y: 79.5), Point(x: 60, y: 40), Point(x: 60.4, y: 40.2)]
        hud.handle(.touchDown(id: 1, location: corners[0]), at: 0)
        for (i, p) in corners.dropFirst().enumerated() { hud.handle(.touchMotion(id: 1, location: p), at: Double(i + 1)) }
        hud.handle(.touchDown(id: 2, location: Point(x: 100, y: -10)), at: 10)
        hud.handle(.touchMotion(id: 2, location: Point(x: 10, y: 90)), at: 11)
        // In points: reaching past the top-left and bottom-right corners, overlapping, along two edges.
        let damages = [
            [Rect(x: -8, y: -8, width: 30, height: 20), Rect(x: 108, y: 71, width: 40, height: 40)],
            [Rect(x: 30, y: 20, width: 7, height: 50), Rect(x: 33, y: 25, width: 40, height: 6)],
            [Rect(x: 0, y: 0, width: 120, height: 1), Rect(x: 119, y: 0, width: 1, height: 80)],
        ].map { rects in rects.map { PixelRect(snapping: $0, scale: scale) } }
        let full = try renderer.renderImage()
        PointerLocationPainter().paintUnderlay(hud: hud, inspector: [], damage: [full.bounds], renderer: renderer, into: full)
        for damage in damages {
            let canvas = try renderer.renderImage(), untouched = try renderer.renderImage()
            PointerLocationPainter().paintUnderlay(hud: hud, inspector: [], damage: damage, renderer: renderer, into: canvas)
            func inDamage(_ x: Int, _ y: Int) -> Bool { damage.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) } }
            let wrong = differingPixels(canvas, full).filter { inDamage($0.0, $0.1) }
            let strays = differingPixels(canvas, untouched).filter { !inDamage($0.0, $0.1) }
            #expect(wrong.isEmpty, "\(damage): \(wrong.prefix(3))")
            #expect(strays.isEmpty, "\(damage): \(strays.prefix(3))")
            #expect(differingPixels(canvas, untouched).count > 0, "\(damage): the paths cross it")
        }
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
