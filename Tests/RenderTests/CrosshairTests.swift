import NodeCore
import SeededRandom
import Testing
@testable import Render
@testable import DiagnosticsPainting

/// The HUD's crosshairs, written row by row into the damage.
@Suite struct CrosshairTests {
    /// At random places (some off the window) and damage, at scales 1, 1.5 and 2: inside the
    /// damage, the vertical band's core columns in the touch's color and the rest in the edge
    /// color, the horizontal band over it likewise with its core rows; outside it, nothing
    /// changed. Bands end at the bar and the window.
    @Test(arguments: [1, 1.5, 2] as [RenderScale])
    func writtenPixelsAreTheBandsEdgeThenTheirCoreLinesWithinTheDamage(scale: RenderScale) throws {
        var random = SplitMix64(seed: 21)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        let renderer = try Renderer(window: makeWindow(width: 60, height: 40), background: .white, scale: scale)
        let painter = PointerLocationPainter()
        for _ in 0 ..< 100 {
            let canvas = try renderer.makeCanvas()
            canvas.fill(Color(red: 10, green: 200, blue: 30))
            let crosshair = try #require(painter.crosshair(Point(x: uniform(-4...64), y: uniform(-4...44)),
                                                           color: Color(red: 255, green: 59, blue: 48), renderer))
            var damage: [PixelRect] = []
            for _ in 0 ..< Int(random.next() % 5) {
                damage.append(PixelRect(x: Int(random.next() % 100) - 10, y: Int(random.next() % 70) - 10,
                                        width: 1 + Int(random.next() % 100), height: 1 + Int(random.next() % 70)))
            }
            if random.next() % 4 == 0 { damage.append(crosshair.vertical) }
            crosshair.paint(within: damage, in: canvas)
            let background = PixelComponents(premultiplying: Color(red: 10, green: 200, blue: 30)).argb
            for y in 0 ..< canvas.height { for x in 0 ..< canvas.width {
                let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                var expected = background
                if damage.contains(where: { $0.contains(pixel) }) {
                    // The horizontal band over the vertical one.
                    if crosshair.horizontal.contains(pixel) {
                        expected = (crosshair.coreRows.minY ..< crosshair.coreRows.maxY).contains(y) ? crosshair.core : crosshair.edge
                    } else if crosshair.vertical.contains(pixel) {
                        expected = (crosshair.coreColumns.minX ..< crosshair.coreColumns.maxX).contains(x) ? crosshair.core
                                                                                                           : crosshair.edge
                    }
                }
                #expect(canvas.pixel(x: x, y: y) == expected, "(\(x), \(y)) with \(damage)")
                if canvas.pixel(x: x, y: y) != expected { return }
            } }
        }
    }
}
