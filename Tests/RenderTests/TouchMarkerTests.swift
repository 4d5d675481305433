import Foundation
import NodeCore
import Testing
@testable import Render

@Suite struct TouchMarkerTests {
    let ring = PixelComponents(premultiplying: TouchMarkerStyle.ringColor)

    /// A 100 × 100 pt window with a red box in its upper-left quarter, so that
    /// markers paint over more than one color.
    private func scene() -> Window {
        makeWindow(width: 100, height: 100, box("box", 0, 0, 50, 50, red))
    }

    private func renderer(_ window: Window, background: Color = .white, scale: Int = 1,
                          labelFont: LabelFont = .none) throws -> Renderer {
        let r = try Renderer(window: window, background: background, scale: RenderScale(scale), labelFont: labelFont)
        r.warningHandler = { _ in }
        return r
    }

    /// A copy of `canvas`.
    private func copy(_ canvas: Canvas) throws -> Canvas {
        let result = try Canvas(width: canvas.width, height: canvas.height)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width { result.setPixel(x: x, y: y, to: canvas.pixel(x: x, y: y)) }
        }
        return result
    }

    /// The bounding box of the pixels that differ; empty when none do.
    private func changedBounds(_ a: Canvas, _ b: Canvas) -> PixelRect {
        var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (x, y) in differingPixels(a, b) { bounds = bounds.union(PixelRect(x: x, y: y, width: 1, height: 1)) }
        return bounds
    }

    @Test(arguments: [1, 2, 3])
    func ringColorIsAtCenterPlusRadiusOnEachAxis(scale: Int) throws {
        let r = try renderer(scene(), scale: scale)
        let canvas = try r.renderImage()
        r.paintTouchMarkers([TouchMarker(center: Point(x: 50, y: 50), label: "")], damage: [canvas.bounds], into: canvas)
        let radius = Int(TouchMarkerStyle.defaultRadius)
        for (dx, dy) in [(radius, 0), (-radius, 0), (0, radius), (0, -radius)] {
            expectPixel(canvas, (50 + dx) * scale, (50 + dy) * scale, ring, tolerance: 0)
        }
        // The center dot.
        expectPixel(canvas, 50 * scale, 50 * scale, ring, tolerance: 0)
        // Far outside: untouched background.
        expectPixel(canvas, 50 * scale, 90 * scale, opaqueWhite, tolerance: 0)
    }

    @Test(arguments: [1, 2])
    func centerFillIsTranslucentOverTheBackground(scale: Int) throws {
        let background = Color(red: 40, green: 80, blue: 120)
        let r = try renderer(makeWindow(width: 100, height: 100), background: background, scale: scale)
        let canvas = try r.renderImage()
        r.paintTouchMarkers([TouchMarker(center: Point(x: 50, y: 50), label: "")], damage: [canvas.bounds], into: canvas)
        // White at 0.35, premultiplied (89, 89, 89, 89), OVER the opaque background.
        let a = (TouchMarkerStyle.fillColor.alpha * 255).rounded()
        func blend(_ c: UInt8) -> UInt8 { UInt8((a + Double(c) * (255 - a) / 255).rounded()) }
        let expected = argb(255, blend(40), blend(80), blend(120))
        for (x, y) in [(61, 50), (39, 50), (50, 61), (50, 39), (57, 57)] {
            expectPixel(canvas, x * scale, y * scale, expected, tolerance: 2)
        }
        // Translucent: the background shows through (not the fill color alone).
        #expect(canvas.components(x: 61 * scale, y: 50 * scale) != argb(255, 255, 255, 255))
    }

    @Test(arguments: [
        TouchMarker(center: Point(x: 50, y: 50), label: "1"),
        TouchMarker(center: Point(x: 30.3, y: 61.7), radiusX: 9, radiusY: 25, orientation: 33, label: "12"),
        TouchMarker(center: Point(x: 95, y: 4), label: "P"),
        TouchMarker(center: Point(x: 40, y: 40), radiusX: 0, radiusY: 0, orientation: 0, label: ""),
    ], [1, 2])
    func nothingIsPaintedOutsideTheDamageRect(marker: TouchMarker, scale: Int) throws {
        // Gray, so that the white halo changes pixels too.
        let r = try renderer(scene(), background: Color(red: 90, green: 90, blue: 90), scale: scale, labelFont: .default)
        let before = try r.renderImage()
        let after = try copy(before)
        r.paintTouchMarkers([marker], damage: [after.bounds], into: after)
        let rect = r.damageRect(of: marker)
        let changed = changedBounds(before, after)
        #expect(!changed.isEmpty)
        #expect(rect.contains(changed), "changed \(changed) outside damage \(rect)")
        #expect(r.bufferBounds.contains(rect))
        // Tight: at most one pixel of slack on each side.
        let canvasBounds = after.bounds
        #expect(changed.minX - rect.minX <= 1 || rect.minX == canvasBounds.minX)
        #expect(rect.maxX - changed.maxX <= 1 || rect.maxX == canvasBounds.maxX)
        #expect(changed.minY - rect.minY <= 1 || rect.minY == canvasBounds.minY)
        #expect(rect.maxY - changed.maxY <= 1 || rect.maxY == canvasBounds.maxY)
    }

    @Test func damageRectOfAnUnpaintableMarkerIsEmpty() throws {
        let r = try renderer(scene())
        #expect(r.damageRect(of: TouchMarker(center: Point(x: .nan, y: 3), label: "1")).isEmpty)
        #expect(r.damageRect(of: TouchMarker(center: Point(x: 1e12, y: 3), label: "1")).isEmpty)
        #expect(r.damageRect(of: TouchMarker(center: Point(x: -500, y: 50), label: "1")).isEmpty)
    }

    @Test func orientationTurnsTheEllipseClockwise() throws {
        let r = try renderer(makeWindow(width: 100, height: 100))
        let wide = TouchMarker(center: Point(x: 50, y: 50), radiusX: 30, radiusY: 12, orientation: 0, label: "")
        var upright = wide
        upright.orientation = 90

        let flat = try r.renderImage()
        r.paintTouchMarkers([wide], damage: [flat.bounds], into: flat)
        expectPixel(flat, 80, 50, ring, tolerance: 0)
        expectPixel(flat, 20, 50, ring, tolerance: 0)
        expectPixel(flat, 50, 62, ring, tolerance: 0)
        expectPixel(flat, 50, 80, opaqueWhite, tolerance: 0)

        let turned = try r.renderImage()
        r.paintTouchMarkers([upright], damage: [turned.bounds], into: turned)
        // The long axis is vertical: ring at 30 pt above and below, 12 pt left and right.
        expectPixel(turned, 50, 80, ring, tolerance: 0)
        expectPixel(turned, 50, 20, ring, tolerance: 0)
        expectPixel(turned, 62, 50, ring, tolerance: 0)
        expectPixel(turned, 38, 50, ring, tolerance: 0)
        expectPixel(turned, 80, 50, opaqueWhite, tolerance: 0)
        #expect(r.damageRect(of: upright).height > r.damageRect(of: upright).width)
        #expect(r.damageRect(of: wide).width > r.damageRect(of: wide).height)

        // 45° puts the long axis on the diagonal from upper left to lower right.
        var diagonal = wide
        diagonal.orientation = 45
        let slanted = try r.renderImage()
        r.paintTouchMarkers([diagonal], damage: [slanted.bounds], into: slanted)
        expectPixel(slanted, 71, 71, ring, tolerance: 0)
        expectPixel(slanted, 28, 28, ring, tolerance: 0)
        expectPixel(slanted, 71, 28, opaqueWhite, tolerance: 0)
    }

    @Test(arguments: [1, 2])
    func damageLimitedPaintingEqualsFullPaintingInsideAndLeavesTheRestAlone(scale: Int) throws {
        let markers = [
            TouchMarker(center: Point(x: 48, y: 52), label: "1"),
            TouchMarker(center: Point(x: 60.25, y: 30.5), radiusX: 8, radiusY: 20, orientation: 120, label: "2"),
            TouchMarker(center: Point(x: 15, y: 85), label: "P"),
        ]
        let moved = markers.map { m -> TouchMarker in
            var m = m
            m.center.x += 7
            m.center.y -= 5
            return m
        }
        let r = try renderer(scene(), scale: scale, labelFont: .default)
        let full = try r.renderImage()
        r.paintTouchMarkers(markers, damage: [full.bounds], into: full)
        let previous = try r.renderImage()
        r.paintTouchMarkers(moved, damage: [previous.bounds], into: previous)

        // Rects cutting through rings, fills, badges and the scene's edges.
        var rects = markers.map { r.damageRect(of: $0) } + moved.map { r.damageRect(of: $0) }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let size = 100 * scale
        for _ in 0..<12 {
            let x = next(size), y = next(size)
            rects.append(PixelRect(x: x, y: y, width: 1 + next(size - x), height: 1 + next(size - y)))
        }
        for rect in rects {
            let partial = try copy(previous)
            r.render(damage: [rect], into: partial)
            r.paintTouchMarkers(markers, damage: [rect], into: partial)
            var wrong = 0
            for y in 0..<partial.height {
                for x in 0..<partial.width {
                    let inside = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    let expected = inside ? full.pixel(x: x, y: y) : previous.pixel(x: x, y: y)
                    if partial.pixel(x: x, y: y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(wrong) wrong pixels with damage \(rect)")
        }

        // Two damage rects at once, plus one outside the canvas.
        let partial = try copy(previous)
        let damage = [PixelRect(x: 0, y: 0, width: 40 * scale, height: 100 * scale),
                      PixelRect(x: 55 * scale, y: 20 * scale, width: 10 * scale, height: 30 * scale),
                      PixelRect(x: -50, y: -50, width: 20, height: 20)]
        r.render(damage: damage, into: partial)
        r.paintTouchMarkers(markers, damage: damage, into: partial)
        for y in 0..<partial.height {
            for x in 0..<partial.width {
                let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                let inside = damage.contains { $0.contains(pixel) }
                if partial.pixel(x: x, y: y) != (inside ? full.pixel(x: x, y: y) : previous.pixel(x: x, y: y)) {
                    Issue.record("pixel (\(x), \(y)) differs")
                    return
                }
            }
        }
    }

    @Test func markersPaintInArrayOrder() throws {
        let r = try renderer(makeWindow(width: 100, height: 100))
        let canvas = try r.renderImage()
        // The second marker's translucent fill covers the first one's ring at (72, 50).
        r.paintTouchMarkers([TouchMarker(center: Point(x: 50, y: 50), label: ""),
                             TouchMarker(center: Point(x: 83, y: 50), label: "")],
                            damage: [canvas.bounds], into: canvas)
        // White at 0.35 OVER #007AFF.
        expectPixel(canvas, 72, 50, argb(255, 89, 168, 255), tolerance: 2)
    }

    @Test(arguments: [1, 2])
    func labelDrawsGlyphPixelsOnItsBadge(scale: Int) throws {
        let marker = TouchMarker(center: Point(x: 40, y: 60), label: "7")
        let withFont = try renderer(makeWindow(width: 100, height: 100), scale: scale, labelFont: .default)
        let layout = try #require(withFont.layout(of: marker))
        let badge = try #require(layout.badge)
        let canvas = try withFont.renderImage()
        withFont.paintTouchMarkers([marker], damage: [canvas.bounds], into: canvas)

        // The badge sits above and to the right of the ring.
        #expect(badge.minX > 40 * scale && badge.maxY < 60 * scale)
        var text = 0, badgeColor = 0
        for y in badge.minY..<badge.maxY {
            for x in badge.minX..<badge.maxX {
                let c = canvas.components(x: x, y: y)
                if c == ring { badgeColor += 1 } else if c.red > 0 { text += 1 }
            }
        }
        #expect(text > 5 * scale * scale, "\(text) glyph pixels")
        #expect(badgeColor > text)

        // Without a font: no badge, and nothing painted where it was.
        let noFont = try renderer(makeWindow(width: 100, height: 100), scale: scale, labelFont: .none)
        #expect(noFont.layout(of: marker)?.badge == nil)
        let plain = try noFont.renderImage()
        noFont.paintTouchMarkers([marker], damage: [plain.bounds], into: plain)
        expectPixel(plain, badge.minX + badge.width / 2, badge.minY + 1, opaqueWhite, tolerance: 0)
        #expect(withFont.damageRect(of: marker).contains(noFont.damageRect(of: marker)))
        #expect(withFont.damageRect(of: marker) != noFont.damageRect(of: marker))
    }

    @Test func segmentsKeepTheCurveWithinFlatness() {
        #expect(Renderer.segments(forRadius: 0) == 16)
        for radius in [1.0, 5, 22, 66, 300, 3000] {
            let n = Renderer.segments(forRadius: radius)
            #expect(n % 4 == 0 && (16...1024).contains(n))
            if n < 1024 { #expect(radius * (1 - cos(Double.pi / Double(n))) <= TouchMarkerStyle.flatness) }
        }
    }
}
