import Foundation
import NodeCore
import SeededRandom
import Testing
@testable import Render

/// Touch markers are rasterized from their layers' outlines cut into trapezoids
/// (`PolygonTrapezoids`); these pin that to the fans and bands of triangles they replaced,
/// pixel for pixel, over random shapes, positions, orientations and scales.
@Suite struct MarkerOutlineTests {
    /// Triangles from `center` to each side of the closed polygon `points` (the old fill and dot).
    private func fan(_ center: FixedPoint, _ points: [FixedPoint]) -> [FixedTriangle] {
        points.indices.map { FixedTriangle(a: center, b: points[$0], c: points[($0 + 1) % points.count]) }
    }

    /// Two triangles per side between two polygons, `inner[i]` facing `outer[i]` (the old ring and halo).
    private func band(_ inner: [FixedPoint], _ outer: [FixedPoint]) -> [FixedTriangle] {
        var triangles: [FixedTriangle] = []
        for i in inner.indices {
            let j = (i + 1) % inner.count
            triangles.append(FixedTriangle(a: inner[i], b: outer[i], c: outer[j]))
            if inner[i] != inner[j] { triangles.append(FixedTriangle(a: inner[i], b: outer[j], c: inner[j])) }
        }
        return triangles
    }

    /// A canvas of random opaque and translucent pixels.
    private func noise(_ width: Int, _ height: Int, _ random: inout SplitMix64) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt32.random(in: 0...255, using: &random)
                var pixel = alpha << 24
                for shift: UInt32 in [16, 8, 0] { pixel |= UInt32.random(in: 0...alpha, using: &random) << shift }
                canvas.setPixel(x: x, y: y, to: pixel)
            }
        }
        return canvas
    }

    /// Scales in 120ths: 1, 1.5 and 2.
    @Test(arguments: [120, 180, 240])
    func layersFromTrapezoidsEqualTheirTriangles(units: Int) throws {
        let scale = RenderScale(units: units)
        var random = SplitMix64(seed: UInt64(units))
        let window = makeWindow(width: 120, height: 120)
        let renderer = try Renderer(window: window, background: .white, scale: scale, labelFont: .none)
        let size = Int((120 * scale.factor).rounded())
        let background = try noise(size, size, &random)
        let colors = [PremultipliedColor(TouchMarkerStyle.fillColor), PremultipliedColor(TouchMarkerStyle.ringColor)]
        for round in 0..<60 {
            // Default circles, contact ellipses from tiny to wide (some with no inside), any angle.
            func radius(_ limit: Double) -> Double { Double.random(in: 0...limit, using: &random) }
            var marker = TouchMarker(center: Point(x: 10 + radius(100), y: 10 + radius(100)), label: "")
            if round % 3 != 0 {
                marker.radiusX = [0, 1, 1.5, 2].randomElement(using: &random)! + radius(round % 2 == 0 ? 3 : 60)
                marker.radiusY = radius(60)
                marker.orientation = radius(720) - 360
            }
            let layout = try #require(renderer.layout(of: marker))
            let center = FixedPoint(x: marker.center.x * scale.factor, y: marker.center.y * scale.factor)
            var reference: [(outline: [[FixedPoint]], triangles: [FixedTriangle])] = [
                (layout.ring, band(layout.ring[0], layout.ring[1])),
                (layout.halo, band(layout.halo[0], layout.halo[1])),
                (layout.dot, fan(center, layout.dot[0])),
            ]
            if let inside = layout.fill.first { reference.append((layout.fill, fan(center, inside))) }
            for (outline, triangles) in reference {
                let color = colors.randomElement(using: &random)!
                let expected = try Canvas(width: size, height: size), actual = try Canvas(width: size, height: size)
                expected.copyPixels(into: background.bounds, from: background, movedBy: 0, dy: 0)
                actual.copyPixels(into: background.bounds, from: background, movedBy: 0, dy: 0)
                expected.surface.fill(triangles, color: color)
                actual.surface.fill(PolygonTrapezoids.trapezoids(of: outline), color: color)
                let wrong = differingPixels(expected, actual)
                #expect(wrong.isEmpty, "\(wrong.count) pixels differ for \(marker) at scale \(scale.factor), first \(wrong.prefix(3))")
            }
        }
    }

    /// Polygons that are not y-monotone take the general sweep: stars, against their fans.
    @Test func starsFromTrapezoidsEqualTheirFans() throws {
        var random = SplitMix64(seed: 14)
        let background = try noise(100, 100, &random)
        for _ in 0..<40 {
            let center = FixedPoint(x: Double.random(in: 30...70, using: &random), y: Double.random(in: 30...70, using: &random))
            let n = Int.random(in: 5...40, using: &random)
            let star = (0..<n).map { i -> FixedPoint in
                let angle = 2 * Double.pi * (Double(i) + Double.random(in: 0..<0.9, using: &random)) / Double(n)
                let r = Double.random(in: 2...28, using: &random)
                return FixedPoint(x: Double(center.x) / 65536 + r * cos(angle), y: Double(center.y) / 65536 + r * sin(angle))
            }
            let color = PremultipliedColor(TouchMarkerStyle.fillColor)
            let expected = try Canvas(width: 100, height: 100), actual = try Canvas(width: 100, height: 100)
            expected.copyPixels(into: background.bounds, from: background, movedBy: 0, dy: 0)
            actual.copyPixels(into: background.bounds, from: background, movedBy: 0, dy: 0)
            expected.surface.fill(fan(center, star), color: color)
            actual.surface.fill(PolygonTrapezoids.trapezoids(of: [star]), color: color)
            #expect(differingPixels(expected, actual).isEmpty, "star \(star)")
        }
    }

    @Test func aSquareWithASquareHoleCoversTheBandBetween() {
        func square(_ low: Double, _ high: Double) -> [FixedPoint] {
            [FixedPoint(x: low, y: low), FixedPoint(x: high, y: low), FixedPoint(x: high, y: high), FixedPoint(x: low, y: high)]
        }
        let traps = PolygonTrapezoids.trapezoids(of: [square(2, 8), square(0, 10)])
        let fixed = { (v: Double) in Int32(v * 65536) }
        // Above the hole, the hole's two sides, below it.
        #expect(traps.map { [$0.top, $0.bottom] } == [[0, 2], [2, 8], [2, 8], [8, 10]].map { $0.map(fixed) })
        #expect(traps[1].left.0.x == fixed(0) && traps[1].right.0.x == fixed(2))
        #expect(traps[2].left.0.x == fixed(8) && traps[2].right.0.x == fixed(10))
        #expect(PolygonTrapezoids.trapezoids(of: [square(3, 3)]).isEmpty)
    }
}
